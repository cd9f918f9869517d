/**
 * Two app instances on one database, each a cluster node (lot leases + internal listener): a bid reaching the process
 * that does not hold the lot's lease is decided by the holder and answered as if local; a holder that stops answering
 * loses its lots to the other process at once.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../testing/harness';
import { createTestUser, type TestUser } from '../testing/users';
import { startNode, type ClusterNode } from '../cluster/node';
import { lotWriters } from './lot-writers';
import { takeLotIfUnattended } from './lot-router';
import { createLot, eventsOf, postBid, replayLot } from './testing';

let a: TestApp;
let b: TestApp;
let nodeA: ClusterNode;
let nodeB: ClusterNode;
let alice: TestUser;
let bob: TestUser;

test.before(async () => {
  a = await startTestApp();
  b = await startTestApp({ database: a.database, clock: a.clock, config: { tokenSecret: a.ctx.config.tokenSecret } });
  nodeA = await startNode(a.ctx, a.app, { host: '127.0.0.1', port: 0 });
  nodeB = await startNode(b.ctx, b.app, { host: '127.0.0.1', port: 0 });
  alice = await createTestUser(a, { feePaid: true });
  bob = await createTestUser(a, { feePaid: true });
});

test.after(async () => {
  await nodeB.stop();
  await b.close();
  await nodeA.stop().catch(() => undefined);
  await a.close();
});

const holderOf = async (lotId: string) =>
  (await sql<{ holder: string; epoch: number }>`SELECT holder, epoch::int AS epoch FROM lot_leases WHERE lot_id = ${lotId}`.execute(a.ctx.db)).rows[0];

test('a bid reaching the process without the lease is decided by the holder, invisibly to the bidder', async () => {
  const { lotId } = await createLot(a.ctx, a.clock.now());
  const first = await postBid(a, alice, { bid: '20', lot: lotId });
  assert.is(first.statusCode, 201);
  assert.is((await holderOf(lotId)).holder, nodeA.leases.holder);

  const viaB = await postBid(b, bob, { bid: '30', lot: lotId });
  assert.is(viaB.statusCode, 201, viaB.body);
  const body = viaB.json();
  assert.is(lotWriters(b.ctx).peek(lotId), undefined, 'B never loaded the lot: A decided');
  const decided = lotWriters(a.ctx).peek(lotId)!.snapshot.state;
  assert.is(decided.leaderId, bob.id);
  assert.equal([body.is_highest_bid, body.bid_stats.is_winning, body.bid_stats.current_bid], [true, true, (decided.currentPrice! / 100).toFixed(2)]);

  // Alternating between the two processes: every bid decided by the one writer, in order.
  for (let i = 0; i < 6; i++) {
    const [app, user] = i % 2 === 0 ? [a, alice] : [b, bob];
    const answer = await postBid(app, user, { bid: String(40 + i * 10), lot: lotId });
    assert.is(answer.statusCode, 201, answer.body);
  }
  const { stored, state } = await replayLot(a.ctx, lotId);
  assert.is(eventsOf(stored, 'BidPlaced').length >= 8, true);
  assert.is(state.maxBids[bob.id], 9_000);
  assert.equal(await holderOf(lotId), { holder: nodeA.leases.holder, epoch: 1 }, 'the lease never moved');
});

test('refusals and Idempotency-Key replays come back through the forwarding process unchanged', async () => {
  const { lotId } = await createLot(a.ctx, a.clock.now());
  assert.is((await postBid(a, alice, { bid: '50', lot: lotId })).statusCode, 201);
  const low = await postBid(b, bob, { bid: '10', lot: lotId });
  assert.is(low.statusCode, 400);
  assert.match(low.json().detail, /at least/);

  const key = { 'idempotency-key': 'forwarded-once' };
  const placed = await postBid(b, bob, { bid: '80', lot: lotId }, key);
  assert.is(placed.statusCode, 201);
  const again = await postBid(b, bob, { bid: '80', lot: lotId }, key);
  assert.equal([again.statusCode, again.json()], [201, placed.json()]);
  const bids = eventsOf((await replayLot(a.ctx, lotId)).stored, 'BidPlaced').filter((e) => e.data.bidder_id === bob.id);
  assert.is(bids.length, 1, 'the retry placed nothing');
});

test('the closing scheduler leaves a live holder\'s lot to it', async () => {
  const { lotId } = await createLot(a.ctx, a.clock.now());
  assert.is((await postBid(b, bob, { bid: '20', lot: lotId })).statusCode, 201);
  assert.is((await holderOf(lotId)).holder, nodeB.leases.holder);
  assert.not.ok(await takeLotIfUnattended(a.ctx, lotId), 'B answers: B closes it');
  assert.ok(await takeLotIfUnattended(b.ctx, lotId));
});

test('a holder that stops answering loses its lots at once; its own stale bids end up at the new holder', async () => {
  const { lotId } = await createLot(a.ctx, a.clock.now());
  assert.is((await postBid(a, alice, { bid: '20', lot: lotId })).statusCode, 201);
  // A "crashes": its internal listener is gone and it beats no more (its lease row stays, unexpired).
  clearInterval((nodeA.leases as unknown as { timer: NodeJS.Timeout }).timer);
  nodeA.server.closeAllConnections();
  await new Promise<void>((resolve) => nodeA.server.close(() => resolve()));

  const started = Date.now();
  const viaB = await postBid(b, bob, { bid: '30', lot: lotId });
  assert.is(viaB.statusCode, 201, viaB.body);
  assert.ok(Date.now() - started < 2_000, `taken over in ${Date.now() - started} ms`);
  assert.equal(await holderOf(lotId), { holder: nodeB.leases.holder, epoch: 2 });

  // A still believes it holds the lot: its append is fenced, and the bid is forwarded to B.
  assert.is(nodeA.leases.epochOf(lotId), 1);
  const viaA = await postBid(a, alice, { bid: '60', lot: lotId });
  assert.is(viaA.statusCode, 201, viaA.body);
  const { state, stored } = await replayLot(a.ctx, lotId);
  assert.is(state.maxBids[alice.id], 6_000);
  assert.is(eventsOf(stored, 'BidPlaced').length >= 3, true);
  assert.is(nodeA.leases.epochOf(lotId), undefined);
});

test.run();
