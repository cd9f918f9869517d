import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TestApp } from '../testing/harness';
import { createTestUser, type TestUser } from '../testing/users';
import { closeLot, consignLot, createAuction, finishAuction, getJson, placeBid, startCatalogueTestApp } from './testing/fixtures';

const DAY = 86_400_000;
let t: TestApp;
let staff: TestUser, seller: TestUser, buyer: TestUser;
const lot: Record<string, string> = {};
let pastA: { id: string }, pastB: { id: string }, live: { id: string };

const ids = (page: { results: { id: string }[] }) => page.results.map((r) => r.id);
const sorted = (xs: string[]) => [...xs].sort();

test.before(async () => {
  t = await startCatalogueTestApp();
  [staff, seller, buyer] = await Promise.all([createTestUser(t, { staff: true }), createTestUser(t), createTestUser(t, { feePaid: true })]);
  const t0 = t.clock.now().getTime();
  pastA = await createAuction(t, staff, { startOffsetMs: -40 * DAY, lengthMs: 7 * DAY });
  pastB = await createAuction(t, staff, { startOffsetMs: -20 * DAY, lengthMs: 7 * DAY });
  live = await createAuction(t, staff);
  const next = await createAuction(t, staff, { startOffsetMs: 10 * DAY });

  const consign = async (name: string, auctionId: string, reserve?: string) =>
    (lot[name] = (await consignLot(t, staff, auctionId, seller.id, { title: name, ...(reserve ? { reserve_price: reserve } : {}) })).id);
  for (const name of ['oldSold', 'oldUnsold']) await consign(name, pastA.id, name === 'oldUnsold' ? '900' : undefined);
  for (const name of ['recentSold', 'recentLost', 'recentUnsold']) await consign(name, pastB.id, name === 'recentUnsold' ? '900' : undefined);
  await consign('met', live.id, '50');
  await consign('notMet', live.id, '500');
  await consign('outbid', live.id);
  await consign('scheduled', next.id);

  for (const [auction, start] of [[pastA, -38], [pastB, -18]] as const) {
    t.clock.set(new Date(t0 + start * DAY));
    for (const [name, id] of Object.entries(lot)) {
      if (!name.startsWith(auction === pastA ? 'old' : 'recent')) continue;
      await placeBid(t, id, buyer.id, 6_000);
      if (name === 'recentLost') await placeBid(t, id, 'rival', 9_000);
    }
    t.clock.set(new Date(t0 + (start + 8) * DAY));
    for (const [name, id] of Object.entries(lot)) if (name.startsWith(auction === pastA ? 'old' : 'recent')) await closeLot(t, id);
    await finishAuction(t, auction.id);
  }
  t.clock.set(new Date(t0));
  await placeBid(t, lot.met, buyer.id, 6_000);
  await placeBid(t, lot.met, 'rival', 7_000); // the rival leads at £65
  await placeBid(t, lot.notMet, buyer.id, 10_000);
  await placeBid(t, lot.outbid, buyer.id, 2_000);
  await placeBid(t, lot.outbid, 'rival', 3_000);
});
test.after(async () => t.close());

test('user_lots_view won: sold to the buyer, or winning a lot still open', async () => {
  const won = await getJson(t, '/api/user_lots_view/?won=true', buyer);
  assert.equal(sorted(ids(won)), sorted([lot.oldSold, lot.recentSold, lot.notMet]));
  const notMet = won.results.find((l: { id: string }) => l.id === lot.notMet);
  assert.equal([notMet.bid_stats.is_winning, notMet.bid_stats.current_user_bid, notMet.reserve_met], [true, '100.00', false]);
});

test('user_lots_view lost: closed to someone else or unsold, or outbid on an open lot', async () => {
  const lost = await getJson(t, '/api/user_lots_view/?won=false', buyer);
  assert.equal(sorted(ids(lost)), sorted([lot.oldUnsold, lot.recentLost, lot.recentUnsold, lot.met, lot.outbid]));
  const byAuction = await getJson(t, `/api/user_lots_view/?won=false&auction=${live.id}`, buyer);
  assert.equal(sorted(ids(byAuction)), sorted([lot.met, lot.outbid]));
  assert.is((await getJson(t, '/api/user_lots_view/?won=true', seller)).count, 0);
  assert.is((await t.app.inject({ method: 'GET', url: '/api/user_lots_view/?won=true' })).statusCode, 401);
});

test('seller lists of open lots by reserve state, with the total of current bids', async () => {
  const met = await getJson(t, '/api/reserve_met/', seller);
  assert.equal(sorted(ids(met)), sorted([lot.met, lot.outbid]));
  assert.is(met.total_amount_bid, '90.00', '£65 + £25');
  assert.is(met.results.find((l: { id: string }) => l.id === lot.met).reserve_price, '50.00', 'the seller sees the reserve');
  const notMet = await getJson(t, '/api/reserve_not_met/', seller);
  assert.equal(ids(notMet), [lot.notMet]);
  assert.equal(ids(await getJson(t, '/api/sheduled_auction/', seller)), [lot.scheduled]);
});

test('seller results: the most recent auction and the ones before, sold and not sold', async () => {
  assert.equal(sorted(ids(await getJson(t, '/api/recent_auctions_result/', seller))), sorted([lot.recentSold, lot.recentLost]));
  assert.equal(ids(await getJson(t, '/api/no_sold_recent_auctions_result/', seller)), [lot.recentUnsold]);
  assert.equal(ids(await getJson(t, '/api/past_auctions_result/', seller)), [lot.oldSold]);
  assert.equal(ids(await getJson(t, '/api/no_sold_past_auctions_result/', seller)), [lot.oldUnsold]);
  const chosen = await getJson(t, `/api/past_auctions_result/?auction=${pastB.id}`, seller);
  assert.equal(sorted(ids(chosen)), sorted([lot.recentSold, lot.recentLost]));
  assert.is(chosen.total_amount_bid, '75.00', 'hammer prices £10 (a lone bidder pays the opening bid) + £65');
});

test('seller lists hold only the caller\'s lots and need a signed-in user', async () => {
  for (const path of ['reserve_met', 'reserve_not_met', 'sheduled_auction', 'recent_auctions_result', 'no_sold_recent_auctions_result', 'past_auctions_result', 'no_sold_past_auctions_result']) {
    assert.is((await getJson(t, `/api/${path}/`, buyer)).count, 0, path);
    assert.is((await t.app.inject({ method: 'GET', url: `/api/${path}/` })).statusCode, 401, path);
  }
});

test.run();
