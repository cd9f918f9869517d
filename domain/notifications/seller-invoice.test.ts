import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sellerInvoiceNotice, type SellerAuctionFacts } from './seller-invoice';

const AT = '2026-11-23T12:00:00.000Z';
const facts = (o: Partial<SellerAuctionFacts>): SellerAuctionFacts =>
  ({ auction_id: 'a1', seller_id: 's1', auction_finished: true, lots: [{ outcome: 'sold', paid: true }, { outcome: 'unsold', paid: false }], ...o });

test('given a finished auction whose sold lots are all paid, the seller is told once, by an id from auction and seller', () => {
  const notice = sellerInvoiceNotice(facts({}), AT)!;
  assert.equal([notice.user_id, notice.template, notice.auction_id, notice.lot_id, notice.created_at], ['s1', 'full_seller_invoice_available', 'a1', null, AT]);
  assert.is(sellerInvoiceNotice(facts({ lots: [{ outcome: 'withdrawn', paid: false }, { outcome: 'sold', paid: true }] }), 'later')!.id, notice.id);
  assert.is.not(sellerInvoiceNotice(facts({ seller_id: 's2' }), AT)!.id, notice.id);
});

test('not while the auction runs, a lot is open, a sold lot is unpaid, or the seller had no lots', () => {
  assert.is(sellerInvoiceNotice(facts({ auction_finished: false }), AT), null);
  assert.is(sellerInvoiceNotice(facts({ lots: [{ outcome: null, paid: false }] }), AT), null);
  assert.is(sellerInvoiceNotice(facts({ lots: [{ outcome: 'sold', paid: true }, { outcome: 'sold', paid: false }] }), AT), null);
  assert.is(sellerInvoiceNotice(facts({ lots: [] }), AT), null);
});

test('a seller who sold nothing gets the statement when the auction finishes', () => {
  assert.ok(sellerInvoiceNotice(facts({ lots: [{ outcome: 'unsold', paid: false }] }), AT));
});

test.run();
