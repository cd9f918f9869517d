import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { flatFieldErrors } from '../../lib/error-text';
import {
  canApplyVoucher, cardFieldErrors, defaultWalletUse, orderDescription, payableBeforeWallet, priceLines, voucherError,
  voucherRemainder, VOUCHER_MSG, walletAmountError, WALLET_MSG, within,
} from './summary-rules';
import type { CostSummary } from './types';

const summary = (over: Partial<CostSummary> = {}): CostSummary => ({
  items_count: 2, subtotal: '200.00', buyers_commission_amount: '25.00', vat_on_products_amount: '40.00',
  buyers_commission_vat_amount: '5.00', shipping_amount: '15.00', insurance_amount: '6.75', storage_amount: '0.00',
  delivery_storage_amount: '0.00', late_payment_fee_amount: '0.00', late_storage_fee_amount: '0.00', debt: '0.00',
  total: '291.75', voucher_discount_amount: '20.00', voucher_remainder_amount: '0.00', used_from_wallet: '10.00',
  credit_card_surcharge_amount: '7.85', credit_debit_card: '269.60', buyers_commission_percent: 12.5, insurance_percent: 3,
  late_payment_fee_percent: 5, credit_card_surcharge_percent: 3, vat_enabled: true, carrier: null, ...over,
});

test('voucher code: required, 3 to 10 characters; Apply only from 3', () => {
  assert.is(voucherError(''), VOUCHER_MSG.required);
  assert.is(voucherError('  '), 'This field is required');
  assert.is(voucherError('AB'), 'Code characters limit - min 3 symbols');
  assert.is(voucherError('ABCDEFGHIJK'), 'Code characters limit - max 10 symbols');
  assert.is(voucherError('SPRING'), null);
  assert.is(canApplyVoucher('AB'), false);
  assert.is(canApplyVoucher(' ABC '), true);
});

test('wallet amount: required, above 0, at most the balance; the default is the smaller of balance and total', () => {
  assert.is(walletAmountError('', 5000), WALLET_MSG.required);
  assert.is(walletAmountError('0', 5000), 'Amount must be greater than 0');
  assert.is(walletAmountError('0.00', 5000), 'Amount must be greater than 0');
  assert.is(walletAmountError('abc', 5000), 'Amount must be greater than 0');
  assert.is(walletAmountError('50.01', 5000), 'Amount cannot exceed the balance');
  assert.is(walletAmountError('50', 5000), null);
  assert.is(walletAmountError('0.01', 5000), null);
  assert.is(defaultWalletUse(5000, 29175), 5000);
  assert.is(defaultWalletUse(50000, 29175), 29175);
  assert.is(defaultWalletUse(-300, 29175), 0);
  assert.is(payableBeforeWallet(summary()), 27175, 'what the wallet could cover is the total after the voucher');
});

test('the breakdown lists every non-zero line with the spec\'s labels; deductions negative; card fee for card only', () => {
  const lines = priceLines(summary(), 'CARD');
  assert.equal(lines.map((l) => [l.label, l.amount]), [
    ['Hammer price (2 items)', 20000],
    ['Buyers premium (12.5%)', 2500],
    ['VAT on products', 4000],
    ['VAT on premium', 500],
    ['Shipping', 1500],
    ['Insurance (3%) (covers breakage or loss, not leakage)', 675],
    ['Voucher discount', -2000],
    ['Wallet use', -1000],
    ['Credit card fee (3%)', 785],
  ]);
  assert.not.ok(priceLines(summary(), 'UK_BANK').some((l) => l.key === 'credit_card_surcharge_amount'));
  const late = priceLines(summary({ late_payment_fee_amount: '10.00', late_storage_fee_amount: '3.00', storage_amount: '6.00', debt: '12.00' }), null);
  assert.ok(late.some((l) => l.label === 'Late payment fee (5%)' && l.amount === 1000));
  assert.ok(late.some((l) => l.label === 'Late storage fee' && l.amount === 300));
  assert.ok(late.some((l) => l.label === 'Storage fee' && l.amount === 600));
  assert.ok(late.some((l) => l.label === 'Wallet debt' && l.amount === 1200));
});

test('a voucher worth more than the total leaves a remainder for the wallet', () => {
  assert.is(voucherRemainder(summary({ voucher_remainder_amount: '12.50' })), 1250);
  assert.is(voucherRemainder(summary()), 0);
  assert.is(voucherRemainder(null), 0);
});

test('bank and in-store orders get a composed description: number, amount due, where to pay', () => {
  const order = { order_number: 'WA-2026-000123', amount_due: '269.60' };
  const uk = orderDescription(order, 'UK_BANK', { account_owner_uk: 'Hartley & Reid Ltd', sort_code_uk: '12-34-56', account_number_uk: '12345678' }, null);
  assert.match(uk, 'Your order WA-2026-000123 has been placed.');
  assert.match(uk, 'Amount due: £269.60.');
  assert.match(uk, 'Hartley & Reid Ltd, sort code 12-34-56, account number 12345678');
  const int = orderDescription(order, 'INT_BANK', { account_owner_int: 'H&R', iban_int: 'GB82WEST12345698765432', bic_swift_int: 'WESTGB22' }, null);
  assert.match(int, 'IBAN GB82WEST12345698765432, BIC/SWIFT WESTGB22');
  const store = orderDescription(order, 'IN_STORE', null, { jw_address: '14 Cask Lane, Edinburgh', jw_contact_phone: '+44 131 496 0000' });
  assert.match(store, 'Please pay at our store: 14 Cask Lane, Edinburgh (telephone +44 131 496 0000)');
  const fromOrder = orderDescription({ ...order, store_info: { jw_address: 'From the order' } }, 'IN_STORE', null, { jw_address: 'Settings' });
  assert.match(fromOrder, 'From the order', 'the order\'s own store info wins');
  assert.match(orderDescription({ ...order, amount_due: '0.00' }, 'UK_BANK', null, null), 'There is nothing left to pay.');
});

test('the flattened server field errors (lib/error-text.ts) are found per part of the draft and for the card', () => {
  const errors = flatFieldErrors({
    detail: 'ignored', billing_address: { zip_code: ['bad zip'] }, 'shipping_address.city': ['bad city'],
    payment_method: { details: { card_number: ['Card number is invalid'] } }, used_from_wallet: ['Amount cannot exceed the balance'],
  });
  assert.equal(within(errors, 'billing_address'), { zip_code: 'bad zip' });
  assert.equal(cardFieldErrors(errors), { card_number: 'Card number is invalid' });
  assert.equal(cardFieldErrors({ cvv: 'CVC must be exactly 3 digits' }), { cvv: 'CVC must be exactly 3 digits' });
});

test.run();
