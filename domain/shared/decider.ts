/**
 * A decider is the pure heart of one aggregate: given the state folded from past events and a command,
 * it answers the new events, or throws a DomainError. No I/O: time, ids and settings arrive in the command.
 */
export interface Decider<State, Command, Event> {
  readonly initialState: State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): Event[];
}

export function fold<State, Event>(decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve'>, events: readonly Event[]): State {
  return events.reduce((state, event) => decider.evolve(state, event), decider.initialState);
}

/** Called in the default branch of every switch over a union so a new member is a compile error. */
export function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
