import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sql } from 'kysely';
import type { TestApp } from '../testing/harness';
import { bearer, createTestUser, type TestUser } from '../testing/users';
import { createAuction, consignLot, getJson, placeBid, startCatalogueTestApp } from './testing/fixtures';

let t: TestApp;
let staff: TestUser;
let seller: TestUser;
let buyer: TestUser;

test.before(async () => {
  t = await startCatalogueTestApp();
  [staff, seller, buyer] = await Promise.all([createTestUser(t, { staff: true }), createTestUser(t), createTestUser(t, { feePaid: true })]);
});
test.after(async () => t.close());

const HOUR = 3_600_000;
const inject = (method: 'GET' | 'PATCH' | 'POST', url: string, user: TestUser | null, payload?: object) =>
  t.app.inject({ method, url, headers: user ? bearer(user) : {}, ...(payload ? { payload } : {}) });

test('staff lot calls: 401 anonymous, 403 for a non-staff user', async () => {
  const auction = await createAuction(t, staff, { startOffsetMs: HOUR });
  const lot = await consignLot(t, staff, auction.id, seller.id);
  for (const [method, url, body] of [
    ['GET', `/api/staff/lots/?auction_id=${auction.id}`, undefined],
    ['PATCH', `/api/staff/lots/${lot.id}/`, { title: 'X' }],
    ['POST', `/api/staff/lots/${lot.id}/withdraw/`, { reason: 'X' }],
    ['POST', `/api/staff/lots/${lot.id}/end/`, { ends_at: auction.end_date }],
  ] as const) {
    assert.is((await inject(method, url, null, body)).statusCode, 401, url);
    assert.is((await inject(method, url, seller, body)).statusCode, 403, url);
  }
});

test('staff edit a lot before the start: item fields, estimate, opening bid, reserve; the event names the staff member', async () => {
  const auction = await createAuction(t, staff, { startOffsetMs: HOUR });
  const lot = await consignLot(t, staff, auction.id, seller.id);
  const res = await inject('PATCH', `/api/staff/lots/${lot.id}/`, staff, {
    title: 'Macallan 18 Sherry', estimated_value: '350', opening_bid: '25', reserve_price: '200', distillery: { name: 'Macallan', region: 'Speyside' },
  });
  assert.is(res.statusCode, 200, res.body);
  const body = res.json();
  assert.equal([body.item.title, body.item.estimated_value, body.bid_stats.opening_bid, body.reserve_price, body.staff_status, body.editable],
    ['Macallan 18 Sherry', '350.00', '25.00', '200.00', 'scheduled', true]);
  const events = await t.ctx.store.readStream(`lot-${lot.id}`);
  const edited = events.find((e) => e.type === 'LotEdited')!;
  assert.equal((edited.data as { edited_by: string }).edited_by, staff.id);
  assert.equal((edited.data as { changed: string[] }).changed, ['item.title', 'item.estimated_value_pence', 'opening_bid_pence', 'reserve_price_pence']);
  assert.is(edited.metadata.user_id, staff.id);
  // Public readers see the new title.
  assert.is((await getJson(t, `/api/lots/${lot.id}/`)).item.title, 'Macallan 18 Sherry');
});

test('edits are validated by field, and refused once the auction has started', async () => {
  const future = await createAuction(t, staff, { startOffsetMs: HOUR });
  const lot = await consignLot(t, staff, future.id, seller.id);
  const bad = await inject('PATCH', `/api/staff/lots/${lot.id}/`, staff, { title: '', opening_bid: 'ten', colour: 'gold' });
  assert.is(bad.statusCode, 400);
  assert.ok(bad.json().title && bad.json().opening_bid, bad.body);

  const running = await createAuction(t, staff);
  const started = await consignLot(t, staff, running.id, seller.id);
  const refused = await inject('PATCH', `/api/staff/lots/${started.id}/`, staff, { title: 'Late change' });
  assert.is(refused.statusCode, 400, refused.body);
  assert.match(refused.body, 'This lot can no longer be edited: its auction has started.');
  const end = await inject('POST', `/api/staff/lots/${started.id}/end/`, staff, { ends_at: running.end_date });
  assert.match(end.body, 'The end of this lot can no longer be changed: its auction has started.');
});

