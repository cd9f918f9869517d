/**
 * `npm run load-test`: the close of a live auction on this machine, without k6 (see k6-auction-close.js for k6).
 * 1. a fresh database, 64 bidders (fee paid, signed in) and one hot lot, made straight through the commands;
 * 2. PostgreSQL's own one-row-per-commit rate on one hot row (the ceiling of a row-per-lot design);
 * 3. the server as a child process (its own event loop, like production);
 * 4. 1,000 websocket watchers of the lot, then autocannon: 64 connections bidding on the one lot;
 * 5. the report: bid decisions/s, accepted/s, latency, errors, live delivery lag, the baseline and the ratio, the
 *    server's event-loop delay during the run, and the ceiling: the same storm against Fastify alone
 *    (bare-ceiling.ts), measured first in the same run, with the house's decisions/s as a ratio of it;
 *    and an audit: every accepted answer is a BidPlaced in the stream, and no more; and how far behind the read models
 *    were when the storm ended, and how long they took to catch up.
 * Loopback only; every phase is bounded in time. Settings: LOAD_SECONDS, LOAD_CONNECTIONS, LOAD_WATCHERS,
 * LOAD_IDEMPOTENCY_KEYS=0, LOAD_PROCESSES (server processes: `2`, or `1,2` runs both, each on a fresh database, and
 * prints their figures side by side), DATABASE_URL (else an embedded PostgreSQL).
 */
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../infra/config/config';
import { createContext } from '../services/context';
import { createLot, eventsOf } from '../services/bidding/testing';
import { lotStream } from '../services/catalogue/streams';
import type { LotEvent } from '../domain/catalogue/lot/events';
import { prepareDatabase, createBidders } from './setup';
import { oneRowCommitRate } from './pg-baseline';
import { machineBusySeconds, startServer } from './server';
import { coresPerProcess, loadAverage, loadAverageFigure, loadProcesses, printSideBySide, type Column } from './processes';
import { pgCpuBetween, samplePgCpu } from './pg-cpu';
import { Watchers } from './watchers';
import { runBidLoad } from './bid-load';
import { report } from './report';
import { exitWhenDone } from './stats';
import { bareCeiling, type Ceiling } from './bare-ceiling';
import { eventLoopDelay } from './event-loop';
import { describeBacklog, drainBacklog } from './backlog';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 16);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 64);
const WATCHERS = Number(process.env.LOAD_WATCHERS ?? 1000);
const KEYS = process.env.LOAD_IDEMPOTENCY_KEYS !== '0';
const PROCESSES = loadProcesses();
const log = (m: string) => console.log(`[load] ${m}`);

async function main(): Promise<void> {
  const columns: Column[] = [];
  // The ceiling first, on the quiet machine the house's run will have too: Fastify alone, the same storm.
  log(`measuring the ceiling: Fastify alone answering the same bids (${SECONDS} s)`);
  const bareBidders = Array.from({ length: CONNECTIONS }, (_, i) => ({ id: `bare-${i}`, access: `bare-token-${i}` }));
  const ceiling = await bareCeiling({ bidders: bareBidders, connections: CONNECTIONS, durationSeconds: SECONDS, idempotencyKeys: KEYS });
  for (const processes of PROCESSES) columns.push(await runOnce(processes, ceiling));
  printSideBySide(`One hot lot, ${SECONDS} s, ${CONNECTIONS} connections, ${WATCHERS} watchers, by server processes:`, columns);
  if (columns.some((c) => !c.ok)) process.exitCode = 1;
}

