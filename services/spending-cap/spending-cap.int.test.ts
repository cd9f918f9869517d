/** The spending cap per auction through the API and the bid path, across lots and across two server processes. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../testing/harness';
import { bearer, createTestUser, type TestUser } from '../testing/users';
import type { AppContext } from '../context';
import { startSecondProcess, stopSecondProcess } from '../testing/second-process';
import { MINUTE, createAuction, createLot, postBid } from '../bidding/testing';
import { placeBid } from '../bidding/place-bid';
import { isRefusal } from '../bidding/bid-outcome';
import { ClosingScheduler } from '../bidding/closing-scheduler';
import { spendingCapDecider } from '../../domain/spending-cap/decide';
import { spendingCapStream } from './streams';

let t: TestApp;
let ctx2: AppContext;
let alice: TestUser;
let bob: TestUser;

test.before(async () => {
  t = await startTestApp();
  alice = await createTestUser(t, { feePaid: true });
  bob = await createTestUser(t, { feePaid: true });
  ctx2 = startSecondProcess(t);
});

test.after(async () => {
  await stopSecondProcess(ctx2);
  await t.close();
});

const api = (user: TestUser, method: 'GET' | 'PUT' | 'DELETE', auctionId: string, payload?: object) =>
  t.app.inject({ method, url: `/api/spending_caps/${auctionId}/`, headers: bearer(user), payload });
const capEvents = async (user: TestUser, auctionId: string) =>
  (await t.ctx.store.readStream(spendingCapStream(user.id, auctionId))).map((e) => e.type);

async function auctionWithLots(count: number, endsInMs = 30 * MINUTE) {
  const auctionId = await createAuction(t.ctx, t.clock.now(), endsInMs);
  const lots = [];
  for (let i = 0; i < count; i++) lots.push((await createLot(t.ctx, t.clock.now(), { auctionId, endsInMs })).lotId);
  return { auctionId, lots };
}

test('set, raise, lower and remove a cap; bad input and unknown auctions change nothing; a cap is only its owner\'s', async () => {
  const { auctionId } = await auctionWithLots(1);
  assert.equal((await api(alice, 'GET', auctionId)).json(), (await api(alice, 'GET', auctionId)).json());
  assert.is((await api(alice, 'GET', auctionId)).json().cap, null);

  const set = await api(alice, 'PUT', auctionId, { cap: '100' });
  assert.is(set.statusCode, 200);
  assert.equal([set.json().cap, set.json().exposure, set.json().remaining, set.json().over_cap], ['100.00', '0.00', '100.00', false]);
  assert.is((await api(alice, 'PUT', auctionId, { cap: 250.5 })).json().cap, '250.50');
  assert.is((await api(alice, 'PUT', auctionId, { cap: '80' })).json().cap, '80.00');

  const bad = await api(alice, 'PUT', auctionId, { cap: 'lots' });
  assert.is(bad.statusCode, 400);
  assert.equal(bad.json(), { cap: ['Enter your cap in pounds, e.g. 500 or 500.50.'] });
  const tiny = await api(alice, 'PUT', auctionId, { cap: '9.99' });
  assert.equal([tiny.statusCode, tiny.json().detail], [400, 'Your spending cap must be between £10 and £10,000,000.']);
  assert.is((await api(alice, 'PUT', '00000000-0000-4000-8000-000000000000', { cap: '100' })).statusCode, 404);
  assert.is((await api(alice, 'PUT', 'not-an-id', { cap: '100' })).statusCode, 404);
  assert.is((await t.app.inject({ method: 'GET', url: `/api/spending_caps/${auctionId}/` })).statusCode, 401);
  assert.equal(await capEvents(alice, auctionId), ['SpendingCapSet', 'SpendingCapSet', 'SpendingCapSet']);

  assert.is((await api(bob, 'GET', auctionId)).json().cap, null, 'Bob sees only his own (no) cap');
  const list = await t.app.inject({ method: 'GET', url: '/api/spending_caps/', headers: bearer(alice) });
  assert.equal(list.json().results.map((r: { auction: { id: string } }) => r.auction.id), [auctionId]);
  assert.equal((await t.app.inject({ method: 'GET', url: '/api/spending_caps/', headers: bearer(bob) })).json().results, []);

  assert.is((await api(alice, 'DELETE', auctionId)).json().cap, null);
  const again = await api(alice, 'DELETE', auctionId);
  assert.equal([again.statusCode, again.json().detail], [400, 'You have no spending cap for this auction.']);
  assert.equal((await t.app.inject({ method: 'GET', url: '/api/spending_caps/', headers: bearer(alice) })).json().results, []);
});

test('a bid over the cap is refused naming it; being outbid frees the room; a won lot counts its hammer', async () => {
  const { auctionId, lots: [a, b] } = await auctionWithLots(2);
  const short = (await createLot(t.ctx, t.clock.now(), { auctionId, endsInMs: 10 * MINUTE })).lotId;
  const carol = await createTestUser(t, { feePaid: true });
  await api(carol, 'PUT', auctionId, { cap: '100' });

  assert.is((await postBid(t, carol, { bid: '60', lot: a })).statusCode, 201);
  const over = await postBid(t, carol, { bid: '50', lot: b });
  assert.equal([over.statusCode, over.json().detail], [400, 'This bid would bring your total in this auction to £110, over your spending cap of £100.']);
  const exact = await postBid(t, carol, { bid: '40', lot: b });
  assert.is(exact.statusCode, 201, exact.body);

  // Bob outbids Carol on lot A: A stops counting, so £60 of room is back.
  assert.is((await postBid(t, bob, { bid: '200', lot: a })).statusCode, 201);
  assert.is((await postBid(t, carol, { bid: '55', lot: short })).statusCode, 201);
  const view = (await api(carol, 'GET', auctionId)).json();
  assert.equal([view.exposure, view.remaining], ['95.00', '5.00']);

  // The short lot closes: won at its hammer (the opening bid, £10), no longer her £55 maximum.
  t.clock.set(new Date(t.clock.now().getTime() + 10 * MINUTE));
  await new ClosingScheduler(t.ctx).runOnce();
  await t.ctx.projections.settle();
  const after = (await api(carol, 'GET', auctionId)).json();
  assert.equal([after.exposure, after.lots.map((l: { kind: string; exposure: string }) => [l.kind, l.exposure]).sort()],
    ['50.00', [['leading', '40.00'], ['won', '10.00']]]);
  assert.equal(await capEvents(carol, auctionId), ['SpendingCapSet', 'BidCountedAgainstCap', 'BidCountedAgainstCap', 'BidCountedAgainstCap']);
});

test('lowering the cap below the exposure keeps standing bids and refuses new ones', async () => {
  const { auctionId, lots: [a, b] } = await auctionWithLots(2);
  const dora = await createTestUser(t, { feePaid: true });
  assert.is((await postBid(t, dora, { bid: '80', lot: a })).statusCode, 201, 'a bid before any cap');
  const lowered = (await api(dora, 'PUT', auctionId, { cap: '50' })).json();
  assert.equal([lowered.exposure, lowered.over_cap, lowered.remaining], ['80.00', true, '0.00']);
  const refused = await postBid(t, dora, { bid: '10', lot: b });
  assert.match(refused.json().detail, /total in this auction to £90, over your spending cap of £50\./);
});

test('two bids on two lots at the same instant, each within the cap alone, on two processes: only one passes', async () => {
  for (let round = 0; round < 5; round++) {
    const { auctionId, lots: [a, b] } = await auctionWithLots(2);
    const erin = await createTestUser(t, { feePaid: true });
    await api(erin, 'PUT', auctionId, { cap: '100' });
    const erinAuth = { id: erin.id, is_staff: false, session_id: 's' };
    const bids = await Promise.all([
      placeBid(t.ctx, erinAuth, { lotId: a, pence: 6_000, idempotencyKey: null, requestId: `r${round}a` }),
      placeBid(ctx2, erinAuth, { lotId: b, pence: 6_000, idempotencyKey: null, requestId: `r${round}b` }),
    ]);
    const refusals = bids.filter(isRefusal);
    assert.is(refusals.length, 1, `round ${round}: exactly one of the two bids passes`);
    assert.match(refusals[0].refused.message, /over your spending cap of £100\./);
    await t.ctx.projections.settle();
    assert.is((await api(erin, 'GET', auctionId)).json().exposure, '60.00');
  }
});

test('a cap set through the other process is known to this one at its next bid', async () => {
  const { auctionId, lots: [a, b] } = await auctionWithLots(2);
  const finn = await createTestUser(t, { feePaid: true });
  // Both processes have taken an uncapped bid of Finn's before.
  assert.is((await postBid(t, finn, { bid: '30', lot: a })).statusCode, 201);
  const other = await placeBid(ctx2, { id: finn.id, is_staff: false, session_id: 's' }, { lotId: b, pence: 2_000, idempotencyKey: null, requestId: 'x' });
  assert.not.ok(isRefusal(other));
  await ctx2.commands.handle(spendingCapStream(finn.id, auctionId), spendingCapDecider,
    { type: 'SetSpendingCap', user_id: finn.id, auction_id: auctionId, cap: 6_000, auction_open: true, now: t.clock.now().toISOString() });
  const refused = await postBid(t, finn, { bid: '40', lot: b });
  assert.equal([refused.statusCode, refused.json().detail], [400, 'This bid would bring your total in this auction to £70, over your spending cap of £60.']);
  assert.is((await postBid(t, finn, { bid: '30', lot: b })).statusCode, 201);
});

test('uncapped bidders leave no cap stream behind', async () => {
  const { auctionId, lots: [a] } = await auctionWithLots(1);
  assert.is((await postBid(t, bob, { bid: '25', lot: a })).statusCode, 201);
  assert.equal(await capEvents(bob, auctionId), []);
});

test.run();
