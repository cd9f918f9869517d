import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DomainError, type ValidationError } from '../shared/errors';
import { defaultWalletUse, priceSummary } from './price-summary';
import { NOW, daysAgo, daysFromNow, draft, hoursAgo, stored, won } from './test-fixtures';
import type { PriceInput } from './types';

const price = (overrides: Partial<PriceInput>) => priceSummary(draft(overrides));
function refused(overrides: Partial<PriceInput>, kind: DomainError['kind'], message: string | Record<string, string[]>) {
  try {
    price(overrides);
  } catch (e) {
    assert.instance(e, DomainError);
    assert.is((e as DomainError).kind, kind);
    if (typeof message === 'string') assert.is((e as DomainError).message, message);
    else assert.equal((e as ValidationError).fields, message);
    return;
  }
  assert.unreachable('expected a refusal');
}

test('the worked example of docs/checkout.md adds up line by line', () => {
  const summary = price({
    service: 'delivery', carrier: 'DPD', insurance: true, payment_method: 'CARD', now: NOW,
    won_lots: [
      won(25000, { auction_ended_at: '2026-03-01T20:00:00.000Z' }),
      won(8750, { vat_enabled: true, auction_ended_at: '2026-03-15T20:00:00.000Z' }),
    ],
    stored_lots: [stored('2026-03-17T09:00:00.000Z')],
    voucher: { code: 'SPRING20', kind: 'fixed', value: 2000 },
    wallet_balance_pence: 5000, wallet_requested_pence: 5000,
  });
  assert.equal(summary, {
    items_count: 3, subtotal: 33750, buyers_commission_amount: 4219, vat_on_products_amount: 1750,
    buyers_commission_vat_amount: 844, shipping_amount: 1750, insurance_amount: 1139, storage_amount: 0,
    delivery_storage_amount: 0, late_payment_fee_amount: 1438, late_storage_fee_amount: 400, debt: 0, total: 45290,
    voucher_discount_amount: 2000, voucher_remainder_amount: 0, used_from_wallet: 5000,
    credit_card_surcharge_amount: 1149, credit_debit_card: 39439, buyers_commission_percent: 12.5,
    insurance_percent: 3, late_payment_fee_percent: 5, credit_card_surcharge_percent: 3, vat_enabled: true,
  });
});

test('buyer\'s premium is 12.5% of the subtotal, rounded once half up (not per lot)', () => {
  const s = price({ won_lots: [won(1), won(3)] }); // 12.5% of 4p = 0.5p -> 1p; per lot it would be 0 + 0
  assert.equal([s.subtotal, s.buyers_commission_amount], [4, 1]);
  assert.is(price({ won_lots: [won(10003)] }).buyers_commission_amount, 1250); // 1250.375 -> 1250
});

test('VAT 20% on the premium always, and on the hammer of vat_enabled lots only (mixed lots)', () => {
  const s = price({ won_lots: [won(10000, { vat_enabled: true }), won(5000), won(2503, { vat_enabled: true })] });
  assert.is(s.buyers_commission_amount, 2188); // 12.5% of 17503 = 2187.875
  assert.is(s.buyers_commission_vat_amount, 438); // 20% of the 2188 line = 437.6
  assert.is(s.vat_on_products_amount, 2501); // 20% of 12503 = 2500.6
  assert.is(s.vat_enabled, true);
  const none = price({ won_lots: [won(10000)] });
  assert.equal([none.vat_on_products_amount, none.buyers_commission_vat_amount, none.vat_enabled], [0, 250, false]);
});

test('delivery: shipping for every bottle (won and stored), insurance 3% of hammer + premium of the won lots', () => {
  const base = { service: 'delivery' as const, carrier: 'DHL' as const, won_lots: [won(10000), won(2000)], stored_lots: [stored()] };
  const insured = price({ ...base, insurance: true });
  assert.is(insured.shipping_amount, 3500 + 500 + 500);
  assert.is(insured.insurance_amount, 405); // 3% of 12000 + 1500
  assert.is(price({ ...base, insurance: false }).insurance_amount, 0);
  assert.is(price({ ...base, stored_lots: [], won_lots: [won(10000)], carrier: 'UPS', insurance: true }).shipping_amount, 6000);
});

test('only delivery ships or insures', () => {
  for (const service of ['collection', 'storage'] as const) {
    const s = price({ service, carrier: 'DPD', insurance: true, won_lots: [won(10000)] });
    assert.equal([s.shipping_amount, s.insurance_amount], [0, 0], service);
  }
});