test('staff withdraw a running lot with a reason: bids are refused with "This lot has been withdrawn.", no winner', async () => {
  const auction = await createAuction(t, staff);
  const lot = await consignLot(t, staff, auction.id, seller.id);
  await placeBid(t, lot.id, buyer.id, 5_000);
  const missing = await inject('POST', `/api/staff/lots/${lot.id}/withdraw/`, staff, { reason: '  ' });
  assert.is(missing.statusCode, 400);
  assert.equal(missing.json(), { reason: ['Please give a reason for withdrawing this lot.'] });

  const res = await inject('POST', `/api/staff/lots/${lot.id}/withdraw/`, staff, { reason: 'Seal broken' });
  assert.is(res.statusCode, 200, res.body);
  const body = res.json();
  assert.equal([body.staff_status, body.status, body.withdrawn, body.withdrawal_reason, body.withdrawn_by, body.on_bidding],
    ['withdrawn', 'unsold', true, 'Seal broken', staff.id, false]);
  const types = (await t.ctx.store.readStream(`lot-${lot.id}`)).map((e) => e.type);
  assert.equal(types.slice(-2), ['LotWithdrawn', 'LotClosed']);

  const bid = await t.app.inject({ method: 'POST', url: '/api/bids/', headers: bearer(buyer), payload: { lot: lot.id, bid: '100' } });
  assert.is(bid.statusCode, 400, bid.body);
  assert.match(bid.body, 'This lot has been withdrawn.');

  // Buyers see no reason; the list shows the lot as withdrawn.
  const publicLot = await getJson(t, `/api/lots/${lot.id}/`);
  assert.equal([publicLot.withdrawn, publicLot.withdrawal_reason], [true, null]);
  const list = await getJson(t, `/api/staff/lots/?auction_id=${auction.id}`, staff);
  assert.equal(list.map((l: { staff_status: string }) => l.staff_status), ['withdrawn']);
  const again = await inject('POST', `/api/staff/lots/${lot.id}/withdraw/`, staff, { reason: 'Twice' });
  assert.is(again.statusCode, 200, 'withdrawing again changes nothing');
  assert.is(again.json().withdrawal_reason, 'Seal broken');
});

test('staff reschedule an auction before it starts: its lots move with it, staggered ends kept', async () => {
  const auction = await createAuction(t, staff, { startOffsetMs: HOUR, lengthMs: 2 * HOUR });
  const a = await consignLot(t, staff, auction.id, seller.id);
  const b = await consignLot(t, staff, auction.id, seller.id);
  assert.is((await inject('POST', `/api/staff/auctions/${auction.id}/stagger/`, staff, { interval_seconds: 120 })).statusCode, 200);
  const start = new Date(Date.parse(auction.start_date) + 24 * HOUR).toISOString();
  const end = new Date(Date.parse(auction.end_date) + 25 * HOUR).toISOString();
  assert.is((await inject('POST', `/api/staff/auctions/${auction.id}/schedule/`, seller, { start_date: start, end_date: end })).statusCode, 403);
  const bad = await inject('POST', `/api/staff/auctions/${auction.id}/schedule/`, staff, { start_date: start, end_date: start });
  assert.equal(bad.json(), { end_date: ['The end date must be after the start date.'] });

  const res = await inject('POST', `/api/staff/auctions/${auction.id}/schedule/`, staff, { start_date: start, end_date: end });
  assert.is(res.statusCode, 200, res.body);
  const body = res.json();
  assert.equal([body.auction.start_date, body.auction.end_date], [start, end]);
  assert.equal(body.lots.map((l: { id: string; start_date: string; end_date: string }) => [l.id, l.start_date, l.end_date]), [
    [a.id, start, end], [b.id, start, new Date(Date.parse(end) + 120_000).toISOString()],
  ]);
  const events = await t.ctx.store.readStream(`auction-${auction.id}`);
  assert.equal(events.map((e) => e.type), ['AuctionCreated', 'AuctionRescheduled']);
  assert.is((events[1]!.data as { by: string }).by, staff.id);
});

test('the staff lot list needs a valid auction id', async () => {
  assert.is((await inject('GET', '/api/staff/lots/?auction_id=nope', staff)).statusCode, 400);
});

test('a title edited before the start names the lot in later notifications, unless a custom title overrides it', async () => {
  const auction = await createAuction(t, staff, { startOffsetMs: HOUR });
  const plain = await consignLot(t, staff, auction.id, seller.id);
  const custom = await consignLot(t, staff, auction.id, seller.id, { custom_title: 'The Sherry Bomb' });
  for (const lot of [plain, custom]) {
    assert.is((await inject('PATCH', `/api/staff/lots/${lot.id}/`, staff, { title: 'Macallan 18 Double Cask' })).statusCode, 200);
  }
  const [first, second] = await Promise.all([createTestUser(t, { feePaid: true }), createTestUser(t, { feePaid: true })]);
  t.clock.advance(HOUR + 60_000);
  for (const lot of [plain, custom]) {
    await placeBid(t, lot.id, first.id, 5_000);
    await placeBid(t, lot.id, second.id, 9_000);
  }
  await t.ctx.projections.settle();
  const { rows } = await sql<{ lot_id: string; text: string }>`
    SELECT lot_id, text FROM notifications WHERE user_id = ${first.id} AND template = 'outbid'`.execute(t.ctx.db);
  const textOf = (lotId: string) => rows.find((r) => r.lot_id === lotId)?.text;
  assert.is(textOf(plain.id), 'You have been outbid on Macallan 18 Double Cask');
  assert.is(textOf(custom.id), 'You have been outbid on The Sherry Bomb');
});

test.run();
