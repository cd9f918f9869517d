import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { saleFields, saleOf } from './sale-status';

const row = (over: Partial<Parameters<typeof saleOf>[0]> = {}) => ({
  id: 'lot-1', outcome: 'sold', hammer_price_pence: 20_000, reserve_fee_pence: 500, paid_at: null, credited_at: null, ...over,
});

test('given an unsold or open lot, when shown to its seller, then no costs and no payment status', () => {
  for (const outcome of ['unsold', null]) {
    assert.equal(saleFields(saleOf(row({ outcome, hammer_price_pence: null }))), { seller_costs: null, payment_status: null, paid_to_wallet_at: null });
  }
});

test('given a sold lot not paid for, when shown, then its costs and awaiting buyer payment', () => {
  const f = saleFields(saleOf(row()));
  assert.equal([f.seller_costs?.net_proceeds, f.payment_status, f.paid_to_wallet_at], ['180.00', 'awaiting_buyer_payment', null]);
});

test('given the proceeds credited to the wallet, when shown, then paid to wallet at the credit time', () => {
  const at = new Date('2026-11-20T10:00:00Z');
  const f = saleFields(saleOf(row({ credited_at: at, paid_at: new Date('2026-11-20T09:59:59Z') })));
  assert.equal([f.payment_status, f.paid_to_wallet_at], ['paid_to_wallet', at.toISOString()]);
});

test('given a paid lot whose hammer left nothing to credit, when shown, then paid at the purchase payment time', () => {
  const at = new Date('2026-11-21T08:00:00Z');
  const f = saleFields(saleOf(row({ hammer_price_pence: 0, paid_at: at })));
  assert.equal([f.seller_costs?.net_proceeds, f.payment_status, f.paid_to_wallet_at], ['0.00', 'paid_to_wallet', at.toISOString()]);
});

test.run();
