import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { given } from '../../shared/given-when-then';
import type { ValidationError } from '../../shared/errors';
import type { VoucherEvent } from '../events';
import type { IssueVoucher } from './commands';
import { voucherDecider } from './decide';
import { codeError } from './rules';

const NOW = '2026-11-21T12:00:00.000Z';
const EXPIRES = '2026-12-31T23:59:59.000Z';
const issue = (o: Partial<IssueVoucher> = {}): IssueVoucher => ({
  type: 'IssueVoucher', code: ' spring26 ', kind: 'fixed', value: 2_000, expires_at: EXPIRES, max_uses: null, once_per_user: true,
  by: 'staff-1', now: NOW, ...o,
});
const issued = (o: Partial<Extract<VoucherEvent, { type: 'VoucherIssued' }>['data']> = {}): VoucherEvent => ({
  type: 'VoucherIssued',
  data: { code: 'SPRING26', kind: 'fixed', value: 2_000, expires_at: EXPIRES, max_uses: null, once_per_user: true, by: 'staff-1', at: NOW, ...o },
});
const redeem = (user: string, order: string, now = NOW) =>
  ({ type: 'RedeemVoucher' as const, code: 'spring26', user_id: user, order_id: order, discount_pence: 2_000, now });
const redeemed = (user: string, order: string): VoucherEvent =>
  ({ type: 'VoucherRedeemed', data: { code: 'SPRING26', user_id: user, order_id: order, discount_pence: 2_000, at: NOW } });
const reverse = (order: string) => ({ type: 'ReverseVoucherRedemption' as const, code: 'SPRING26', order_id: order, now: NOW });
const reversed = (user: string, order: string): VoucherEvent =>
  ({ type: 'VoucherRedemptionReversed', data: { code: 'SPRING26', user_id: user, order_id: order, at: NOW } });
const fieldsOf = (e: unknown) => (e as ValidationError).fields;

test('issuing records the code upper case, once', () => {
  given(voucherDecider, []).when(issue()).thenEvents([issued()]);
  given(voucherDecider, [issued()]).when(issue()).thenError('conflict', 'This voucher code already exists.');
  given(voucherDecider, []).when(issue({ kind: 'percent', value: 1_000, expires_at: null, max_uses: 50, once_per_user: false }))
    .thenEvents([issued({ kind: 'percent', value: 1_000, expires_at: null, max_uses: 50, once_per_user: false })]);
});

test('codes are 3 to 10 letters or digits', () => {
  assert.is(codeError(''), 'This field is required');
  assert.is(codeError('ab'), 'Code characters limit - min 3 symbols');
  assert.is(codeError('ABCDEFGHIJK'), 'Code characters limit - max 10 symbols');
  assert.is(codeError('AB-12'), 'Only letters and digits are allowed.');
  assert.is(codeError('abc'), null);
  assert.is(codeError('ABCDEFGHIJ'), null);
});

test('issuing refuses bad values, each on its field', () => {
  const e = given(voucherDecider, []).when(issue({ code: 'x', value: 0, expires_at: '2026-01-01T00:00:00.000Z', max_uses: 0 })).thenError('validation');
  assert.equal(fieldsOf(e), {
    code: ['Code characters limit - min 3 symbols'], value: ['Enter an amount greater than 0.'],
    expires_at: ['The expiry must be in the future.'], max_uses: ['Enter a whole number of 1 or more.'],
  });
  const p = given(voucherDecider, []).when(issue({ kind: 'percent', value: 10_001 })).thenError('validation');
  assert.equal(fieldsOf(p), { value: ['Enter a percentage between 0.01 and 100.'] });
  given(voucherDecider, []).when(issue({ value: 12.5 })).thenError('validation');
});

test('issuing refuses a fixed value above £10M and more than a million uses; both bounds themselves are issued', () => {
  const e = given(voucherDecider, []).when(issue({ value: 1_000_000_001, max_uses: 1_000_001 })).thenError('validation');
  assert.equal(fieldsOf(e), { value: ['Enter an amount of at most £10,000,000.00.'], max_uses: ['Enter a whole number of at most 1,000,000.'] });
  given(voucherDecider, []).when(issue({ max_uses: 3e9 })).thenError('validation');
  given(voucherDecider, []).when(issue({ value: 1_000_000_000, max_uses: 1_000_000 }))
    .thenEvents([issued({ value: 1_000_000_000, max_uses: 1_000_000 })]);
});

test('redeeming records the use for the order; the same order again records nothing', () => {
  given(voucherDecider, [issued()]).when(redeem('u-1', 'o-1')).thenEvents([redeemed('u-1', 'o-1')]);
  given(voucherDecider, [issued(), redeemed('u-1', 'o-1')]).when(redeem('u-1', 'o-1')).thenNothing();
});

test('an unknown code is not valid; an expired one has expired', () => {
  const unknown = given(voucherDecider, []).when(redeem('u-1', 'o-1')).thenError('validation');
  assert.equal(fieldsOf(unknown), { discount_code: ['This voucher code is not valid.'] });
  const expired = given(voucherDecider, [issued()]).when(redeem('u-1', 'o-1', EXPIRES)).thenError('validation');
  assert.equal(fieldsOf(expired), { discount_code: ['This voucher code has expired.'] });
});

test('once per user: a second use by the same user is refused, another user may', () => {
  const again = given(voucherDecider, [issued(), redeemed('u-1', 'o-1')]).when(redeem('u-1', 'o-2')).thenError('validation');
  assert.equal(fieldsOf(again), { discount_code: ['You have already used this voucher code.'] });
  given(voucherDecider, [issued(), redeemed('u-1', 'o-1')]).when(redeem('u-2', 'o-2')).thenEvents([redeemed('u-2', 'o-2')]);
  given(voucherDecider, [issued({ once_per_user: false }), redeemed('u-1', 'o-1')]).when(redeem('u-1', 'o-2')).thenEvents([redeemed('u-1', 'o-2')]);
});

test('used up at max_uses (reads as not valid)', () => {
  const up = given(voucherDecider, [issued({ max_uses: 1, once_per_user: false }), redeemed('u-1', 'o-1')]).when(redeem('u-2', 'o-2')).thenError('validation');
  assert.equal(fieldsOf(up), { discount_code: ['This voucher code is not valid.'] });
});

test('reversing gives the use back, once', () => {
  const history = [issued({ max_uses: 1 }), redeemed('u-1', 'o-1')];
  given(voucherDecider, history).when(reverse('o-1')).thenEvents([reversed('u-1', 'o-1')]);
  given(voucherDecider, [...history, reversed('u-1', 'o-1')]).when(reverse('o-1')).thenNothing();
  given(voucherDecider, history).when(reverse('o-9')).thenNothing();
  given(voucherDecider, [...history, reversed('u-1', 'o-1')]).when(redeem('u-1', 'o-2')).thenEvents([redeemed('u-1', 'o-2')]);
});

test.run();
