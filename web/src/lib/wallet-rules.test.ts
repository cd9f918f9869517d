import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiError } from '../api/http';
import {
  checkWithdrawal, cleanCode, dialogText, endedWithdrawal, isCodeShaped, serverMessage, signedAmount, statusLabel,
  withdrawErrors, WITHDRAW_MSG,
} from './wallet-rules';

const apiError = (status: number | undefined, data: unknown, message = 'msg') => new ApiError(message, status, data, {});

test('the error dialog shows the server message, "Server Error" without one, and nothing for a 502', () => {
  assert.is(dialogText(apiError(400, { detail: 'Not allowed' }, 'Not allowed')), 'Not allowed');
  assert.is(dialogText(apiError(500, '<html>oops</html>', 'Server Error With Status 500')), 'Server Error');
  assert.is(dialogText(apiError(500, null, '')), 'Server Error');
  assert.is(dialogText(apiError(502, { detail: 'Bad gateway' })), null);
  assert.is(dialogText(apiError(undefined, null, 'The request timed out')), 'The request timed out');
  assert.is(dialogText(apiError(undefined, null, '')), 'Server Error');
  assert.is(dialogText(new DOMException('aborted', 'AbortError')), null);
  assert.is(dialogText(new Error('The file is empty')), 'The file is empty');
  assert.is(dialogText('weird'), 'Server Error');
});

test('serverMessage prefers msg (code checks), then detail', () => {
  assert.is(serverMessage(apiError(400, { msg: 'The code is not correct. 4 tries left.' })), 'The code is not correct. 4 tries left.');
  assert.is(serverMessage(apiError(404, { detail: 'Not found.' }, 'Not found.')), 'Not found.');
  assert.is(serverMessage(apiError(502, 'x'), 'fallback'), 'fallback');
});

test('withdraw errors are kept per field, payment_method first', () => {
  assert.equal(withdrawErrors({ amount: 'Amount cannot exceed the balance', payment_method: 'Choose one of your payout methods.' }), {
    errors: { payment_method: 'Choose one of your payout methods.', amount: 'Amount cannot exceed the balance' },
    first: 'payment_method',
  });
  assert.equal(withdrawErrors({ amount: 'Amount is required' }), { errors: { amount: 'Amount is required' }, first: 'amount' });
  assert.equal(withdrawErrors({ other: 'x' }), { errors: {}, first: null });
});

test('the withdrawal form checks amount and payout method with the spec\'s messages', () => {
  assert.equal(checkWithdrawal('', '', 10_000).errors, { payment_method: WITHDRAW_MSG.required, amount: 'Amount is required' });
  assert.equal(checkWithdrawal('0', 'pm1', 10_000).errors, { amount: 'Amount must be greater than 0' });
  assert.equal(checkWithdrawal('100.01', 'pm1', 10_000).errors, { amount: 'Amount cannot exceed the balance' });
  assert.equal(checkWithdrawal('12.345', 'pm1', 10_000).errors, { amount: WITHDRAW_MSG.amountFormat });
  assert.equal(checkWithdrawal('£100', 'pm1', 10_000), { errors: {}, pence: 10_000 });
  assert.equal(checkWithdrawal('25.5', 'pm1', null), { errors: {}, pence: 2550 });
  // A negative available balance (an overdraft in use) allows nothing.
  assert.equal(checkWithdrawal('1', 'pm1', -500).errors, { amount: 'Amount cannot exceed the balance' });
});

test('codes: spaces and dashes ignored, exactly six digits', () => {
  assert.is(cleanCode(' 123 456 '), '123456');
  assert.ok(isCodeShaped('123-456'));
  assert.not.ok(isCodeShaped('12345'));
  assert.not.ok(isCodeShaped('12345a'));
});

test('a refused code ended the withdrawal when the server says it was cancelled', () => {
  assert.ok(endedWithdrawal(apiError(400, { msg: 'Too many wrong codes. The withdrawal has been cancelled.' })));
  assert.ok(endedWithdrawal(apiError(400, { msg: 'x', status: 'cancelled' })));
  assert.not.ok(endedWithdrawal(apiError(400, { msg: 'The code is not correct.', status: 'awaiting_code' })));
  assert.not.ok(endedWithdrawal(apiError(400, { msg: 'The code is not correct. 2 tries left.' })));
  assert.not.ok(endedWithdrawal(new Error('cancelled')));
});

test('amounts read as on a statement; statuses have labels', () => {
  assert.is(signedAmount('20.00'), '+£20');
  assert.is(signedAmount('-1250.50'), '-£1,250.50');
  assert.is(signedAmount('0.00'), '£0');
  assert.is(signedAmount(null), '—');
  assert.is(statusLabel('released'), 'Released');
  assert.is(statusLabel('paid_out'), 'Paid out');
});

test.run();
