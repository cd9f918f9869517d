/**
 * Fault (issue #13): the connection dies right after the commit (the one-statement tick's), so the bid is placed but the server never learns it (the
 * lot writer's "unknown outcome", docs/bidding.md). The bidder gets 503 with Retry-After; the lot writer reloads the
 * stream before deciding again; the retry with the same Idempotency-Key answers the stored 201 and places nothing.
 * A second server process (its own pool, through a proxy that cuts the connection) over the test's database.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../testing/harness';
import { createTestUser, type TestUser } from '../testing/users';
import { createContext, type AppContext } from '../context';
import { buildApp } from '../app';
import { createLot, eventsOf, postBid, replayLot } from '../bidding/testing';
import { CuttingProxy } from './cutting-proxy';

let t: TestApp;
let proxy: CuttingProxy;
let ctx2: AppContext;
let app2: FastifyInstance;
let alice: TestUser;
let bob: TestUser;

test.before(async () => {
  t = await startTestApp();
  const direct = new URL(t.database.url);
  proxy = new CuttingProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  const viaProxy = new URL(t.database.url);
  viaProxy.port = String(await proxy.listen());
  ctx2 = createContext(t.ctx.config, viaProxy.toString(), { clock: t.clock, poolSize: 2 });
  app2 = await buildApp(ctx2);
  [alice, bob] = await Promise.all([createTestUser(t, { feePaid: true }), createTestUser(t, { feePaid: true })]);
});

test.after(async () => {
  await app2.close();
  await ctx2.db.destroy();
  await proxy.close();
  await t.close();
});

test('a bid committed on a connection that died before the answer: 503, then the keyed retry gets the stored answer', async () => {
  const { lotId } = await createLot(t.ctx, t.clock.now());
  const placed = async () => eventsOf((await replayLot(t.ctx, lotId)).stored, 'BidPlaced');
  // Warm the second process: the lot's writer is loaded and alice's fee status is cached.
  const warm = await postBid({ app: app2 }, alice, { bid: '20', lot: lotId }, { 'idempotency-key': randomUUID() });
  assert.is(warm.statusCode, 201, warm.body);

  const key = { 'idempotency-key': `lost-${randomUUID()}` };
  // One process, no leases: the keyed tick is one statement that commits on its own (services/bidding/commit-tick.ts).
  proxy.cutAfterNextCommit('INSERT INTO events');
  const lost = await postBid({ app: app2 }, bob, { bid: '50', lot: lotId }, key);
  assert.is(proxy.cuts, 1, 'the proxy cut the connection after a COMMIT');
  assert.is(lost.statusCode, 503, lost.body);
  assert.equal(lost.json(), { detail: 'The service is temporarily unavailable. Please try again in a moment.' });
  assert.is(lost.headers['retry-after'], '5');
  const afterCut = await placed();
  assert.equal(afterCut.map((e) => e.data.max_bid), [2000, 5000], 'the bid was committed although the answer was lost');

  // The retry, in the same process: the writer reloaded, so it sees its own committed bid and replays its answer.
  const retry = await postBid({ app: app2 }, bob, { bid: '50', lot: lotId }, key);
  assert.is(retry.statusCode, 201, retry.body);
  assert.is(retry.json().bid_id, afterCut[1].data.bid_id);
  assert.is(retry.json().bid_stats.is_winning, true);

  // The writer decides on the real state: alice's raise is judged against bob's committed £50.
  const high = await postBid({ app: app2 }, alice, { bid: '80', lot: lotId }, { 'idempotency-key': randomUUID() });
  assert.is(high.statusCode, 201, high.body);
  const all = await placed();
  assert.equal(all.map((e) => e.data.max_bid), [2000, 5000, 8000], 'nothing placed twice');
  assert.is(all[2].data.previous_leader_id, bob.id);
  assert.is(all[2].data.previous_price, all[1].data.current_price);
});

test.run();
