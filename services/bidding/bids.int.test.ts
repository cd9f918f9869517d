import { randomUUID } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../testing/harness';
import { createTestUser, type TestUser } from '../testing/users';
import { createContext } from '../context';
import { buildApp } from '../app';
import { MESSAGES, SOFT_CLOSE_MS } from '../../domain/catalogue/lot/place-bid';
import { BID_RESULT_MESSAGES } from '../../domain/catalogue/lot/bid-result';
import { accountDecider } from '../../domain/accounts/decide';
import { userStream } from '../../domain/accounts/events';
import { KEY_REUSED } from './idempotency';
import { MINUTE, createLot, eventsOf, postBid, replayLot } from './testing';

let t: TestApp;
let seller: TestUser;
let alice: TestUser;
let bob: TestUser;

test.before(async () => {
  t = await startTestApp();
  [seller, alice, bob] = await Promise.all([
    createTestUser(t, { feePaid: true }),
    createTestUser(t, { feePaid: true }),
    createTestUser(t, { feePaid: true }),
  ]);
});

test.after(async () => {
  await t.close();
});

const lot = (options: Parameters<typeof createLot>[2] = {}) => createLot(t.ctx, t.clock.now(), { sellerId: seller.id, ...options });
const placedBids = async (lotId: string) => eventsOf((await replayLot(t.ctx, lotId)).stored, 'BidPlaced');

test('a bid needs a signed-in user (401)', async () => {
  const { lotId } = await lot();
  const res = await postBid(t, null, { bid: '10', lot: lotId });
  assert.is(res.statusCode, 401);
  assert.ok(res.json().detail);
  assert.is((await placedBids(lotId)).length, 0);
});

test('bad input is answered with field errors', async () => {
  const empty = await postBid(t, alice, {});
  assert.is(empty.statusCode, 400);
  assert.equal(empty.json(), { bid: ['This field is required'], lot: ['This field is required'] });

  const wrong = await postBid(t, alice, { bid: 'ten pounds', lot: 'lot-7' });
  assert.is(wrong.statusCode, 400);
  const body = wrong.json();
  assert.equal(Object.keys(body).sort(), ['bid', 'lot']);
  assert.match(body.bid[0], /pounds/);

  const zero = await postBid(t, alice, { bid: 0, lot: randomUUID() });
  assert.is(zero.statusCode, 400);
  assert.ok(zero.json().bid);

  const badKey = await postBid(t, alice, { bid: '10', lot: randomUUID() }, { 'idempotency-key': 'has spaces in it' });
  assert.is(badKey.statusCode, 400);
  assert.ok(badKey.json()['Idempotency-Key']);
});

test('an unknown lot is 404', async () => {
  const res = await postBid(t, alice, { bid: '10', lot: randomUUID() });
  assert.is(res.statusCode, 404);
  assert.equal(res.json(), { detail: MESSAGES.notFound });
});

test('an accepted bid answers from the lot state and is in the stream', async () => {
  const { lotId } = await lot();
  const res = await postBid(t, alice, { bid: '25.50', lot: lotId, slug: 'macallan-18' });
  assert.is(res.statusCode, 201, res.body);
  const body = res.json();
  assert.equal(body, {
    message: BID_RESULT_MESSAGES.highest,
    is_highest_bid: true,
    reserve_met: true,
    bid_stats: { step: '5.00', current_bid: '10.00', is_winning: true, current_user_bid: '25.50' },
    bid_id: body.bid_id,
  });
  const [placed] = await placedBids(lotId);
  assert.equal([placed.data.bid_id, placed.data.bidder_id, placed.data.max_bid], [body.bid_id, alice.id, 2550]);
  assert.is(placed.metadata.user_id, alice.id);

  // A number of pounds is accepted too; Bob is outbid at once by Alice's maximum.
  const outbid = await postBid(t, bob, { bid: 20, lot: lotId });
  assert.is(outbid.statusCode, 201);
  assert.equal(outbid.json().message, BID_RESULT_MESSAGES.outbid);
  assert.equal(outbid.json().bid_stats, { step: '5.00', current_bid: '25.00', is_winning: false, current_user_bid: '20.00' });
});

test('a bid below the next minimum is refused with the minimum and writes nothing', async () => {
  const { lotId } = await lot();
  assert.is((await postBid(t, alice, { bid: '100', lot: lotId })).statusCode, 201);
  const before = (await replayLot(t.ctx, lotId)).version;
  const res = await postBid(t, bob, { bid: '12', lot: lotId });
  assert.is(res.statusCode, 400);
  assert.equal(res.json(), { detail: 'Your bid must be at least £15.' });
  assert.is((await replayLot(t.ctx, lotId)).version, before);
});

test('the registration fee must be paid first, and paying it takes effect at once', async () => {
  const unpaid = await createTestUser(t, { feePaid: false });
  const { lotId } = await lot();
  const refused = await postBid(t, unpaid, { bid: '10', lot: lotId });
  assert.is(refused.statusCode, 400);
  assert.equal(refused.json(), { detail: MESSAGES.registrationFee });

  await t.ctx.commands.handle(userStream(unpaid.id), accountDecider, {
    type: 'RecordRegistrationFeePaid', amount_pence: 500, reference: 'test', by: 'test', now: t.clock.now().toISOString(),
  });
  const accepted = await postBid(t, unpaid, { bid: '10', lot: lotId });
  assert.is(accepted.statusCode, 201, accepted.body);
});