async function runOnce(processes: number, ceiling: Ceiling): Promise<Column> {
  const loadBefore = loadAverage();
  const database = await prepareDatabase(log);
  const tokenSecret = randomBytes(48).toString('base64url');
  const config = { ...loadConfig({ ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn' }), databaseUrl: database.url, tokenSecret };
  const ctx = createContext(config, database.url, { poolSize: 4 });
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  let watchers: Watchers | null = null;
  try {
    ctx.projections.start();
    log(`creating ${CONNECTIONS} bidders and the hot lot`);
    const bidders = await createBidders(ctx, CONNECTIONS);
    const { lotId } = await createLot(ctx, new Date(), { endsInMs: 2 * 60 * 60_000 });
    await ctx.projections.settle();
    await ctx.projections.stop();

    log('measuring PostgreSQL one-row commit rate (~5 s)');
    const baseline = await oneRowCommitRate(database.url);

    server = await startServer({ databaseUrl: database.url, tokenSecret, processes });
    log(`server up on ${server.url} (${processes} process${processes === 1 ? '' : 'es'}); opening ${WATCHERS} watchers`);
    watchers = new Watchers(server.url, server.url.replace(/^http/, 'ws'), lotId);
    await watchers.open(WATCHERS);

    log('warm-up (2 s)');
    const warmup = await runBidLoad({ url: server.url, lotId, bidders, connections: CONNECTIONS, durationSeconds: 2, idempotencyKeys: KEYS });
    log(`bidding for ${SECONDS} s: ${CONNECTIONS} connections on one lot${KEYS ? ', with Idempotency-Keys' : ''}`);
    // A scrape resets the event loop's delay histogram: the one after the run then has the run's own figures.
    await eventLoopDelay(server.url, server.metricsToken).catch(() => null);
    const cpuBefore = { server: server.cpuSample(), generator: process.cpuUsage(), machine: machineBusySeconds(), pg: await samplePgCpu(database.url) };
    const load = await runBidLoad({ url: server.url, lotId, bidders, connections: CONNECTIONS, durationSeconds: SECONDS, idempotencyKeys: KEYS });
    const eventLoop = await eventLoopDelay(server.url, server.metricsToken).catch(() => null);
    const generatorCpu = process.cpuUsage(cpuBefore.generator);
    const serverProcesses = coresPerProcess(cpuBefore.server, server.cpuSample(), load.durationSeconds);
    const cpu = {
      server: serverProcesses.reduce((a, b) => a + b, 0),
      generator: (generatorCpu.user + generatorCpu.system) / 1e6 / load.durationSeconds,
      machine: (machineBusySeconds() - cpuBefore.machine) / load.durationSeconds,
      postgres: pgCpuBetween(cpuBefore.pg, await samplePgCpu(database.url)) / load.durationSeconds,
    };
    // What the storm left to the read models (the pages, lists and emails read them; the bid answers and live prices do not).
    const backlog = await drainBacklog(ctx.db);
    await new Promise((r) => setTimeout(r, 1000));
    const lag = watchers.lag(load.answered);
    const stillOpen = watchers.openCount;

    // Every accepted answer is in the stream; the stream may hold a few more: bids whose answers were still on the
    // wire when autocannon stopped (at most one per connection per run).
    const placedEvents = eventsOf(await ctx.store.readStream<LotEvent>(lotStream(lotId)), 'BidPlaced');
    const inStream = new Set(placedEvents.map((e) => e.data.bid_id));
    const appends = new Set(placedEvents.map((e) => e.transaction_id)).size;
    const answeredIds = [...warmup.acceptedIds, ...load.acceptedIds];
    const audit = { appends, placed: inStream.size, answered: answeredIds.length, lost: answeredIds.filter((id) => !inStream.has(id)).length, unanswered: inStream.size - answeredIds.length, inFlightLimit: 2 * CONNECTIONS };
    const column = report({ load, lag, baseline, watchers: WATCHERS, stillOpen, audit, cpu, serverProcesses, processes, connections: CONNECTIONS, keys: KEYS, ceiling, eventLoop });
    column.figures.push(['read models behind at the end', describeBacklog(backlog)]);
    column.figures.push(loadAverageFigure(loadBefore));
    return column;
  } finally {
    watchers?.closeAll();
    await server?.stop();
    await ctx.db.destroy();
    await database.cleanup();
  }
}

exitWhenDone(main(), 'load');
