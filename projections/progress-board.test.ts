import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ProgressBoard } from './progress-board';

const at = (position: number) => ({ transaction_id: '100', position });

test('given a listener, when a pass meets new events, then it is told once, after the pass', () => {
  const board = new ProgressBoard(['lots', 'orders']);
  let told = 0;
  board.onProgress(() => told++);
  board.noteNewEvents();
  board.move('lots', at(1));
  board.move('orders', at(1));
  assert.is(told, 0, 'not while the pass moves them');
  assert.ok(board.settleWaiters(), 'the pass says it told');
  assert.is(told, 1, 'once for the pass');
});

test('given a pass that only moves positions to the horizon (an idle poll), then no listener is told', () => {
  const board = new ProgressBoard(['lots']);
  let told = 0;
  board.onProgress(() => told++);
  board.noteNewEvents();
  board.move('lots', at(5));
  board.settleWaiters();
  // Other databases' transactions move the horizon: positions move, no event is new.
  board.move('lots', at(6));
  assert.not.ok(board.settleWaiters());
  board.move('lots', at(7));
  board.settleWaiters();
  assert.is(told, 1, 'only the pass that met events');
});

test('given an unsubscribed listener, then it is told nothing more', () => {
  const board = new ProgressBoard(['lots']);
  let told = 0;
  const unsubscribe = board.onProgress(() => told++);
  board.noteNewEvents();
  board.settleWaiters();
  unsubscribe();
  board.noteNewEvents();
  board.settleWaiters();
  assert.is(told, 1);
});

test.run();
