import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { given } from '../shared/given-when-then';
import type { ValidationError } from '../shared/errors';
import { available, pending, walletDecider } from './decide';
import { credit, credited, debit, debited, held, overdraftSet } from './test-fixtures';

test('a credit raises the posted balance and records the entry as given', () => {
  const outcome = given(walletDecider, []).when(credit(2500, { description: ' Proceeds of lot 12 ', reference: ' ' }));
  outcome.thenEvents([credited(2500, { reference: null })]);
  assert.equal([outcome.state().posted, available(outcome.state()), pending(outcome.state())], [2500, 2500, 0]);
});

test('a command with an entry id already used decides nothing (a retry)', () => {
  given(walletDecider, [credited(2500)]).when(credit(2500)).thenNothing();
  given(walletDecider, [credited(2500), debited(1000)]).when(debit(1000)).thenNothing();
  // One namespace: a debit reusing a credit's id is the same entry, not a new one.
  given(walletDecider, [credited(2500)]).when(debit(100, { entry_id: 'c-2500' })).thenNothing();
});

test('a retried debit is not refused for funds it already spent', () => {
  given(walletDecider, [credited(1000), debited(1000)]).when(debit(1000)).thenNothing();
});

test('amounts must be positive whole pence', () => {
  for (const amount of [0, -5]) {
    const error = given(walletDecider, []).when(credit(amount)).thenError('validation') as ValidationError;
    assert.equal(error.fields, { amount: ['Amount must be greater than 0'] });
  }
  for (const amount of [12.5, Number.NaN, Number.MAX_SAFE_INTEGER + 2]) {
    const error = given(walletDecider, [credited(5000)]).when(debit(amount)).thenError('validation') as ValidationError;
    assert.equal(error.fields, { amount: ['Amount must be a whole number of pence.'] });
  }
});

test('an entry needs an id and a description; a staff adjustment needs a reason and who made it', () => {
  const error = given(walletDecider, [])
    .when(credit(100, { entry_id: '', description: ' ', kind: 'adjustment', reason: '  ', by: '' }))
    .thenError('validation') as ValidationError;
  assert.equal(error.fields, {
    entry_id: ['This field is required'], description: ['This field is required'], reason: ['This field is required'], by: ['This field is required'],
  });
  const debitError = given(walletDecider, [credited(500)]).when(debit(100, { kind: 'adjustment', reason: null })).thenError('validation') as ValidationError;
  assert.equal(debitError.fields, { reason: ['This field is required'] });
  given(walletDecider, [credited(500)])
    .when(debit(100, { kind: 'adjustment', reason: ' Storage owed ', by: 'staff-1' }))
    .thenEvents([debited(100, { kind: 'adjustment', reason: 'Storage owed', by: 'staff-1' })]);
});

test('a debit may spend available down to zero, and no further without an overdraft', () => {
  const outcome = given(walletDecider, [credited(1000)]).when(debit(1000));
  outcome.thenEvents([debited(1000)]);
  assert.is(available(outcome.state()), 0);
  given(walletDecider, [credited(1000)]).when(debit(1001)).thenError('rule_broken', 'The wallet does not have enough funds: at most £10 can be debited.');
  given(walletDecider, []).when(debit(1)).thenError('rule_broken', 'The wallet does not have enough funds: at most £0 can be debited.');
});

test('a debit may use the overdraft down to minus the limit, never below', () => {
  const history = [credited(1000), overdraftSet(500)];
  const outcome = given(walletDecider, history).when(debit(1500));
  outcome.thenEvents([debited(1500)]);
  assert.is(available(outcome.state()), -500);
  given(walletDecider, history).when(debit(1501)).thenError('rule_broken', 'The wallet does not have enough funds: at most £15 can be debited.');
});

test('active holds count against what a debit may spend', () => {
  const history = [credited(1000), held(600)];
  given(walletDecider, history).when(debit(401)).thenError('rule_broken', 'The wallet does not have enough funds: at most £4 can be debited.');
  given(walletDecider, history).when(debit(400)).thenEvents([debited(400)]);
});

test('the time must be a valid instant', () => {
  given(walletDecider, []).when(credit(100, { now: 'yesterday' })).thenError('validation');
});

test.run();
