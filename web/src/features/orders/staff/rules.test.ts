import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { canCancel, checkVoucher, nextStatuses, staffRecordsPayment, VOUCHER_MSG, voucherValueLabel, type VoucherDraft } from './rules';

const NOW = Date.parse('2026-03-05T12:00:00Z');
const draft = (over: Partial<VoucherDraft> = {}): VoucherDraft => ({
  code: 'SPRING10', kind: 'fixed', value: '10', expires: '', maxUses: '', oncePerUser: true, ...over,
});
const errorsOf = (d: VoucherDraft) => {
  const r = checkVoucher(d, NOW);
  return r.ok ? {} : r.errors;
};

test('next statuses: the server\'s list (forward only along the service\'s path), never cancel or the current one', () => {
  assert.equal(nextStatuses({ status: 'paid', next_statuses: ['processing', 'shipped'] }), ['processing', 'shipped']);
  assert.equal(nextStatuses({ status: 'paid', next_statuses: ['shipped', 'cancelled'] }), ['shipped'], 'cancelling has its own action');
  assert.equal(nextStatuses({ status: 'shipped', next_statuses: [] }), []);
  assert.equal(nextStatuses({ status: 'awaiting_payment', next_statuses: null }), [], 'an answer without the list offers nothing');
});

test('staff record bank and in-store payments of unpaid orders; only unpaid orders are cancelled', () => {
  assert.ok(staffRecordsPayment({ status: 'awaiting_payment', payment_method: 'UK_BANK' }));
  assert.ok(staffRecordsPayment({ status: 'awaiting_payment', payment_method: 'INT_BANK' }));
  assert.ok(staffRecordsPayment({ status: 'awaiting_payment', payment_method: 'IN_STORE' }));
  assert.not.ok(staffRecordsPayment({ status: 'awaiting_payment', payment_method: 'CARD' }));
  assert.not.ok(staffRecordsPayment({ status: 'paid', payment_method: 'UK_BANK' }));
  assert.ok(canCancel({ status: 'awaiting_payment' }));
  assert.not.ok(canCancel({ status: 'paid' }));
});

test('voucher code: required, 3 to 10 letters or digits, sent upper case', () => {
  assert.is(errorsOf(draft({ code: ' ' })).code, VOUCHER_MSG.required);
  assert.is(errorsOf(draft({ code: 'AB' })).code, 'Code characters limit - min 3 symbols');
  assert.is(errorsOf(draft({ code: 'ABCDEFGHIJK' })).code, 'Code characters limit - max 10 symbols');
  assert.is(errorsOf(draft({ code: 'AB CD' })).code, VOUCHER_MSG.codeChars);
  const ok = checkVoucher(draft({ code: ' spring10 ' }), NOW);
  assert.ok(ok.ok);
  if (ok.ok) assert.is(ok.body.code, 'SPRING10');
  assert.ok(checkVoucher(draft({ code: 'ABC' }), NOW).ok);
  assert.ok(checkVoucher(draft({ code: 'ABCDEFGHIJ' }), NOW).ok);
});

test('voucher value: pounds above 0 for fixed, 1 to 100 for percent, sent as decimal strings', () => {
  assert.is(errorsOf(draft({ value: '' })).value, VOUCHER_MSG.required);
  assert.is(errorsOf(draft({ value: '0' })).value, VOUCHER_MSG.positive);
  assert.is(errorsOf(draft({ value: 'ten' })).value, VOUCHER_MSG.amount);
  assert.is(errorsOf(draft({ value: '10000000.01' })).value, VOUCHER_MSG.tooMuch);
  assert.ok(checkVoucher(draft({ value: '10000000' }), NOW).ok, '£10M itself');
  assert.is(errorsOf(draft({ kind: 'percent', value: '0' })).value, VOUCHER_MSG.percent);
  assert.is(errorsOf(draft({ kind: 'percent', value: '101' })).value, VOUCHER_MSG.percent);
  assert.is(errorsOf(draft({ kind: 'percent', value: '-5' })).value, VOUCHER_MSG.percent);
  const fixed = checkVoucher(draft({ value: '12.5' }), NOW);
  assert.equal(fixed.ok && fixed.body.value, '12.50');
  const percent = checkVoucher(draft({ kind: 'percent', value: '15%' }), NOW);
  assert.equal(percent.ok && [percent.body.kind, percent.body.value], ['percent', '15.00']);
});

test('voucher expiry in the future (end of the chosen day), uses a whole number from 1, both optional', () => {
  assert.is(errorsOf(draft({ expires: '2026-03-04' })).expires_at, VOUCHER_MSG.expiry);
  const today = checkVoucher(draft({ expires: '2026-03-05' }), NOW);
  assert.ok(today.ok, 'today is still good until its end');
  assert.is(errorsOf(draft({ maxUses: '0' })).max_uses, VOUCHER_MSG.maxUses);
  assert.is(errorsOf(draft({ maxUses: '3000000000' })).max_uses, VOUCHER_MSG.tooManyUses);
  assert.ok(checkVoucher(draft({ maxUses: '1000000' }), NOW).ok, 'a million uses itself');
  assert.is(errorsOf(draft({ maxUses: '1.5' })).max_uses, VOUCHER_MSG.maxUses);
  const full = checkVoucher(draft({ expires: '2026-04-01', maxUses: '50', oncePerUser: false }), NOW);
  assert.ok(full.ok);
  if (full.ok) {
    assert.is(new Date(full.body.expires_at!).getDate(), 1);
    assert.is(full.body.max_uses, 50);
    assert.is(full.body.once_per_user, false);
  }
  const open = checkVoucher(draft(), NOW);
  assert.equal(open.ok && [open.body.expires_at, open.body.max_uses], [null, null]);
});

test('voucher value labels', () => {
  assert.is(voucherValueLabel('fixed', '10.00'), '£10');
  assert.is(voucherValueLabel('fixed', '12.50'), '£12.50');
  assert.is(voucherValueLabel('percent', '15.00'), '15%');
  assert.is(voucherValueLabel('percent', '12.5'), '12.5%');
});

test.run();
