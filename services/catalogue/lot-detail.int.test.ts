import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TestApp } from '../testing/harness';
import { bearer, createTestUser, type TestUser } from '../testing/users';
import { closeLot, consignLot, createAuction, getJson, placeBid, startCatalogueTestApp } from './testing/fixtures';

let t: TestApp;
let staff: TestUser, seller: TestUser, alice: TestUser, bob: TestUser;
let auctionId: string;
let lotId: string;

test.before(async () => {
  t = await startCatalogueTestApp();
  [staff, seller, alice, bob] = await Promise.all([
    createTestUser(t, { staff: true }), createTestUser(t), createTestUser(t, { feePaid: true }), createTestUser(t, { feePaid: true }),
  ]);
  auctionId = (await createAuction(t, staff)).id;
  lotId = (await consignLot(t, staff, auctionId, seller.id, { reserve_price: '100', title: 'Bowmore 25' })).id;
  await placeBid(t, lotId, alice.id, 5_000);
  await placeBid(t, lotId, bob.id, 8_000);
  // Alice's maximum covers the reserve: the price jumps to the reserve.
  await placeBid(t, lotId, alice.id, 20_000);
});
test.after(async () => t.close());

test('anonymous callers see the price but neither the reserve nor anyone\'s maximum', async () => {
  const lot = await getJson(t, `/api/lots/${lotId}/`);
  assert.is(lot.reserve_price, null);
  assert.is(lot.reserve_met, true);
  assert.is(lot.bid_count > 0, true);
  assert.is(lot.is_watched, false);
  assert.equal(lot.bid_stats, { step: '10.00', current_bid: '100.00', is_winning: false, current_user_bid: null, opening_bid: '10.00', next_minimum_bid: '110.00', has_bids: true });
});

test('the seller and staff see the reserve; bidders do not', async () => {
  assert.is((await getJson(t, `/api/lots/${lotId}/`, seller)).reserve_price, '100.00');
  assert.is((await getJson(t, `/api/lots/${lotId}/`, staff)).reserve_price, '100.00');
  assert.is((await getJson(t, `/api/lots/${lotId}/`, alice)).reserve_price, null);
});

test('each bidder sees only their own maximum and whether they are winning', async () => {
  const a = (await getJson(t, `/api/lots/${lotId}/`, alice)).bid_stats;
  const b = (await getJson(t, `/api/lots/${lotId}/`, bob)).bid_stats;
  assert.equal(a, { step: '10.00', current_bid: '100.00', is_winning: true, current_user_bid: '200.00', opening_bid: '10.00', next_minimum_bid: '110.00', has_bids: true });
  assert.equal(b, { step: '10.00', current_bid: '100.00', is_winning: false, current_user_bid: '80.00', opening_bid: '10.00', next_minimum_bid: '110.00', has_bids: true });
  assert.is((await getJson(t, `/api/lots/${lotId}/`, seller)).bid_stats.current_user_bid, null);
});

test('the bid history is anonymised: "You" for the caller, a stable "Bidder N" for others, never a maximum', async () => {
  const anonymous = (await getJson(t, `/api/bids/?lot=${lotId}`)).results;
  const forAlice = (await getJson(t, `/api/bids/?lot=${lotId}`, alice)).results;
  const forBob = (await getJson(t, `/api/bids/?lot=${lotId}`, bob)).results;
  assert.ok(anonymous.length >= 3);
  assert.equal(new Set(anonymous.map((l: { bidder: string }) => l.bidder)), new Set(['Bidder 1', 'Bidder 2']));
  assert.is(anonymous[0].amount, '100.00', 'newest first: the reserve jump');
  assert.is(anonymous.at(-1).bidder, 'Bidder 1', 'Alice bid first');
  assert.is(anonymous.at(-1).amount, '10.00');
  anonymous.forEach((line: { id: string; bidder: string }, i: number) => {
    assert.is(forAlice[i].id, line.id);
    assert.is(forAlice[i].bidder, line.bidder === 'Bidder 1' ? 'You' : 'Bidder 2');
    assert.is(forBob[i].bidder, line.bidder === 'Bidder 2' ? 'You' : 'Bidder 1');
  });
  assert.not.ok(anonymous.some((l: { amount: string }) => l.amount === '200.00'), 'a maximum is never shown');
  assert.ok(anonymous.some((l: { is_auto: boolean }) => l.is_auto));
});

test('unknown and malformed lot ids are 404', async () => {
  assert.is((await t.app.inject({ method: 'GET', url: '/api/lots/00000000-0000-4000-8000-000000000000/' })).statusCode, 404);
  assert.is((await t.app.inject({ method: 'GET', url: '/api/lots/42/' })).statusCode, 404);
  assert.is((await t.app.inject({ method: 'GET', url: '/api/bids/?lot=42' })).statusCode, 404);
});

test('get_lots_updated_data: live numbers, extended ends and finished lots', async () => {
  const now = t.clock.now().getTime();
  const ending = (await consignLot(t, staff, auctionId, seller.id, { ends_at: new Date(now + 120_000).toISOString() })).id;
  const closing = (await consignLot(t, staff, auctionId, seller.id, { ends_at: new Date(now + 60_000).toISOString() })).id;
  await placeBid(t, ending, bob.id, 1_500); // inside the last 3 minutes: extended
  t.clock.advance(61_000);
  await closeLot(t, closing);

  const res = await t.app.inject({ method: 'POST', url: '/api/get_lots_updated_data/', headers: bearer(bob), payload: { id_list: [lotId, ending, closing] } });
  assert.is(res.statusCode, 200, res.body);
  const body = res.json();
  const data = Object.fromEntries(body.lots_updated_data.map((d: { id: string }) => [d.id, d]));
  assert.equal(data[ending], { id: ending, current_bid: '10.00', bid_step: '5.00', reserve_met: true, on_bidding: true, bid_count: 1, is_winning: true });
  assert.is(data[lotId].current_bid, '100.00');
  assert.is(data[closing].on_bidding, false);
  assert.equal(body.lots_updated_extra_time.map((e: { id: string }) => e.id), [ending]);
  assert.is(body.lots_updated_extra_time[0].extra_time, new Date(now + 180_000).toISOString());
  assert.is(body.lots_updated_extra_time[0].end_date, new Date(now + 180_000).toISOString());
  assert.equal(body.finished_lots, [closing]);

  const bad = await t.app.inject({ method: 'POST', url: '/api/get_lots_updated_data/', payload: { id_list: ['nope'] } });
  assert.is(bad.statusCode, 400);
});

test.run();
