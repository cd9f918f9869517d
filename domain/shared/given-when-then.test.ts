import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { given } from './given-when-then';
import type { Decider } from './decider';
import { RuleBroken } from './errors';

// A counter that refuses to go above 2, and "emits" a non-JSON event on demand to prove the JSON check.
type Event = { type: 'Incremented'; data: { to: number | Date } };
type Command = { type: 'Increment'; asDate?: boolean };
const counter: Decider<number, Command, Event> = {
  initialState: 0,
  evolve: (n) => n + 1,
  decide: (command, n) => {
    if (n >= 2) throw new RuleBroken('Too many.');
    return [{ type: 'Incremented', data: { to: command.asDate ? new Date(0) : n + 1 } }];
  },
};
const inc: Command = { type: 'Increment' };
const one: Event = { type: 'Incremented', data: { to: 1 } };

/** uvu's assert.throws re-throws assertion failures, so a failing helper is caught by hand. */
function fails(block: () => unknown): void {
  try {
    block();
  } catch {
    return;
  }
  assert.unreachable('expected the helper to fail');
}

test('passes on the expected events, error and state', () => {
  given(counter, []).when(inc).thenEvents([one]);
  given(counter, [one, one]).when(inc).thenError('rule_broken', 'Too many.');
  given(counter, [one, one]).when(inc).thenError('rule_broken', /many/);
  assert.is(given(counter, [one]).when(inc).state(), 2);
  assert.is(given(counter, [one]).state, 1);
});

test('fails on wrong events, wrong error, unexpected success or non-JSON events', () => {
  fails(() => given(counter, []).when(inc).thenEvents([]));
  fails(() => given(counter, []).when(inc).thenNothing());
  fails(() => given(counter, []).when(inc).thenError('rule_broken'));
  fails(() => given(counter, [one, one]).when(inc).thenEvents([one]));
  fails(() => given(counter, [one, one]).when(inc).thenError('conflict'));
  fails(() => given(counter, [one, one]).when(inc).thenError('rule_broken', 'Other.'));
  fails(() => given(counter, []).when({ type: 'Increment', asDate: true }).events());
});

test.run();
