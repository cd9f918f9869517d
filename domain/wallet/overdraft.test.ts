import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { given } from '../shared/given-when-then';
import type { ValidationError } from '../shared/errors';
import { available, overdraftRemaining, walletDecider } from './decide';
import { credited, debited, held, overdraft, overdraftSet } from './test-fixtures';

test('staff grant an overdraft: the event keeps the previous limit, who and why', () => {
  const outcome = given(walletDecider, []).when(overdraft(5000, { reason: ' Trusted buyer ' }));
  outcome.thenEvents([overdraftSet(5000, 0)]);
  assert.equal([outcome.state().overdraftLimit, overdraftRemaining(outcome.state())], [5000, 5000]);
  given(walletDecider, [overdraftSet(5000)]).when(overdraft(2000)).thenEvents([overdraftSet(2000, 5000)]);
});

test('setting the same limit again records nothing', () => {
  given(walletDecider, [overdraftSet(5000)]).when(overdraft(5000)).thenNothing();
  given(walletDecider, []).when(overdraft(0)).thenNothing();
});

test('the overdraft cannot be lowered below the current debt', () => {
  const inDebt = [overdraftSet(5000), debited(1234)];
  given(walletDecider, inDebt).when(overdraft(1233)).thenError('rule_broken', 'The overdraft cannot be lower than the current debt of £12.34.');
  given(walletDecider, inDebt).when(overdraft(0)).thenError('rule_broken', 'The overdraft cannot be lower than the current debt of £12.34.');
  const exact = given(walletDecider, inDebt).when(overdraft(1234));
  exact.thenEvents([overdraftSet(1234, 5000)]);
  assert.equal([available(exact.state()), overdraftRemaining(exact.state())], [-1234, 0]);
});

test('the debt counts active holds (it is measured on available)', () => {
  const history = [credited(1000), overdraftSet(5000), held(1000), debited(500)];
  given(walletDecider, history).when(overdraft(499)).thenError('rule_broken', 'The overdraft cannot be lower than the current debt of £5.');
  given(walletDecider, history).when(overdraft(500)).thenEvents([overdraftSet(500, 5000)]);
});

test('a wallet in credit may drop its overdraft to zero', () => {
  given(walletDecider, [credited(1000), overdraftSet(5000)]).when(overdraft(0)).thenEvents([overdraftSet(0, 5000)]);
});

test('negative or fractional limits are refused, and a reason and actor are required', () => {
  const negative = given(walletDecider, []).when(overdraft(-1, { reason: '', by: '' })).thenError('validation') as ValidationError;
  assert.equal(negative.fields, { limit: ['The overdraft limit cannot be negative.'], reason: ['This field is required'], by: ['This field is required'] });
  const fraction = given(walletDecider, []).when(overdraft(10.5)).thenError('validation') as ValidationError;
  assert.equal(fraction.fields, { limit: ['The overdraft limit must be a whole number of pence.'] });
});

test.run();
