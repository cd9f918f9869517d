/**
 * Given/when/then for deciders, for tests:
 *   given(lotDecider, [consigned]).when(placeBid).thenEvents([...])
 *   given(lotDecider, [consigned]).when(placeBid).thenError('rule_broken', 'Your bid must be at least £10.')
 * Every produced event is also checked to be plain JSON (it survives a JSON round trip unchanged), because
 * that is what the event store keeps. No method is named `then`, so the result is never mistaken for a promise.
 */
import * as assert from 'uvu/assert';
import { fold, type Decider } from './decider';
import type { Workflow } from './workflow';
import { DomainError } from './errors';

type Kind = DomainError['kind'];

interface Outcome<State, Event> {
  /** Asserts the decider produced exactly these events (deep equality). */
  thenEvents(expected: Event[]): void;
  /** Asserts the decider produced no event (an idempotent no-op). */
  thenNothing(): void;
  /** Asserts the decider refused with this kind (and message, exact or pattern); returns the error. */
  thenError(kind: Kind, message?: string | RegExp): DomainError;
  /** The produced events, for partial assertions; fails if the decider threw. */
  events(): Event[];
  /** The state after the history and the produced events. */
  state(): State;
}

interface Given<State, Command, Event> {
  readonly state: State;
  when(command: Command): Outcome<State, Event>;
}

export function given<State, Command, Event>(decider: Decider<State, Command, Event>, history: readonly Event[] = []): Given<State, Command, Event> {
  const before = fold(decider, history);
  return {
    state: before,
    when(command) {
      let produced: Event[] | undefined;
      let error: unknown;
      try {
        produced = decider.decide(command, before);
      } catch (e) {
        error = e;
      }
      const events = (): Event[] => {
        if (produced === undefined) {
          const detail = error instanceof Error ? `${error.constructor.name}: ${error.message}` : String(error);
          assert.unreachable(`expected events, but the decider threw ${detail}`);
          throw error; // unreachable; keeps the type checker sure `produced` is set below
        }
        assert.equal(JSON.parse(JSON.stringify(produced)), produced, 'events must be plain JSON');
        return produced;
      };
      return {
        thenEvents(expected) {
          assert.equal(events(), expected);
        },
        thenNothing() {
          assert.equal(events(), []);
        },
        thenError(kind, message) {
          if (produced !== undefined) assert.unreachable(`expected a ${kind} error, got events ${JSON.stringify(produced)}`);
          if (!(error instanceof DomainError)) throw error;
          assert.is(error.kind, kind, `error kind (message: ${error.message})`);
          if (typeof message === 'string') assert.is(error.message, message);
          else if (message) assert.match(error.message, message);
          return error;
        },
        events,
        state() {
          return events().reduce((state, event) => decider.evolve(state, event), before);
        },
      };
    },
  };
}

interface WorkflowOutcome<Output> {
  /** Asserts the workflow answered exactly these outputs (deep equality). */
  thenOutputs(expected: Output[]): void;
  /** Asserts the workflow answered nothing (the input needs no reaction). */
  thenNothing(): void;
  /** Asserts the workflow refused with this kind (and message, exact or pattern); returns the error. */
  thenError(kind: Kind, message?: string | RegExp): DomainError;
  /** The outputs, for partial assertions; fails if the workflow threw. */
  outputs(): Output[];
}

/**
 * The same for workflows (domain/shared/workflow.ts): the history is folded with `evolve`, the input decided on it.
 *   givenWorkflow(orderSettlement, [placed]).when(paid).thenOutputs([...])
 * Outputs must be plain JSON too: they become commands, and their events are stored.
 */
export function givenWorkflow<State, Input, Output>(workflow: Workflow<State, Input, Output>, history: readonly Input[] = []): { readonly state: State; when(input: Input): WorkflowOutcome<Output> } {
  const before = history.reduce((state, event) => workflow.evolve(state, event), workflow.initialState);
  return {
    state: before,
    when(input) {
      // The workflow's answer checked as a decider's would be: its outputs stand where the events stand.
      const decider: Decider<State, Input, Output> = { initialState: before, evolve: (state) => state, decide: (i, state) => workflow.decide(i, state) };
      const outcome = given(decider).when(input);
      return {
        thenOutputs: outcome.thenEvents,
        thenNothing: outcome.thenNothing,
        thenError: outcome.thenError,
        outputs: outcome.events,
      };
    },
  };
}
