import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { given } from '../shared/given-when-then';
import { withdrawalDecider } from './decide';
import type { RequestWithdrawal } from './commands';
import type { WithdrawalEvent } from './events';

const NOW = '2026-11-21T12:00:00.000Z';
const LATER = '2026-11-21T13:00:00.000Z';
const snapshot = { id: 'm-1', type: 'UK_BANK' as const, label: 'UK account ••••5678' };
const request = (o: Partial<RequestWithdrawal> = {}): RequestWithdrawal => ({
  type: 'RequestWithdrawal', withdrawal_id: 'w-1', user_id: 'u-1', amount_pence: 2500, payout_method: snapshot, now: NOW, ...o,
});
const requested: WithdrawalEvent = {
  type: 'WithdrawalRequested', data: { withdrawal_id: 'w-1', user_id: 'u-1', amount_pence: 2500, payout_method: snapshot, at: NOW },
};
const confirmed: WithdrawalEvent = { type: 'WithdrawalConfirmed', data: { withdrawal_id: 'w-1', user_id: 'u-1', at: LATER } };
const cancelled: WithdrawalEvent = {
  type: 'WithdrawalCancelled', data: { withdrawal_id: 'w-1', user_id: 'u-1', amount_pence: 2500, reason: 'too_many_wrong_codes', at: LATER },
};
const paidOut: WithdrawalEvent = {
  type: 'WithdrawalPaidOut', data: { withdrawal_id: 'w-1', user_id: 'u-1', amount_pence: 2500, by: 'staff-1', reference: 'BACS 0042', at: LATER },
};
const rejected: WithdrawalEvent = {
  type: 'WithdrawalRejected', data: { withdrawal_id: 'w-1', user_id: 'u-1', amount_pence: 2500, by: 'staff-1', reason: 'Account closed', at: LATER },
};

test('a request awaits its code', () => {
  const outcome = given(withdrawalDecider, []).when(request());
  outcome.thenEvents([requested]);
  assert.is(outcome.state().status, 'awaiting_code');
});

test('a request needs a positive whole amount and a new id', () => {
  given(withdrawalDecider, []).when(request({ amount_pence: 0 })).thenError('validation');
  given(withdrawalDecider, []).when(request({ amount_pence: 1.5 })).thenError('validation');
  given(withdrawalDecider, [requested]).when(request()).thenError('conflict');
});

test('the right code confirms it, once', () => {
  given(withdrawalDecider, [requested]).when({ type: 'ConfirmWithdrawal', now: LATER }).thenEvents([confirmed]);
  given(withdrawalDecider, [requested, confirmed]).when({ type: 'ConfirmWithdrawal', now: LATER }).thenError('rule_broken', 'This withdrawal is already confirmed.');
  given(withdrawalDecider, [requested, cancelled]).when({ type: 'ConfirmWithdrawal', now: LATER }).thenError('rule_broken', 'This withdrawal has been cancelled.');
});

test('cancelling only while awaiting the code; otherwise nothing (a sweeper may repeat it)', () => {
  given(withdrawalDecider, [requested]).when({ type: 'CancelWithdrawal', reason: 'too_many_wrong_codes', now: LATER }).thenEvents([cancelled]);
  given(withdrawalDecider, [requested, confirmed]).when({ type: 'CancelWithdrawal', reason: 'not_confirmed_in_time', now: LATER }).thenNothing();
  given(withdrawalDecider, [requested, cancelled]).when({ type: 'CancelWithdrawal', reason: 'not_confirmed_in_time', now: LATER }).thenNothing();
});

test('staff pay out a confirmed withdrawal, with a reference, once', () => {
  given(withdrawalDecider, [requested, confirmed]).when({ type: 'PayOutWithdrawal', by: 'staff-1', reference: ' BACS 0042 ', now: LATER }).thenEvents([paidOut]);
  given(withdrawalDecider, [requested]).when({ type: 'PayOutWithdrawal', by: 'staff-1', reference: 'x', now: LATER })
    .thenError('rule_broken', 'This withdrawal is not confirmed yet.');
  given(withdrawalDecider, [requested, confirmed, paidOut]).when({ type: 'PayOutWithdrawal', by: 'staff-1', reference: 'x', now: LATER })
    .thenError('rule_broken', 'This withdrawal has already been paid out.');
  given(withdrawalDecider, [requested, confirmed]).when({ type: 'PayOutWithdrawal', by: 'staff-1', reference: ' ', now: LATER }).thenError('validation');
});

test('staff reject a confirmed or awaiting withdrawal, with a reason; not a settled one', () => {
  given(withdrawalDecider, [requested, confirmed]).when({ type: 'RejectWithdrawal', by: 'staff-1', reason: 'Account closed', now: LATER }).thenEvents([rejected]);
  given(withdrawalDecider, [requested]).when({ type: 'RejectWithdrawal', by: 'staff-1', reason: 'Account closed', now: LATER }).thenEvents([rejected]);
  given(withdrawalDecider, [requested, confirmed, paidOut]).when({ type: 'RejectWithdrawal', by: 'staff-1', reason: 'x', now: LATER })
    .thenError('rule_broken', 'This withdrawal has already been paid out.');
  given(withdrawalDecider, [requested, rejected]).when({ type: 'RejectWithdrawal', by: 'staff-1', reason: 'x', now: LATER })
    .thenError('rule_broken', 'This withdrawal has been rejected.');
  given(withdrawalDecider, [requested]).when({ type: 'RejectWithdrawal', by: 'staff-1', reason: '', now: LATER }).thenError('validation');
});

test('commands on an unknown withdrawal are refused', () => {
  given(withdrawalDecider, []).when({ type: 'ConfirmWithdrawal', now: LATER }).thenError('not_found', 'Withdrawal not found.');
  given(withdrawalDecider, []).when({ type: 'CancelWithdrawal', reason: 'too_many_wrong_codes', now: LATER }).thenError('not_found');
});

test.run();
