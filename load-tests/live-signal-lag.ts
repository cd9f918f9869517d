/**
 * `npx tsx load-tests/live-signal-lag.ts`: the delivery lag of a bid placed through process A to a websocket watcher
 * on process B (two apps on one test database), for B's feed woken by polling alone (as before the live signal),
 * by PostgreSQL LISTEN/NOTIFY, and by NATS (NATS_URL, default nats://127.0.0.1:4222). Lag = from sending the bid
 * to B's watcher getting the lot_update. Loopback only; LAG_BIDS bids per mode (default 40), ~4 per second.
 * Needs DATABASE_URL (or TEST_DB_SERVER_URL) like the tests.
 */
import type { AddressInfo } from 'node:net';
import { startTestApp, type TestApp } from '../services/testing/harness';
import { createTestUser } from '../services/testing/users';
import { createLot, postBid } from '../services/bidding/testing';
import { LiveFeed } from '../services/live/feed';
import { liveHub } from '../services/live/hub';
import { createLiveSignal } from '../services/live/signal/create-signal';
import { userSocket } from '../services/live/testing';
import { percentile } from './stats';

const BIDS = Number(process.env.LAG_BIDS ?? 40);
const NATS_URL = process.env.NATS_URL || 'nats://127.0.0.1:4222';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const answered: number[] = [];

async function measure(mode: 'poll' | 'postgres' | 'nats'): Promise<number[]> {
  answered.length = 0;
  const natsUrl = mode === 'nats' ? NATS_URL : null;
  const a = await startTestApp({ config: { natsUrl } });
  // B without the features' workers: its feed is started here, with or without a signal.
  const b: TestApp = await startTestApp({ config: { natsUrl, tokenSecret: a.ctx.config.tokenSecret }, database: a.database, clock: a.clock, workers: false });
  const signal = mode === 'poll' ? null : createLiveSignal({ databaseUrl: b.ctx.databaseUrl, natsUrl, log: b.ctx.log });
  const feed = new LiveFeed(b.ctx, liveHub(b.ctx.live)!, { signal });
  await feed.start();
  await b.app.listen({ port: 0, host: '127.0.0.1' });
  const lags: number[] = [];
  try {
    const users = [await createTestUser(a, { feePaid: true }), await createTestUser(a, { feePaid: true })];
    const { lotId } = await createLot(a.ctx, a.clock.now());
    const watcher = await userSocket(b, (b.app.server.address() as AddressInfo).port, 'lots', null);
    for (let i = 0; i < BIDS; i++) {
      await sleep(200 + Math.random() * 100); // past the 100 ms coalescing window: each update goes out at once
      const from = watcher.messages.length;
      const sent = performance.now();
      const res = await postBid(a, users[i % 2], { bid: String(20 + 10 * i), lot: lotId });
      if (res.statusCode !== 201) throw new Error(`bid ${i}: ${res.statusCode} ${res.body}`);
      answered.push(performance.now() - sent);
      await watcher.next((m) => m.purpose === 'lot_update' && m.lot_id === lotId, 5000, from);
      lags.push(performance.now() - sent);
    }
    watcher.close();
  } finally {
    await feed.stop();
    await b.close();
    await a.close();
  }
  return lags;
}

for (const mode of ['poll', 'postgres', 'nats'] as const) {
  const lags = (await measure(mode)).sort((x, y) => x - y);
  const f = (p: number) => percentile(lags, p).toFixed(1);
  const bid = answered.sort((x, y) => x - y);
  console.log(`${mode.padEnd(8)} n=${lags.length} lag p50=${f(50)} p90=${f(90)} max=${f(100)} ms (the bid's own answer: p50=${percentile(bid, 50).toFixed(1)} max=${percentile(bid, 100).toFixed(1)} ms)`);
}
process.exit(0);
