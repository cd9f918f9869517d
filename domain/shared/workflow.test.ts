import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runWorkflow, type Workflow } from './workflow';
import { givenWorkflow } from './given-when-then';

// A relay: a 'start' asks for two steps; each step done is counted, and the second asks for a finish.
type Input = { type: 'start' } | { type: 'done'; step: number };
type Output = { step: number };
const relay: Workflow<number, Input, Output> = {
  initialState: 0,
  decide: (input, done) => (input.type === 'start' ? [{ step: 1 }, { step: 2 }] : done === 1 ? [{ step: 3 }] : []),
  evolve: (done, input) => (input.type === 'done' ? done + 1 : done),
};

test('runs to the end: outputs in the order decided, their events handled after those already waiting', () => {
  const executed: number[] = [];
  const run = runWorkflow(relay, 0, [{ type: 'start' }], (output): Input[] => {
    executed.push(output.step);
    return [{ type: 'done', step: output.step }];
  });
  assert.equal(executed, [1, 2, 3]);
  assert.equal(run.outputs, [{ step: 1 }, { step: 2 }, { step: 3 }]);
  assert.is(run.state, 3);
});

test('each input is decided on the state before it', () => {
  givenWorkflow(relay, [{ type: 'done', step: 1 }]).when({ type: 'done', step: 2 }).thenOutputs([{ step: 3 }]);
  givenWorkflow(relay, []).when({ type: 'done', step: 1 }).thenNothing();
  assert.is(givenWorkflow(relay, [{ type: 'done', step: 1 }, { type: 'done', step: 2 }]).state, 2);
});

test.run();
