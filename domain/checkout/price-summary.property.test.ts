/**
 * Property test over seeded random drafts: whatever the draft, the summary's lines add up, nothing is negative, the
 * wallet never goes above the balance and voucher + wallet never above the total; and a draft is refused only for
 * one of the documented reasons.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { seededRandom, type Random } from '../../services/catalogue/seed/random';
import { DomainError } from '../shared/errors';
import { priceSummary, sumOfCharges } from './price-summary';
import { isDeliverable } from './shipping';
import { daysAgo, draft, won, stored } from './test-fixtures';
import { PAYMENT_METHODS, SERVICES, type Carrier, type PriceInput, type PriceSummary, type StoragePeriodChoice } from './types';

const CARRIERS: (Carrier | null)[] = ['DPD', 'DHL', 'UPS', 'DPD', 'DHL', 'UPS', 'Non Deliverable Zone', null];
const PERIODS: (StoragePeriodChoice | null)[] = [
  null, { storage_type: 'days', value: 45 }, { storage_type: 'months', value: 3 },
  { storage_type: 'months', value: 6 }, { storage_type: 'months', value: 12 },
];

function randomDraft(r: Random): PriceInput {
  const balance = r.chance(0.3) ? -r.int(1, 50_000) : r.int(0, 200_000);
  const voucherKind = r.pick(['none', 'fixed', 'percent'] as const);
  return draft({
    service: r.pick(SERVICES),
    won_lots: Array.from({ length: r.chance(0.1) ? 0 : r.int(1, 20) }, () =>
      won(r.chance(0.05) ? 0 : r.int(1, 5_000_000), { vat_enabled: r.chance(0.3), auction_ended_at: daysAgo(r.next() * 200) })),
    stored_lots: Array.from({ length: r.chance(0.5) ? 0 : r.int(1, 5) }, () => stored(daysAgo(r.next() * 260 - 200))),
    carrier: r.pick(CARRIERS),
    insurance: r.chance(0.7),
    storage: r.pick(PERIODS),
    payment_method: r.chance(0.1) ? null : r.pick(PAYMENT_METHODS),
    voucher: voucherKind === 'none' ? null
      : voucherKind === 'fixed' ? { code: 'FIX', kind: 'fixed', value: r.int(0, r.chance(0.2) ? 10_000_000 : 20_000) }
      : { code: 'PCT', kind: 'percent', value: r.int(0, 12_000) },
    wallet_balance_pence: balance,
    // mostly within the balance, sometimes above it (refused), sometimes above the total (capped)
    wallet_requested_pence: r.chance(0.3) ? 0 : r.chance(0.1) ? Math.max(balance, 0) + r.int(1, 1000) : r.int(0, Math.max(balance, 0)),
  });
}

/** Why this draft may be refused; the summary must refuse it with that message (and only then). */
function expectedRefusal(d: PriceInput): string | null {
  if (d.service === 'wallet_settle') {
    if (d.wallet_balance_pence >= 0) return 'Wallet settle is only possible while your wallet balance is negative.';
  } else {
    if (d.won_lots.length === 0 && d.stored_lots.length === 0) return 'You have no won lots to pay for.';
    if (d.service === 'delivery' && !isDeliverable(d.carrier)) return 'We do not ship to this country. Please select an alternative shipping address.';
  }
  if (d.wallet_requested_pence > Math.max(d.wallet_balance_pence, 0)) return 'Invalid input';
  return null;
}

function checkInvariants(d: PriceInput, s: PriceSummary) {
  for (const [key, value] of Object.entries(s)) {
    if (typeof value !== 'number') continue;
    assert.ok(value >= 0, `${key} is negative: ${value}`);
    if (!key.endsWith('_percent')) assert.ok(Number.isInteger(value), `${key} is not whole pence: ${value}`);
  }
  assert.is(s.total, sumOfCharges(s), 'total is the sum of the charge lines');
  assert.is(s.credit_debit_card, s.total - s.voucher_discount_amount - s.used_from_wallet + s.credit_card_surcharge_amount);
  assert.ok(s.used_from_wallet <= Math.max(d.wallet_balance_pence, 0), 'wallet above the balance');
  assert.ok(s.used_from_wallet <= d.wallet_requested_pence, 'wallet above the request');
  assert.ok(s.voucher_discount_amount + s.used_from_wallet <= s.total, 'voucher + wallet above the total');
  if (d.payment_method !== 'CARD') assert.is(s.credit_card_surcharge_amount, 0);
  if (d.voucher?.kind !== 'fixed') assert.is(s.voucher_remainder_amount, 0);
  else assert.is(s.voucher_discount_amount + s.voucher_remainder_amount, d.voucher.value);
  if (d.service === 'wallet_settle') {
    assert.is(s.total, -d.wallet_balance_pence);
    assert.is(s.items_count, 0);
  } else {
    assert.is(s.debt, 0);
    assert.is(s.items_count, d.won_lots.length + d.stored_lots.length);
  }
  if (d.service !== 'delivery') assert.equal([s.shipping_amount, s.insurance_amount], [0, 0]);
  if (d.service !== 'storage') assert.is(s.storage_amount, 0);
}

test('over thousands of random drafts the summary always adds up and stays within the wallet and the total', () => {
  const r = seededRandom(20260308);
  const seen = { priced: 0, refused: 0, walletCoversAll: 0, voucherRemainder: 0, late: 0 };
  for (let i = 0; i < 5000; i++) {
    const d = randomDraft(r);
    const expected = expectedRefusal(d);
    let summary: PriceSummary | null = null;
    try {
      summary = priceSummary(d);
    } catch (e) {
      assert.instance(e, DomainError, `unexpected error ${String(e)}`);
      assert.is((e as DomainError).message, expected, JSON.stringify(d));
      seen.refused++;
      continue;
    }
    assert.is(expected, null, `priced a draft that should be refused: ${JSON.stringify(d)}`);
    checkInvariants(d, summary);
    seen.priced++;
    if (summary.credit_debit_card === 0 && summary.used_from_wallet > 0) seen.walletCoversAll++;
    if (summary.voucher_remainder_amount > 0) seen.voucherRemainder++;
    if (summary.late_payment_fee_amount > 0) seen.late++;
  }
  // the generator reaches the interesting corners (so the invariants were checked there)
  for (const [corner, count] of Object.entries(seen)) assert.ok(count > 20, `${corner}: only ${count}`);
});

test.run();
