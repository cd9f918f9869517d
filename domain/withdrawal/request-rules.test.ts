import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValidationError } from '../shared/errors';
import { fold } from '../shared/decider';
import { payoutDecider } from './payout-method/decide';
import { checkWithdrawalForm, snapshotOf, type WithdrawalForm } from './request-rules';

const methods = fold(payoutDecider, [{
  type: 'PayoutMethodAdded',
  data: {
    user_id: 'u-1', method_id: 'm-1', label: 'UK account ••••5678', is_default: true, at: '2026-11-21T12:00:00.000Z',
    details: { type: 'UK_BANK', account_owner_uk: 'Isla', sort_code_uk: '12-34-56', account_number_uk: '12345678' },
  },
}]);

const errorsOf = (form: WithdrawalForm, available = 10_000) => {
  try {
    checkWithdrawalForm(form, methods, available);
  } catch (e) {
    if (e instanceof ValidationError) return e.fields;
    throw e;
  }
  return null;
};

test('a valid form gives the method and the amount in pence', () => {
  const checked = checkWithdrawalForm({ payment_method: 'm-1', amount: '25.5' }, methods, 10_000);
  assert.equal([checked.method.id, checked.amount_pence], ['m-1', 2550]);
  assert.equal(snapshotOf(checked.method), { id: 'm-1', type: 'UK_BANK', label: 'UK account ••••5678' });
  assert.is(checkWithdrawalForm({ payment_method: 'm-1', amount: '100' }, methods, 10_000).amount_pence, 10_000, 'the whole balance');
});

test('errors by field, payment_method first', () => {
  const both = errorsOf({ payment_method: null, amount: null });
  assert.equal(both, { payment_method: ['This field is required'], amount: ['Amount is required'] });
  assert.equal(Object.keys(both ?? {}), ['payment_method', 'amount']);
  assert.equal(errorsOf({ payment_method: 'someone-elses', amount: '200' }), {
    payment_method: ['Choose one of your payout methods.'], amount: ['Amount cannot exceed the balance'],
  });
});

test('amount rules', () => {
  assert.equal(errorsOf({ payment_method: 'm-1', amount: '0' }), { amount: ['Amount must be greater than 0'] });
  assert.equal(errorsOf({ payment_method: 'm-1', amount: '-5' }), { amount: ['Amount must be greater than 0'] });
  assert.equal(errorsOf({ payment_method: 'm-1', amount: '1.234' }), { amount: ['Enter an amount in pounds, e.g. 25.00'] });
  assert.equal(errorsOf({ payment_method: 'm-1', amount: '100.01' }), { amount: ['Amount cannot exceed the balance'] });
  assert.equal(errorsOf({ payment_method: 'm-1', amount: '1' }, -500), { amount: ['Amount cannot exceed the balance'] }, 'never from an overdraft');
});

test.run();
