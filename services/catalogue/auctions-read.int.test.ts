import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TestApp } from '../testing/harness';
import { createTestUser, type TestUser } from '../testing/users';
import { closeLot, consignLot, createAuction, finishAuction, getJson, placeBid, startCatalogueTestApp } from './testing/fixtures';

const DAY = 86_400_000;
let t: TestApp;
let staff: TestUser, seller: TestUser, buyer: TestUser;
const a: Record<string, { id: string; start_date: string; end_date: string }> = {};

const idsOf = (page: { results: { id: string }[] }) => page.results.map((r) => r.id);

test.before(async () => {
  t = await startCatalogueTestApp();
  [staff, seller, buyer] = await Promise.all([createTestUser(t, { staff: true }), createTestUser(t), createTestUser(t, { feePaid: true })]);
  const t0 = t.clock.now().getTime();
  a.old = await createAuction(t, staff, { startOffsetMs: -400 * DAY, lengthMs: 7 * DAY });
  a.pastA = await createAuction(t, staff, { startOffsetMs: -30 * DAY, lengthMs: 7 * DAY });
  a.pastB = await createAuction(t, staff, { startOffsetMs: -20 * DAY, lengthMs: 7 * DAY });
  a.live = await createAuction(t, staff, { startOffsetMs: -DAY, lengthMs: 7 * DAY });
  a.next = await createAuction(t, staff, { startOffsetMs: 10 * DAY, lengthMs: 7 * DAY });
  a.later = await createAuction(t, staff, { startOffsetMs: 300 * DAY, lengthMs: 7 * DAY });

  const won = (await consignLot(t, staff, a.pastA.id, seller.id)).id;
  const unsold = (await consignLot(t, staff, a.pastA.id, seller.id, { reserve_price: '500' })).id;
  const lost = (await consignLot(t, staff, a.pastA.id, seller.id)).id;
  const noBids = (await consignLot(t, staff, a.pastB.id, seller.id)).id;
  t.clock.set(new Date(t0 - 25 * DAY));
  await placeBid(t, won, buyer.id, 5_000);
  await placeBid(t, unsold, buyer.id, 5_000);
  await placeBid(t, lost, buyer.id, 2_000);
  await placeBid(t, lost, 'someone-else', 9_000);
  t.clock.set(new Date(Date.parse(a.pastA.end_date) + 1000));
  for (const lot of [won, unsold, lost]) await closeLot(t, lot);
  await finishAuction(t, a.pastA.id);
  t.clock.set(new Date(Date.parse(a.pastB.end_date) + 1000));
  await closeLot(t, noBids); // pastB is left unfinished: past because its end has passed and no lot is open
  t.clock.set(new Date(t0));

  const liveLot = (await consignLot(t, staff, a.live.id, seller.id)).id;
  await placeBid(t, liveLot, buyer.id, 1_000);
  await consignLot(t, staff, a.next.id, seller.id);
});
test.after(async () => t.close());

test('auctions by time: live, next (soonest first), past (most recent first)', async () => {
  assert.equal(idsOf(await getJson(t, '/api/auctions/?time=live')), [a.live.id]);
  assert.equal(idsOf(await getJson(t, '/api/auctions/?time=next')), [a.next.id, a.later.id]);
  assert.equal(idsOf(await getJson(t, '/api/auctions/?time=past')), [a.pastB.id, a.pastA.id, a.old.id]);
  const all = await getJson(t, '/api/auctions/');
  assert.is(all.count, 6);
  assert.equal(Object.keys(all.results[0]).sort(), ['bottles_add_deadline', 'end_date', 'finished', 'id', 'lot_count', 'sequence_no', 'start_date', 'status', 'year']);
  assert.is((await t.app.inject({ method: 'GET', url: '/api/auctions/?time=soon' })).statusCode, 400);
});

