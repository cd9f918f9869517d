import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TestApp } from '../../testing/harness';
import { bearer, createTestUser, type TestUser } from '../../testing/users';
import { createOrder, draft, getJson, staffPost, startOrderApp, wonLots } from '../../orders/testing';
import { pdfText } from '../../wallet/testing';
import { auctionStream } from '../../catalogue/streams';
import { auctionDecider } from '../../../domain/catalogue/auction/decide';

let t: TestApp;
let staff: TestUser;
let seller: TestUser;
let buyer: TestUser;
let other: TestUser;
let a: { id: string; reference_no: string };
let b: { id: string; reference_no: string };
let otherLot: { id: string; reference_no: string };
let auctionId: string;

interface SellerLot { id: string; auction: string; seller_costs: Record<string, string> | null; payment_status: string | null; paid_to_wallet_at: string | null }

const londonDate = (date: Date) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Europe/London' }).format(date);

const sellerPdf = (user: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(user) });

async function recent(user: TestUser): Promise<SellerLot[]> {
  return (await getJson(t, user, '/api/recent_auctions_result/')).results;
}

test.before(async () => {
  ({ t, staff, seller } = await startOrderApp());
  [buyer, other] = await Promise.all([createTestUser(t, { firstName: 'Isla', lastName: 'Grant' }), createTestUser(t, { firstName: 'Other', lastName: 'Seller' })]);
  // £200 with a reserve (fees £10 + £5 + £5, net £180) and £100 without (fees £5 + £5, net £90).
  [a, b] = await wonLots(t, staff, buyer, seller, [{ hammer: 20_000, reserve: true }, { hammer: 10_000 }]);
  [otherLot] = await wonLots(t, staff, buyer, other, [{ hammer: 5_000 }], 2);
  auctionId = (await recent(seller))[0]!.auction;
});

test.after(async () => t.close());

test('a sold lot the buyer has not paid: its costs and net, awaiting buyer payment', async () => {
  const lots = await recent(seller);
  const lotA = lots.find((l) => l.id === a.id)!;
  assert.equal(lotA.seller_costs, {
    hammer: '200.00', commission: '10.00', listing_fee: '5.00', reserve_fee: '5.00', total_fees: '20.00', net_proceeds: '180.00', vat_in_fees: '3.33',
  });
  assert.equal([lotA.payment_status, lotA.paid_to_wallet_at], ['awaiting_buyer_payment', null]);
  const lotB = lots.find((l) => l.id === b.id)!;
  assert.equal([lotB.seller_costs?.reserve_fee, lotB.seller_costs?.net_proceeds, lotB.payment_status], ['0.00', '90.00', 'awaiting_buyer_payment']);

  const pdf = await sellerPdf(seller, '/api/auctions/get_last_auction_seller_pdf/');
  assert.is(pdf.statusCode, 200, pdf.body);
  assert.is(pdf.json().mime_type, 'application/pdf');
  const text = pdfText(pdf.json().file);
  assert.match(text, 'Seller statement');
  assert.match(text, 'VAT registration number');
  assert.match(text, a.reference_no);
  assert.match(text, '£180.00');
  assert.match(text, /Net proceeds\s+£270\.00/);
  assert.match(text, /Awaiting buyer payment\s+£270\.00/);
  assert.ok(!text.includes('Paid to your wallet on'));
});

test('after the buyer pays: paid to the wallet, with the date, in the lists and the statement', async () => {
  const placed = await createOrder(t, buyer, 'collection', draft('UK_BANK'));
  assert.is(placed.statusCode, 201, placed.body);
  const paid = await staffPost(t, staff, `/api/staff/orders/${placed.json().order_id}/payment_received/`, { reference: 'BACS 1' });
  assert.is(paid.statusCode, 200, paid.body);

  const lots = await recent(seller);
  for (const id of [a.id, b.id]) {
    const lot = lots.find((l) => l.id === id)!;
    assert.is(lot.payment_status, 'paid_to_wallet');
    assert.is(lot.paid_to_wallet_at, t.clock.now().toISOString());
  }

  const pdf = await sellerPdf(seller, `/api/auctions/${auctionId}/get_seller_pdf/`);
  assert.is(pdf.statusCode, 200, pdf.body);
  const text = pdfText(pdf.json().file);
  assert.match(text, `Paid to your wallet on ${londonDate(t.clock.now())}`);
  assert.match(text, /Paid to your wallet\s+£270\.00/);
  assert.match(text, /VAT contained in the fees \(20%\)\s+£5\.00/);
  assert.ok(!text.includes(otherLot.reference_no), 'another seller\'s lot is not in the statement');
});

test('the seller is told once that the full statement is ready, when the auction has finished and every sold lot is paid', async () => {
  const ready = async (user: TestUser) => {
    await t.ctx.projections.settle();
    const list = await getJson(t, user, '/api/user_notifications/?limit=50');
    return (list.results as { template: string; auction_id: string }[]).filter((n) => n.template === 'full_seller_invoice_available');
  };
  assert.equal(await ready(seller), [], 'both lots are paid, but the auction has not finished');
  const finish = { type: 'FinishAuction' as const, auction_id: auctionId, open_lot_count: 0, now: new Date(t.clock.now().getTime() + 400 * 86_400_000).toISOString() };
  await t.ctx.commands.handle(auctionStream(auctionId), auctionDecider, finish, { user_id: 'system' });
  const notices = await ready(seller);
  assert.equal(notices.map((n) => n.auction_id), [auctionId]);
  await t.ctx.commands.handle(auctionStream(auctionId), auctionDecider, finish, { user_id: 'system' });
  assert.is((await ready(seller)).length, 1, 'once');
  assert.equal(await ready(other), [], 'the other seller had no lot in this auction');
});

test('another seller sees none of it: not in their lists, 404 for the auction\'s statement', async () => {
  const theirs = await recent(other);
  assert.equal(theirs.map((l) => l.id), [otherLot.id]);
  const res = await sellerPdf(other, `/api/auctions/${auctionId}/get_seller_pdf/`);
  assert.is(res.statusCode, 404);
  assert.ok(!res.body.includes(a.reference_no));
});

test('unknown auctions are 404 Auction not found; a user with no finished lots has no last statement', async () => {
  for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
    const res = await sellerPdf(seller, `/api/auctions/${id}/get_seller_pdf/`);
    assert.equal([res.statusCode, res.json().detail], [404, 'Auction not found.']);
  }
  const nobody = await createTestUser(t);
  assert.is((await sellerPdf(nobody, '/api/auctions/get_last_auction_seller_pdf/')).statusCode, 404);
  assert.is((await t.app.inject({ method: 'GET', url: '/api/auctions/get_last_auction_seller_pdf/' })).statusCode, 401);
});

test.run();
