/**
 * `npx tsx load-tests/append-bench.ts`: the cost of `EventStore.append` itself, without HTTP (the bid load test is
 * bound by the server's CPU, so a change in the append statement barely shows there).
 * A fresh migrated database on DATABASE_URL's server, then for APPEND_BENCH_SECONDS each:
 * - hot stream: one writer appending batches of 7 bid-sized events to one stream with its expected version (the lot
 *   writer's group commit: the load test puts ~7 BidPlaced in each append);
 * - many streams: 8 concurrent writers, one event per append, each to its own streams.
 * Prints appends/s, events/s, per-append latency p50/p99 and the PostgreSQL backends' CPU per append (when PostgreSQL
 * runs on this machine): on a shared machine the wall-clock figures measure the run queue, the CPU one much less.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { createDb } from '../infra/db/database';
import { migrateToLatest } from '../infra/db/migrate';
import { EventStore } from '../infra/event-store/event-store';
import { percentile } from './stats';
import { pgCpuBetween, samplePgCpu } from './pg-cpu';

const SECONDS = Number(process.env.APPEND_BENCH_SECONDS ?? 5);
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const bid = () => ({
  event_id: randomUUID(), type: 'BidPlaced',
  data: {
    lot_id: randomUUID(), bid_id: randomUUID(), bidder_id: randomUUID(), max_bid: 123_450, placed_at: new Date().toISOString(),
    is_raise: false, previous_price: 120_000, current_price: 122_500, previous_leader_id: randomUUID(), leader_id: randomUUID(),
    ends_at: new Date().toISOString(), next_minimum_bid: 125_000,
  },
  metadata: { user_id: randomUUID(), correlation_id: randomUUID(), causation_id: randomUUID(), request_id: 'req-1234' },
});

async function timed(url: string, seconds: number, writers: number, step: (writer: number) => Promise<number>) {
  const cpuBefore = await samplePgCpu(url);
  const latencies: number[] = [];
  let events = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(Array.from({ length: writers }, async (_, w) => {
    while (performance.now() < end) {
      const t = performance.now();
      events += await step(w);
      latencies.push(performance.now() - t);
    }
  }));
  const pgCpuUs = (pgCpuBetween(cpuBefore, await samplePgCpu(url)) * 1e6) / latencies.length;
  latencies.sort((a, b) => a - b);
  return { appends: latencies.length / seconds, events: events / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), pgCpuUs };
}

async function main(): Promise<void> {
  const name = `wa_append_${Date.now().toString(36)}_${randomBytes(2).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  const url = u.toString();
  const db = createDb(url, 8);
  try {
    await migrateToLatest(db);
    const store = new EventStore(db);
    await timed(url, 1, 8, async () => {
      await store.append(`warm-${randomUUID()}`, 'no_stream', [bid()]);
      return 1;
    });

    const hot = `lot-${randomUUID()}`;
    let version = 0;
    const single = await timed(url, SECONDS, 1, async () => {
      const r = await store.append(hot, version === 0 ? 'no_stream' : version, Array.from({ length: 7 }, bid));
      version = r.version;
      return 7;
    });
    const versions = new Map<string, number>();
    const many = await timed(url, SECONDS, 8, async (w) => {
      const id = `thing-${w}-${Math.floor(Math.random() * 50)}`;
      const v = versions.get(id) ?? 0;
      const r = await store.append(id, v === 0 ? 'no_stream' : v, [bid()]);
      versions.set(id, r.version);
      return 1;
    });
    const f = (n: number) => n.toFixed(2);
    console.log(`hot stream, 7 events/append:   ${single.appends.toFixed(0)} appends/s, ${single.events.toFixed(0)} events/s, p50 ${f(single.p50)} ms, p99 ${f(single.p99)} ms, PostgreSQL CPU ${single.pgCpuUs.toFixed(0)} µs/append`);
    console.log(`many streams, 8 writers x 1:   ${many.appends.toFixed(0)} appends/s, p50 ${f(many.p50)} ms, p99 ${f(many.p99)} ms, PostgreSQL CPU ${many.pgCpuUs.toFixed(0)} µs/append`);
  } finally {
    await db.destroy();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