test('auctions by year, page size (default 25) and check_deadline', async () => {
  assert.equal(idsOf(await getJson(t, '/api/auctions/?year=2025')), [a.old.id]);
  const paged = await getJson(t, '/api/auctions/?page_size=2&page=2');
  assert.equal([paged.count, paged.total_pages, paged.results.length], [6, 3, 2]);
  // The default deadline is the start date: only auctions not started yet are still open for bottles.
  assert.equal(idsOf(await getJson(t, '/api/auctions/?check_deadline=true')).sort(), [a.later.id, a.next.id].sort());
});

test('a live auction stays live past its end while lots are open, then becomes past', async () => {
  const t0 = t.clock.now();
  t.clock.set(new Date(Date.parse(a.live.end_date) + 60_000));
  try {
    assert.equal(idsOf(await getJson(t, '/api/auctions/?time=live')), [a.live.id]);
    const status = await getJson(t, '/api/auctions/status/');
    assert.is(status.is_live, true);
  } finally {
    t.clock.set(t0);
  }
});

test('the auction status summary', async () => {
  const s = await getJson(t, '/api/auctions/status/');
  assert.equal(s, {
    is_live: true,
    live_auction_id: a.live.id,
    live_start_date: a.live.start_date,
    live_end_date: a.live.end_date,
    live_sequence_no: (await getJson(t, '/api/auctions/?time=live')).results[0].sequence_no,
    next_auction_id: a.next.id,
    next_start_date: a.next.start_date,
    next_end_date: a.next.end_date,
    next_deadline: a.next.start_date,
  });
});

test('auction years, most recent first; bid increments as decimal bands', async () => {
  assert.equal(await getJson(t, '/api/auction_years/'), [2027, 2026, 2025]);
  const bands = await getJson(t, '/api/bid_increments/');
  assert.is(bands.length, 9);
  assert.equal(bands[0], { from: '0.00', to: '100.00', step: '5.00' });
  assert.equal(bands[3], { from: '1000.00', to: '2500.00', step: '50.00' });
  assert.equal(bands[8], { from: '100000.00', to: null, step: '2500.00' });
});

test('the buyer\'s auction dates: won and not won', async () => {
  assert.equal(idsOf(await getJson(t, '/api/won_lots_auction_dates/?limit=777', buyer)), [a.pastA.id]);
  assert.equal(idsOf(await getJson(t, '/api/not_won_lots_auction_dates/?limit=777', buyer)), [a.pastA.id]);
  assert.equal(idsOf(await getJson(t, '/api/won_lots_auction_dates/', seller)), []);
});

test('the seller\'s auction dates: sold and not sold, most recent first', async () => {
  assert.equal(idsOf(await getJson(t, '/api/sold_lots_auction_dates/?limit=777', seller)), [a.pastA.id]);
  assert.equal(idsOf(await getJson(t, '/api/not_sold_lots_auction_dates/?limit=777', seller)), [a.pastB.id, a.pastA.id]);
  assert.equal(idsOf(await getJson(t, '/api/sold_lots_auction_dates/', buyer)), []);
});

test('my_auctions: where the caller sells or bids, future or past', async () => {
  assert.equal(idsOf(await getJson(t, '/api/my_auctions/?time=future&limit=777', buyer)), [a.live.id]);
  assert.equal(idsOf(await getJson(t, '/api/my_auctions/?time=past', buyer)), [a.pastA.id]);
  assert.equal(idsOf(await getJson(t, '/api/my_auctions/?time=future', seller)), [a.next.id, a.live.id]);
  assert.is((await getJson(t, '/api/my_auctions/?limit=1', seller)).total_pages, 4);
});

test('the user auction lists need a signed-in user', async () => {
  for (const path of ['my_auctions', 'won_lots_auction_dates', 'not_won_lots_auction_dates', 'sold_lots_auction_dates', 'not_sold_lots_auction_dates']) {
    assert.is((await t.app.inject({ method: 'GET', url: `/api/${path}/?limit=777` })).statusCode, 401, path);
  }
});

test.run();
