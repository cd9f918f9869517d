import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { given } from '../shared/given-when-then';
import type { ValidationError } from '../shared/errors';
import { available, overdraftRemaining, pending, walletDecider } from './decide';
import { capture, captured, credited, debit, debited, held, hold, overdraftSet, release, released } from './test-fixtures';

test('a hold sets money aside: available goes down, posted stays', () => {
  const outcome = given(walletDecider, [credited(5000)]).when(hold(2000));
  outcome.thenEvents([held(2000)]);
  const state = outcome.state();
  assert.equal([state.posted, pending(state), available(state)], [5000, 2000, 3000]);
});

test('a hold id already used decides nothing (a retry)', () => {
  given(walletDecider, [credited(5000), held(2000)]).when(hold(2000)).thenNothing();
  given(walletDecider, [credited(5000), held(2000), released(2000)]).when(hold(2000)).thenNothing();
});

test('a withdrawal hold never uses the overdraft: it may not exceed available', () => {
  const history = [credited(1000), overdraftSet(5000), held(600, 'h-first')];
  const error = given(walletDecider, history).when(hold(401)).thenError('validation') as ValidationError;
  assert.equal(error.fields, { amount: ['Amount cannot exceed the balance'] });
  given(walletDecider, history).when(hold(400)).thenEvents([held(400)]);
});

test('a hold allowed to use the overdraft may go down to minus the limit', () => {
  const history = [credited(1000), overdraftSet(500)];
  given(walletDecider, history).when(hold(1500, { allow_overdraft: true })).thenEvents([held(1500)]);
  given(walletDecider, history).when(hold(1501, { allow_overdraft: true })).thenError('rule_broken', 'The wallet does not have enough funds: at most £15 can be held.');
});

test('hold amounts must be positive whole pence, with an id and a description', () => {
  const error = given(walletDecider, [credited(1000)]).when(hold(0, { hold_id: ' ', description: '' })).thenError('validation') as ValidationError;
  assert.equal(error.fields, { hold_id: ['This field is required'], amount: ['Amount must be greater than 0'], description: ['This field is required'] });
  given(walletDecider, [credited(1000)]).when(hold(1.5)).thenError('validation', 'Invalid input');
});

test('capturing a hold lowers posted by the hold amount and ends the hold', () => {
  const outcome = given(walletDecider, [credited(5000), held(2000)]).when(capture('h-2000'));
  outcome.thenEvents([captured(2000)]);
  const state = outcome.state();
  assert.equal([state.posted, pending(state), available(state), state.settled['h-2000']], [3000, 0, 3000, 'captured']);
});

test('releasing a hold gives the money back to available, posted unchanged', () => {
  const outcome = given(walletDecider, [credited(5000), held(2000)]).when(release('h-2000', { reason: ' Cancelled ' }));
  outcome.thenEvents([released(2000, 'h-2000', 'Cancelled')]);
  const state = outcome.state();
  assert.equal([state.posted, pending(state), available(state), state.settled['h-2000']], [5000, 0, 5000, 'released']);
});

test('a hold is captured or released exactly once', () => {
  const capturedHistory = [credited(5000), held(2000), captured(2000)];
  given(walletDecider, capturedHistory).when(capture('h-2000')).thenError('rule_broken', 'This hold was already captured.');
  given(walletDecider, capturedHistory).when(release('h-2000')).thenError('rule_broken', 'This hold was captured and cannot be released.');
  const releasedHistory = [credited(5000), held(2000), released(2000)];
  given(walletDecider, releasedHistory).when(release('h-2000')).thenError('rule_broken', 'This hold was already released.');
  given(walletDecider, releasedHistory).when(capture('h-2000')).thenError('rule_broken', 'This hold was released and cannot be captured.');
});

test('an unknown hold can be neither captured nor released', () => {
  given(walletDecider, [credited(5000)]).when(capture('h-none')).thenError('rule_broken', 'There is no such hold on this wallet.');
  given(walletDecider, [credited(5000)]).when(release('h-none')).thenError('rule_broken', 'There is no such hold on this wallet.');
});

test('releasing needs a reason', () => {
  const error = given(walletDecider, [credited(5000), held(2000)]).when(release('h-2000', { reason: '' })).thenError('validation') as ValidationError;
  assert.equal(error.fields, { reason: ['This field is required'] });
});

test('a capture still succeeds when debits since took available to the overdraft (the money was set aside)', () => {
  const history = [credited(1000), held(1000), overdraftSet(300)];
  const afterDebit = given(walletDecider, history).when(debit(300)).state();
  assert.equal([available(afterDebit), overdraftRemaining(afterDebit)], [-300, 0]);
  const outcome = given(walletDecider, [...history, debited(300)]).when(capture('h-1000'));
  outcome.thenEvents([captured(1000)]);
  assert.equal([outcome.state().posted, available(outcome.state())], [-300, -300]);
});

test.run();