test('a seller cannot bid on their own lot', async () => {
  const { lotId } = await lot();
  const res = await postBid(t, seller, { bid: '50', lot: lotId });
  assert.is(res.statusCode, 400);
  assert.equal(res.json(), { detail: MESSAGES.ownLot });
  assert.is((await placedBids(lotId)).length, 0);
});

test('the server clock decides: a bid at the end instant is refused', async () => {
  const { lotId, endsAt } = await lot({ endsInMs: 10 * MINUTE });
  const saved = t.clock.now();
  try {
    t.clock.set(endsAt);
    const res = await postBid(t, alice, { bid: '10', lot: lotId });
    assert.is(res.statusCode, 400);
    assert.equal(res.json(), { detail: MESSAGES.ended });
    assert.is((await placedBids(lotId)).length, 0);
  } finally {
    t.clock.set(saved);
  }
});

test('soft close: a bid in the last 3 minutes extends the lot, a refused one does not', async () => {
  const { lotId, endsAt } = await lot({ endsInMs: 2 * MINUTE });
  const accepted = await postBid(t, alice, { bid: '40', lot: lotId });
  assert.is(accepted.statusCode, 201);
  const afterAccepted = await replayLot(t.ctx, lotId);
  const extendedTo = t.clock.now().getTime() + SOFT_CLOSE_MS;
  assert.is(afterAccepted.state.endsAtMs, extendedTo);
  assert.ok(extendedTo > Date.parse(endsAt));

  t.clock.advance(MINUTE);
  const refused = await postBid(t, bob, { bid: '11', lot: lotId });
  assert.is(refused.statusCode, 400);
  assert.is((await replayLot(t.ctx, lotId)).state.endsAtMs, extendedTo, 'a refused bid leaves the end alone');

  const later = await postBid(t, bob, { bid: '60', lot: lotId });
  assert.is(later.statusCode, 201);
  assert.is((await replayLot(t.ctx, lotId)).state.endsAtMs, t.clock.now().getTime() + SOFT_CLOSE_MS);
  t.clock.advance(-MINUTE);
});

test('a retried bid with the same Idempotency-Key answers the first answer and places nothing new, even after a restart', async () => {
  const { lotId } = await lot();
  const key = { 'idempotency-key': `bid-${randomUUID()}` };
  const first = await postBid(t, alice, { bid: '30', lot: lotId }, key);
  assert.is(first.statusCode, 201);
  const again = await Promise.all([postBid(t, alice, { bid: '30', lot: lotId }, key), postBid(t, alice, { bid: '30.00', lot: lotId }, key)]);
  for (const res of again) {
    assert.is(res.statusCode, 201);
    assert.equal(res.json(), first.json());
  }
  assert.is((await placedBids(lotId)).length, 1);

  // The same key from another user is another request.
  const bobs = await postBid(t, bob, { bid: '45', lot: lotId }, key);
  assert.is(bobs.statusCode, 201);
  assert.is((await placedBids(lotId)).length, 2);

  // A new process (empty memory) still knows the key: the answer was stored with the events.
  const ctx2 = createContext(t.ctx.config, t.database.url, { clock: t.clock, poolSize: 2 });
  const app2 = await buildApp(ctx2);
  try {
    const replay = await postBid({ app: app2 }, alice, { bid: '30', lot: lotId }, key);
    assert.is(replay.statusCode, 201);
    assert.equal(replay.json(), first.json());
    // Reused there for a bid that would be accepted: the key's row refuses it inside the same transaction.
    const reused = await postBid({ app: app2 }, alice, { bid: '80', lot: lotId }, key);
    assert.is(reused.statusCode, 409, reused.body);
    assert.equal(reused.json(), { detail: KEY_REUSED });
    const fresh = await postBid({ app: app2 }, alice, { bid: '80', lot: lotId }, { 'idempotency-key': `bid-${randomUUID()}` });
    assert.is(fresh.statusCode, 201, 'the writer carries on after the refused batch');
  } finally {
    await app2.close();
    await ctx2.db.destroy();
  }
  assert.equal((await placedBids(lotId)).map((e) => e.data.max_bid), [3000, 4500, 8000]);
});

test('a key reused for a different bid is a 409 and places nothing', async () => {
  const { lotId } = await lot();
  const key = { 'idempotency-key': `bid-${randomUUID()}` };
  assert.is((await postBid(t, alice, { bid: '30', lot: lotId }, key)).statusCode, 201);
  const reused = await postBid(t, alice, { bid: '80', lot: lotId }, key);
  assert.is(reused.statusCode, 409);
  assert.equal(reused.json(), { detail: KEY_REUSED });
  assert.is((await placedBids(lotId)).length, 1);
});

test('a refused bid with a key is not kept: the retry is decided again', async () => {
  const { lotId } = await lot();
  await postBid(t, bob, { bid: '100', lot: lotId });
  const key = { 'idempotency-key': `bid-${randomUUID()}` };
  assert.is((await postBid(t, alice, { bid: '12', lot: lotId }, key)).statusCode, 400);
  assert.is((await postBid(t, alice, { bid: '12', lot: lotId }, key)).statusCode, 400);
  assert.is((await placedBids(lotId)).length, 1);
});

test.run();