test('delivery to a Non Deliverable Zone, or to no known zone, is refused', () => {
  const message = 'We do not ship to this country. Please select an alternative shipping address.';
  refused({ service: 'delivery', carrier: 'Non Deliverable Zone', won_lots: [won(1000)] }, 'rule_broken', message);
  refused({ service: 'delivery', carrier: null, won_lots: [won(1000)] }, 'rule_broken', message);
});

test('storage: the chosen period for every lot (won and stored), the 45 free days cost nothing', () => {
  const lots = { service: 'storage' as const, won_lots: [won(1000)], stored_lots: [stored(), stored()] };
  assert.is(price({ ...lots, storage: { storage_type: 'months', value: 6 } }).storage_amount, 3 * 6 * 300);
  assert.is(price({ ...lots, storage: { storage_type: 'days', value: 45 } }).storage_amount, 0);
  assert.is(price({ ...lots, storage: null }).storage_amount, 0);
  assert.is(price({ service: 'collection', won_lots: [won(1000)], storage: { storage_type: 'months', value: 6 } }).storage_amount, 0);
  refused({ ...lots, storage: { storage_type: 'months', value: 4 } }, 'validation', { storage_months: ['Choose one of the offered storage periods.'] });
});

test('storage past the free 45 days is owed on won lots unless a bought period covers it', () => {
  const overdue = [won(1000, { auction_ended_at: daysAgo(46) }), won(1000, { auction_ended_at: daysAgo(80) }), won(1000)];
  for (const service of ['delivery', 'collection'] as const) {
    assert.is(price({ service, carrier: 'DPD', won_lots: overdue }).delivery_storage_amount, 300 + 600, service);
  }
  assert.is(price({ service: 'storage', won_lots: overdue }).delivery_storage_amount, 900);
  assert.is(price({ service: 'storage', won_lots: overdue, storage: { storage_type: 'months', value: 3 } }).delivery_storage_amount, 0);
  assert.is(price({ service: 'collection', won_lots: [won(1000, { auction_ended_at: daysAgo(45) })] }).delivery_storage_amount, 0);
});

test('stored lots past their paid storage pay £1 per lot per started day', () => {
  const s = price({ service: 'delivery', carrier: 'DPD', stored_lots: [stored(daysAgo(2.5)), stored(daysAgo(1)), stored(daysFromNow(3))] });
  assert.is(s.late_storage_fee_amount, 300 + 100);
  assert.is(price({ service: 'storage', stored_lots: [stored(NOW)] }).late_storage_fee_amount, 0);
});

test('late payment: nothing on day 7, 5% of the late lots\' total after it', () => {
  const onDay7 = won(10000, { auction_ended_at: daysAgo(7) });
  assert.is(price({ won_lots: [onDay7, won(5000, { auction_ended_at: hoursAgo(7 * 24 - 1) })] }).late_payment_fee_amount, 0);
  const late = won(10000, { vat_enabled: true, auction_ended_at: new Date(Date.parse(daysAgo(7)) - 1).toISOString() });
  const s = price({ won_lots: [late, onDay7] });
  // late lot: 10000 + 1250 premium + 250 VAT on premium + 2000 VAT on hammer = 13500; 5% = 675
  assert.is(s.late_payment_fee_amount, 675);
  assert.is(price({ won_lots: [won(333, { auction_ended_at: daysAgo(30) })] }).late_payment_fee_amount, 19); // 5% of 383 = 19.15
});

test('wallet settle pays only the debt, and only while the balance is negative', () => {
  const s = price({ service: 'wallet_settle', wallet_balance_pence: -4321, won_lots: [won(1000)], stored_lots: [stored(daysAgo(5))], payment_method: 'CARD' });
  assert.equal([s.debt, s.total, s.subtotal, s.late_storage_fee_amount, s.items_count], [4321, 4321, 0, 0, 0]);
  assert.equal([s.credit_card_surcharge_amount, s.credit_debit_card], [130, 4451]);
  const message = 'Wallet settle is only possible while your wallet balance is negative.';
  refused({ service: 'wallet_settle', wallet_balance_pence: 0 }, 'rule_broken', message);
  refused({ service: 'wallet_settle', wallet_balance_pence: 100 }, 'rule_broken', message);
  refused({ service: 'wallet_settle', wallet_balance_pence: -100, wallet_requested_pence: 1 }, 'validation', { used_from_wallet: ['Amount cannot exceed the balance'] });
});

