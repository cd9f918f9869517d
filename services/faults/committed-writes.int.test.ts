/**
 * Fault (issue "Every committed write answers as committed"): a read model is locked while a write commits, so the
 * projections cannot apply its events. The write still answers its normal success (built from what the command
 * decided), with `Event-Position` and `Views-Catching-Up: true`; the effect exists exactly once; once the lock is
 * released a read with `Read-After` sees it. Every scenario sends an Idempotency-Key, and its retry (after the lock is
 * gone) replays the first answer byte for byte without a second effect; eight parallel withdrawals with one key make
 * one withdrawal.
 */
import { assertCommittedBehind, LONG_WAIT, SHORT_WAIT, whileLocked } from '../testing/locked-view';
import pg from 'pg';
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../testing/harness';
import { bearer, createTestUser, type TestUser } from '../testing/users';
import { addMethod, api, fund, grantAccess } from '../withdrawal/testing';
import { consignLot, createAuction } from '../catalogue/testing/fixtures';
import { createOrder, draft, wonLots } from '../orders/testing';
import { createLot, postBid } from '../bidding/testing';

let t: TestApp;
let staff: TestUser;
let seller: TestUser;
let buyer: TestUser;


test.before(async () => {
  t = await startTestApp({ workers: false, config: { viewsWaitMs: LONG_WAIT } });
  t.ctx.projections.start();
  staff = await createTestUser(t, { staff: true });
  seller = await createTestUser(t);
  buyer = await createTestUser(t, { feePaid: true, firstName: 'Isla' });
});

test.after(async () => {
  await t.close();
});

/** A GET that waits (Read-After) for the views to reach `position`: they caught up, so no Views-Catching-Up. */
async function readAfter(user: TestUser, url: string, position: string): Promise<LightMyRequestResponse> {
  t.ctx.config.viewsWaitMs = LONG_WAIT;
  try {
    const res = await t.app.inject({ method: 'GET', url, headers: { ...bearer(user), 'read-after': position } });
    assert.is(res.statusCode, 200, res.body);
    assert.is(res.headers['views-catching-up'], undefined);
    return res;
  } finally {
    t.ctx.config.viewsWaitMs = LONG_WAIT;
  }
}

