/**
 * A workflow in Emmett's sense: a process that reacts to events with commands for other streams, keeping its own
 * state. Pure like a decider: `decide` answers the commands for one input on the state before it, `evolve` folds
 * every event the workflow is shown (its inputs, and the events its own commands produced). Time, ids and settings
 * arrive in the inputs.
 */
export interface Workflow<State, Input, Output> {
  readonly initialState: State;
  decide(input: Input, state: State): Output[];
  evolve(state: State, event: Input): State;
}

interface WorkflowRun<State, Output> {
  state: State;
  /** Every output, in the order it was decided. */
  outputs: Output[];
}

/**
 * Runs a workflow to its end inside one decision: each event is decided on the state before it, then folded in; each
 * output is carried out at once by `execute`, and the events it produced are handled in their turn, after the events
 * already waiting (so each stream receives its events in the order they were decided).
 */
export function runWorkflow<State, Input, Output>(
  workflow: Workflow<State, Input, Output>, state: State, events: readonly Input[], execute: (output: Output) => readonly Input[],
): WorkflowRun<State, Output> {
  const queue = [...events];
  const outputs: Output[] = [];
  let current = state;
  for (let next = 0; next < queue.length; next++) {
    const event = queue[next]!;
    const decided = workflow.decide(event, current);
    current = workflow.evolve(current, event);
    for (const output of decided) {
      outputs.push(output);
      queue.push(...execute(output));
    }
  }
  return { state: current, outputs };
}
