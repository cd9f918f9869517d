import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { printableOrderHtml, summaryLines, type PrintableOrder } from './print';

const order: PrintableOrder = {
  id: 'o1', created_at: '2026-03-05T10:00:00Z', status: 'paid', reference_no: 'WA-2026-000123',
  lots: [{ lot_id: 'l1', title: 'Ardbeg <script>alert(1)</script>', subtitle: '10 Year Old', total: '150.00' }],
  summary: { total: '165.00', product_total: '120.00', buyers_premium: '15.00', shipping_amount: '0.00', insurance_amount: '0.00', voucher_discount_amount: '5.00' },
};

test('summary lines leave out zero shipping and insurance, show the discount as a minus, end with the total', () => {
  assert.equal(summaryLines(order).map((l) => [l.label, l.value]), [
    ['Hammer price', '£120'], ["Buyer's premium", '£15'], ['Voucher discount', '-£5'], ['Total', '£165'],
  ]);
  const shipped = summaryLines({ summary: { ...order.summary, shipping_amount: '12.50', insurance_amount: '4.05' } });
  assert.equal(shipped.map((l) => l.label), ['Hammer price', "Buyer's premium", 'Shipping', 'Insurance', 'Voucher discount', 'Total']);
});

test('with the full price summary: every charge the invoice names, the voucher, surcharge, total, then the wallet part', () => {
  const costs = {
    subtotal: '120.00', buyers_commission_amount: '15.00', buyers_commission_vat_amount: '3.00', vat_on_products_amount: '24.00',
    shipping_amount: '12.50', insurance_amount: '4.05', storage_amount: '0.00', delivery_storage_amount: '0.00',
    late_payment_fee_amount: '8.00', late_storage_fee_amount: '0.00', debt: '0.00', total: '186.55',
    voucher_discount_amount: '10.00', used_from_wallet: '20.00', credit_card_surcharge_amount: '4.70', items_count: 1,
  };
  const lines = summaryLines({ costs, summary: { ...order.summary, total: '181.25' } });
  assert.equal(lines.map((l) => [l.label, l.value]), [
    ['Hammer price', '£120'], ["Buyer's premium (12.5%)", '£15'], ["VAT on buyer's premium (20%)", '£3'], ['VAT on hammer (20%)', '£24'],
    ['Shipping', '£12.50'], ['Insurance', '£4.05'], ['Late payment fee (5%)', '£8'], ['Voucher discount', '-£10'],
    ['Card surcharge (3%)', '£4.70'], ['Total', '£181.25'], ['Paid from your wallet', '-£20'],
  ]);
  assert.ok(lines.at(-1)!.note);
  // A delivery order names its carrier on the shipping line.
  const carried = summaryLines({ costs, summary: { ...order.summary, total: '181.25' }, carrier: 'DPD' });
  assert.ok(carried.some((l) => l.label === 'Shipping by DPD' && l.value === '£12.50'));
});

test('the printable view names the order and its total, and escapes what the catalogue wrote', () => {
  const html = printableOrderHtml(order);
  assert.match(html, /WA-2026-000123/);
  assert.match(html, /£165/);
  assert.match(html, /Ardbeg &lt;script&gt;alert\(1\)&lt;\/script&gt;/);
  assert.not.match(html, /<script>/);
});

test.run();