async function countEvents(type: string, streamPrefix: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM events WHERE type = ${type} AND stream_id LIKE ${`${streamPrefix}%`}`.execute(t.ctx.db);
  return rows[0].n;
}

// --- scenarios -------------------------------------------------------------------------------------------------

const withdraw = (user: TestUser, method: string, key: string) =>
  api(t, 'POST', '/api/withdraw/', user, { amount: '40.00', payment_method: method }, { 'idempotency-key': key });

async function withdrawalScenario(user: TestUser, method: string, key: string): Promise<{ res: LightMyRequestResponse; position: string }> {
  const res = await whileLocked(t, 'withdrawals', () => withdraw(user, method, key));
  return { res, position: assertCommittedBehind(res, 201) };
}

const consign = (auctionId: string, key: string) => t.app.inject({
  method: 'POST', url: '/api/staff/lots/', headers: { ...bearer(staff), 'idempotency-key': key },
    payload: {
      auction: auctionId, seller: seller.id, title: 'Port Ellen 1979', distillery: { name: 'Port Ellen', region: 'Islay' },
      estimated_value: '3000', type: 'bottle', age: 24, volume_ml: 700, abv: 57.4,
      warehouse: { id: 'bond-4', name: 'Bond 4, Leith' },
    },
});

async function staffLotScenario(auctionId: string, key: string): Promise<{ res: LightMyRequestResponse; position: string }> {
  const res = await whileLocked(t, 'lots', () => consign(auctionId, key));
  return { res, position: assertCommittedBehind(res, 201) };
}

async function orderScenario(user: TestUser, key: string): Promise<{ res: LightMyRequestResponse; position: string }> {
  const res = await whileLocked(t, 'orders', () => createOrder(t, user, 'collection', draft('UK_BANK'), key));
  return { res, position: assertCommittedBehind(res, 201) };
}

async function bidScenario(user: TestUser, lotId: string, key: string): Promise<{ res: LightMyRequestResponse; position: string }> {
  const res = await whileLocked(t, 'lot_bid_history', () => postBid(t, user, { lot: lotId, bid: 5_000 }, { 'idempotency-key': key }));
  return { res, position: assertCommittedBehind(res, 201) };
}

/** The retry with the same key, once the views are free again: the first answer's bytes, marked as a replay. */
function assertReplay(first: LightMyRequestResponse, retry: LightMyRequestResponse): void {
  assert.is(retry.statusCode, first.statusCode);
  assert.is(retry.body, first.body);
  assert.is(retry.headers['idempotent-replayed'], 'true');
}

// --- tests -----------------------------------------------------------------------------------------------------

test('a withdrawal while the withdrawals view is locked: 201 as always, once, seen after Read-After', async () => {
  await grantAccess(t, buyer);
  const method = await addMethod(t, buyer);
  await fund(t, buyer, 10_000);
  const { res, position } = await withdrawalScenario(buyer, method, 'withdraw-locked');
  const w = res.json();
  assert.equal(w, {
    id: w.id, amount: '40.00', status: 'awaiting_code', payment_method: { id: method, type: 'UK_BANK', label: 'UK account ••••5678' },
    created_at: t.clock.now().toISOString(), code_expires_at: new Date(t.clock.now().getTime() + 10 * 60_000).toISOString(),
  });
  assert.is(await countEvents('WithdrawalRequested', 'withdrawal-'), 1);
  const listed = (await readAfter(buyer, '/api/withdraw/', position)).json();
  assert.equal(listed.results.map((r: { id: string; status: string }) => [r.id, r.status]), [[w.id, 'awaiting_code']]);
  assertReplay(res, await withdraw(buyer, method, 'withdraw-locked'));
  assert.is(await countEvents('WithdrawalRequested', 'withdrawal-'), 1, 'the retry moved nothing');
});

test('a staff lot while the lots view is locked: 201 with the lot, byte for byte what the view shows later', async () => {
  const auction = await createAuction(t, staff);
  // The auction's first lot starts its reference counter (counted from the lots view); the next ones never read it.
  await consignLot(t, staff, auction.id, seller.id);
  const before = await countEvents('LotConsigned', 'lot-');
  const { res, position } = await staffLotScenario(auction.id, 'lot-locked');
  const lot = res.json();
  assert.is(lot.item.title, 'Port Ellen 1979');
  assert.is(lot.auction, auction.id);
  assert.is(await countEvents('LotConsigned', 'lot-'), before + 1);
  const shown = await readAfter(staff, `/api/lots/${lot.id}/`, position);
  assert.is(shown.body, JSON.stringify({ ...lot, note: shown.json().note }));
  assertReplay(res, await consign(auction.id, 'lot-locked'));
  assert.is(await countEvents('LotConsigned', 'lot-'), before + 1, 'the retry consigned nothing');
});

test('an order while the orders view is locked: 201 with the order, once, in the history after Read-After', async () => {
  const orderer = await createTestUser(t, { feePaid: true });
  await wonLots(t, staff, orderer, seller, [{ hammer: 12_000 }]);
  const { res, position } = await orderScenario(orderer, 'order-locked');
  const order = res.json();
  assert.equal(Object.keys(order), ['order_number', 'amount_due', 'order_id', 'status', 'payment_method', 'bank_details']);
  assert.equal([order.amount_due, order.status], ['138.00', 'awaiting_payment']);
  assert.is((await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM events WHERE type = 'OrderPlaced' AND data->>'user_id' = ${orderer.id}`.execute(t.ctx.db)).rows[0].n, 1);
  const history = (await readAfter(orderer, '/api/orders_history/', position)).json();
  assert.equal(history.results.map((o: { id: string }) => o.id), [order.order_id]);
  assertReplay(res, await createOrder(t, orderer, 'collection', draft('UK_BANK'), 'order-locked'));
  assert.is((await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM events WHERE type = 'OrderPlaced' AND data->>'user_id' = ${orderer.id}`.execute(t.ctx.db)).rows[0].n, 1, 'the retry placed nothing');
});

test('a bid while the bid history view is locked: 201 with the bid, once, in the history after Read-After', async () => {
  const { lotId } = await createLot(t.ctx, t.clock.now(), { openingBidPence: 1_000 });
  const { res, position } = await bidScenario(buyer, lotId, 'bid-locked');
  const bid = res.json();
  assert.equal(Object.keys(bid), ['message', 'is_highest_bid', 'reserve_met', 'bid_stats', 'bid_id']);
  assert.is(bid.is_highest_bid, true);
  assert.is(bid.bid_stats.is_winning, true);
  assert.is(await countEvents('BidPlaced', `lot-${lotId}`), 1);
  const history = (await readAfter(buyer, `/api/bids/?lot=${lotId}`, position)).json();
  assert.is(history.count, 1);
  const retry = await postBid(t, buyer, { lot: lotId, bid: 5_000 }, { 'idempotency-key': 'bid-locked' });
  assert.equal([retry.statusCode, retry.json()], [res.statusCode, bid], 'the stored answer of the bid');
  assert.is(await countEvents('BidPlaced', `lot-${lotId}`), 1, 'the retry placed nothing');
});

test('eight parallel withdrawals with one key: one withdrawal, one hold, one code email, the same bytes to all', async () => {
  const saver = await createTestUser(t, { feePaid: true });
  await grantAccess(t, saver);
  const method = await addMethod(t, saver);
  await fund(t, saver, 10_000);
  const answers = await Promise.all(Array.from({ length: 8 }, () => withdraw(saver, method, 'withdraw-eight')));
  assert.ok(answers.every((a) => a.statusCode === 201 && a.body === answers[0].body), answers.map((a) => a.statusCode).join());
  assert.is(answers.filter((a) => a.headers['idempotent-replayed'] === undefined).length, 1);
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM events WHERE type = 'HoldPlaced' AND stream_id = ${`wallet-${saver.id}`}`.execute(t.ctx.db);
  assert.is(rows[0].n, 1);
  const { rows: mails } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM email_outbox WHERE to_address = ${saver.email} AND subject = 'Your withdrawal code'`.execute(t.ctx.db);
  assert.is(mails[0].n, 1, 'one code email');
});

test('Read-After: a read waits for the views to reach the position; garbage is a 400 in the API shape', async () => {
  for (const garbage of ['abc', '12', '1:2:3', '-1:5', '1:99999999999999999999', ' ', '1.5:2']) {
    const res = await t.app.inject({ method: 'GET', url: '/api/server_time/', headers: { 'read-after': garbage } });
    assert.is(res.statusCode, 400, garbage);
    assert.equal(Object.keys(res.json()), ['detail']);
  }
  // Already reached: answered at once, no header.
  const fine = await t.app.inject({ method: 'GET', url: '/api/server_time/', headers: { 'read-after': '1:1' } });
  assert.is(fine.statusCode, 200);
  assert.is(fine.headers['views-catching-up'], undefined);

  // A write the views cannot apply yet; the read is sent while they are blocked and answers once they caught up.
  const { lotId } = await createLot(t.ctx, t.clock.now(), { openingBidPence: 1_000 });
  const client = new pg.Client({ connectionString: t.database.url });
  await client.connect();
  await client.query('BEGIN');
  await client.query('LOCK TABLE lot_bid_history IN ACCESS EXCLUSIVE MODE');
  let reading: Promise<LightMyRequestResponse> | null = null;
  try {
    t.ctx.config.viewsWaitMs = SHORT_WAIT;
    const bid = await postBid(t, buyer, { lot: lotId, bid: 2_000 });
    const position = assertCommittedBehind(bid, 201);
    t.ctx.config.viewsWaitMs = LONG_WAIT;
    reading = t.app.inject({ method: 'GET', url: `/api/bids/?lot=${lotId}`, headers: { ...bearer(buyer), 'read-after': position } });
  } finally {
    await client.query('ROLLBACK');
    await client.end();
  }
  const read = await reading;
  assert.is(read.statusCode, 200, read.body);
  assert.is(read.headers['views-catching-up'], undefined);
  assert.is(read.json().count, 1);
});

test.run();
