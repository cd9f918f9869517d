import { randomUUID } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../testing/harness';
import { bearer, createTestUser, type TestUser } from '../testing/users';
import { closingScheduler } from './closing-scheduler';
import { MINUTE, createLot, postBid, replayLot } from './testing';

let t: TestApp;
let seller: TestUser;
let alice: TestUser;

test.before(async () => {
  t = await startTestApp();
  [seller, alice] = await Promise.all([createTestUser(t, { feePaid: true }), createTestUser(t, { feePaid: true })]);
});

test.after(async () => {
  await t.close();
});

const patch = (user: TestUser | null, lotId: string, payload: unknown) =>
  t.app.inject({ method: 'PATCH', url: `/api/update_reserve_price/${lotId}/`, headers: user ? bearer(user) : {}, payload: payload as object });

test('the seller moves the reserve; reserve_met and the price follow', async () => {
  const { lotId } = await createLot(t.ctx, t.clock.now(), { sellerId: seller.id, reservePence: 20_000 });
  const bid = await postBid(t, alice, { bid: '100', lot: lotId });
  assert.is(bid.json().reserve_met, false);

  // Alice's maximum covers a £80 reserve: the price jumps to it.
  const lowered = await patch(seller, lotId, { reserve_price: '80' });
  assert.is(lowered.statusCode, 200, lowered.body);
  assert.equal(lowered.json(), {
    id: lotId,
    reserve_price: '80.00',
    reserve_met: true,
    bid_stats: { step: '5.00', current_bid: '80.00', is_winning: false, current_user_bid: null },
  });

  const raised = await patch(seller, lotId, { reserve_price: 150 });
  assert.is(raised.statusCode, 200);
  assert.equal([raised.json().reserve_price, raised.json().reserve_met, raised.json().bid_stats.current_bid], ['150.00', false, '80.00']);

  const removed = await patch(seller, lotId, { reserve_price: null });
  assert.equal([removed.json().reserve_price, removed.json().reserve_met], [null, true]);

  const { state, stored } = await replayLot(t.ctx, lotId);
  assert.equal([state.reservePrice, state.currentPrice], [null, 8_000]);
  assert.is(stored.filter((e) => e.type === 'ReservePriceChanged').length, 3);
});

test('only the seller may change it (403), signed in (401), on a lot that exists (404)', async () => {
  const { lotId } = await createLot(t.ctx, t.clock.now(), { sellerId: seller.id, reservePence: 20_000 });
  const other = await patch(alice, lotId, { reserve_price: '10' });
  assert.is(other.statusCode, 403);
  assert.match(other.json().detail, /seller/);
  assert.is((await patch(null, lotId, { reserve_price: '10' })).statusCode, 401);
  assert.is((await patch(seller, randomUUID(), { reserve_price: '10' })).statusCode, 404);
  assert.is((await patch(seller, 'not-a-lot', { reserve_price: '10' })).statusCode, 404);
  assert.is((await replayLot(t.ctx, lotId)).state.reservePrice, 20_000);
});

test('bad input: the first message is under reserve_price', async () => {
  const { lotId } = await createLot(t.ctx, t.clock.now(), { sellerId: seller.id });
  const missing = await patch(seller, lotId, {});
  assert.is(missing.statusCode, 400);
  assert.equal(missing.json(), { reserve_price: ['This field is required'] });
  const words = await patch(seller, lotId, { reserve_price: 'a lot' });
  assert.is(words.statusCode, 400);
  assert.is(Object.keys(words.json()).join(), 'reserve_price');
});

test('after the lot has ended, and once it has closed, the reserve cannot change', async () => {
  const { lotId, endsAt } = await createLot(t.ctx, t.clock.now(), { sellerId: seller.id, reservePence: 5_000, endsInMs: 5 * MINUTE });
  const saved = t.clock.now();
  try {
    t.clock.set(new Date(Date.parse(endsAt) + 1000));
    const ended = await patch(seller, lotId, { reserve_price: '10' });
    assert.is(ended.statusCode, 400);
    assert.equal(ended.json(), { reserve_price: ['The reserve price cannot be changed after the lot has ended.'] });

    const pass = await closingScheduler(t.ctx).runOnce();
    assert.ok(pass.closedLots.includes(lotId));
    const closed = await patch(seller, lotId, { reserve_price: '10' });
    assert.is(closed.statusCode, 400);
    assert.ok(closed.json().reserve_price);
    assert.is((await replayLot(t.ctx, lotId)).state.reservePrice, 5_000);
  } finally {
    t.clock.set(saved);
  }
});

test.run();
