/**
 * `npx tsx load-tests/refusal-cost.ts` (DATABASE_URL's server; ROUNDS, PER_ROUND): CPU per refused bid, in process:
 * the whole app in production settings (Fastify, hooks, auth, the route, the lot writer) answering keyed bids that
 * are too low through app.inject, 64 at a time, as the load test's storm does; no sockets, no watchers, no
 * projections. With `node --cpu-prof --import tsx` it gives a profile of the refusal path alone
 * (docs/benchmarks.md, "Refusals as values").
 */
import { randomUUID } from 'node:crypto';
import { startTestApp } from '../services/testing/harness';
import { bearer, createTestUser } from '../services/testing/users';
import { createLot } from '../services/bidding/testing';

const ROUNDS = Number(process.env.ROUNDS ?? 7);
const PER_ROUND = Number(process.env.PER_ROUND ?? 20_000);
const CONCURRENCY = 64;

async function main() {
  const t = await startTestApp({ workers: false, config: { production: true, logLevel: 'warn' } });
  const [seller, leader, ...bidders] = await Promise.all(Array.from({ length: 10 }, () => createTestUser(t, { feePaid: true })));
  const { lotId } = await createLot(t.ctx, t.clock.now(), { sellerId: seller.id });
  const first = await t.app.inject({ method: 'POST', url: '/api/bids/', headers: bearer(leader), payload: { bid: '5000', lot: lotId } });
  if (first.statusCode !== 201) throw new Error(first.body);
  let i = 0;
  const one = async () => {
    const who = bidders[i++ % bidders.length];
    const res = await t.app.inject({ method: 'POST', url: '/api/bids/', headers: { ...bearer(who), 'idempotency-key': randomUUID() }, payload: { bid: '12', lot: lotId } });
    if (res.statusCode !== 400) throw new Error(res.body);
  };
  const results: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    for (let done = 0; done < PER_ROUND; done += CONCURRENCY) await Promise.all(Array.from({ length: CONCURRENCY }, one));
    const used = process.cpuUsage(cpu);
    const wall = performance.now() - started;
    const perRefusal = (used.user + used.system) / PER_ROUND;
    results.push(perRefusal);
    console.log(`round ${round}: ${perRefusal.toFixed(1)} µs CPU per refusal, ${(PER_ROUND / wall * 1000).toFixed(0)} refusals/s`);
  }
  const sorted = [...results.slice(1)].sort((a, b) => a - b);
  console.log(`median (first round left out as warm-up): ${sorted[Math.floor(sorted.length / 2)].toFixed(1)} µs, min ${sorted[0].toFixed(1)} µs`);
  await t.close();
}

void main().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