test('the debt is 0 outside wallet settle, even with a negative balance', () => {
  assert.is(price({ won_lots: [won(1000)], wallet_balance_pence: -5000 }).debt, 0);
});

test('nothing to pay for: no won lots and no stored lots', () => {
  for (const service of ['delivery', 'storage', 'collection'] as const) {
    refused({ service, carrier: 'DPD' }, 'rule_broken', 'You have no won lots to pay for.');
  }
  assert.is(price({ service: 'delivery', carrier: 'DPD', stored_lots: [stored()] }).total, 1250);
});

test('a fixed voucher is capped at the total; the rest goes to the wallet', () => {
  const s = price({ won_lots: [won(1000)], voucher: { code: 'BIG', kind: 'fixed', value: 5000 } }); // total 1150
  assert.equal([s.total, s.voucher_discount_amount, s.voucher_remainder_amount, s.credit_debit_card], [1150, 1150, 3850, 0]);
  const small = price({ won_lots: [won(1000)], voucher: { code: 'SMALL', kind: 'fixed', value: 150 } });
  assert.equal([small.voucher_discount_amount, small.voucher_remainder_amount, small.credit_debit_card], [150, 0, 1000]);
});

test('a percent voucher is a share of the total, rounded once, never above it', () => {
  const s = price({ won_lots: [won(1001)], voucher: { code: 'TEN', kind: 'percent', value: 1000 } }); // total 1001 + 125 + 25 = 1151
  assert.equal([s.total, s.voucher_discount_amount, s.voucher_remainder_amount], [1151, 115, 0]); // 115.1
  const all = price({ won_lots: [won(1001)], voucher: { code: 'ALL', kind: 'percent', value: 15000 } });
  assert.equal([all.voucher_discount_amount, all.voucher_remainder_amount, all.credit_debit_card], [1151, 0, 0]);
});

test('wallet use: refused above the balance, capped at what is left after the voucher, may cover all', () => {
  const lots = { won_lots: [won(1000)] }; // total 1150
  refused({ ...lots, wallet_balance_pence: 500, wallet_requested_pence: 501 }, 'validation', { used_from_wallet: ['Amount cannot exceed the balance'] });
  refused({ ...lots, wallet_balance_pence: 500, wallet_requested_pence: -1 }, 'validation', { used_from_wallet: ['Amount must be greater than 0'] });
  const part = price({ ...lots, wallet_balance_pence: 500, wallet_requested_pence: 500 });
  assert.equal([part.used_from_wallet, part.credit_debit_card], [500, 650]);
  const all = price({ ...lots, payment_method: 'CARD', wallet_balance_pence: 9000, wallet_requested_pence: 9000, voucher: { code: 'V', kind: 'fixed', value: 150 } });
  assert.equal([all.voucher_discount_amount, all.used_from_wallet, all.credit_card_surcharge_amount, all.credit_debit_card], [150, 1000, 0, 0]);
});

test('card surcharge: 3% of what remains to pay, for CARD only', () => {
  const lots = { won_lots: [won(10000)], wallet_balance_pence: 1000, wallet_requested_pence: 1000 }; // total 11500
  assert.equal(price({ ...lots, payment_method: 'CARD' }).credit_card_surcharge_amount, 315); // 3% of 10500
  assert.equal(price({ ...lots, payment_method: 'CARD' }).credit_debit_card, 10815);
  for (const method of ['UK_BANK', 'INT_BANK', 'IN_STORE', null] as const) {
    assert.is(price({ ...lots, payment_method: method }).credit_card_surcharge_amount, 0, String(method));
  }
});

test('items_count counts won and stored lots; percent fields are numbers', () => {
  const s = price({ service: 'storage', won_lots: [won(1), won(2)], stored_lots: [stored()] });
  assert.equal([s.items_count, s.buyers_commission_percent, s.insurance_percent, s.late_payment_fee_percent, s.credit_card_surcharge_percent], [3, 12.5, 3, 5, 3]);
});

test('the wallet control\'s default is the smaller of balance and total, never negative', () => {
  assert.is(defaultWalletUse(500, 1150), 500);
  assert.is(defaultWalletUse(5000, 1150), 1150);
  assert.is(defaultWalletUse(-300, 1150), 0);
  assert.is(defaultWalletUse(500, 0), 0);
});

test.run();
