/**
 * `npm run load-test:close`: a whole live auction closing, open-loop (docs/benchmarks.md, "Whole-auction close").
 * 1. a fresh database, LOAD_BIDDERS bidders (fee paid, signed in); PostgreSQL's one-row-per-commit rate on rows
 *    spread over the lots (pgbench, 64 clients);
 *    and the ceiling: the same bids against Fastify alone (bare-ceiling.ts, 64 connections, 10 s), which the closing
 *    run's decisions/s are printed as a share of (issue #22: at least 0.7);
 * 2. the server as a child process, LOAD_WATCHERS websocket watchers in another, spread over the lots by Zipf;
 * 3. the rate search: each step a fresh auction of LOAD_LOTS lots, bids at a fixed arrival rate (Zipf over the
 *    lots), rising by LOAD_RATE_FACTOR until p99 >= 100 ms or an error (twice in a row: the machine is shared);
 *    the last good step's rate is chosen;
 * 4. the closing run at that rate: LOAD_LOTS lots whose ends are staggered over LOAD_CLOSE_SPREAD seconds from
 *    LOAD_CLOSE_OFFSET, bid on for LOAD_CLOSE_SECONDS (soft close extends them), then every lot closes;
 *    with, beside the bids, failed logins, browsing and good logins (load-tests/close-mix.ts; LOAD_CLOSE_MIX=0: off);
 * 5. the audit: acknowledged bids in the streams, each lot closed exactly once, read models equal a rebuild, no
 *    Idempotency-Key with two effects, no 5xx beside the bids.
 * Loopback only; every phase is bounded. LOAD_CLOSE_RATE skips the search; LOAD_PROFILE_DIR profiles the server;
 * LOAD_PROCESSES: server processes (`2`, or `1,2` runs both, each on a fresh database, figures side by side);
 * LOAD_LIVE_NODE=1: the server as an API node (`SERVER_ROLE=api`) and the watchers' sockets on a live node
 * (`SERVER_ROLE=live`, its own process); set NATS_URL for the signal between them (else LISTEN/NOTIFY).
 */
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../infra/config/config';
import { createContext } from '../services/context';
import { prepareDatabase, createBidders, type Bidder } from './setup';
import { spreadRowCommitRate } from './pg-baseline';
import { machineBusySeconds, startServer, type RunningServer } from './server';
import { pgCpuBetween, samplePgCpu } from './pg-cpu';
import { watchPostgres } from './pg-stats';
import { WatchPool } from './watch-pool';
import { AuctionBidders } from './auction-bids';
import { createAuctionLots, staggeredEnds } from './auction-setup';
import { runOpenLoop } from './open-loop';
import { auditBids, auditCloses, auditReadModels } from './auction-audit';
import { passes, printFinal, printStep, type Window } from './auction-report';
import { coresPerProcess, loadProcesses, printSideBySide, type Column } from './processes';
import type { AppContext } from '../services/context';
import { exitWhenDone } from './stats';
import { mixAccounts, mixErrors, printMix, runMix, type MixAccounts } from './close-mix';
import { verifyIdempotency } from '../services/audit/idempotency-verify';
import { bareCeiling } from './bare-ceiling';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const S = {
  lots: env('LOAD_LOTS', 300),
  bidders: env('LOAD_BIDDERS', 1000),
  watchers: env('LOAD_WATCHERS', 10_000),
  zipf: env('LOAD_ZIPF', 1),
  connections: env('LOAD_CONNECTIONS', 128),
  rateStart: env('LOAD_RATE_START', 400),
  rateFactor: env('LOAD_RATE_FACTOR', 1.3),
  maxSteps: env('LOAD_MAX_STEPS', 10),
  stepSeconds: env('LOAD_STEP_SECONDS', 10),
  closeRate: process.env.LOAD_CLOSE_RATE ? Number(process.env.LOAD_CLOSE_RATE) : null,
  closeSeconds: env('LOAD_CLOSE_SECONDS', 60),
  closeOffset: env('LOAD_CLOSE_OFFSET', 30),
  closeSpread: env('LOAD_CLOSE_SPREAD', 120),
  rebuild: process.env.LOAD_REBUILD !== '0',
  processes: loadProcesses(),
  liveNode: process.env.LOAD_LIVE_NODE === '1',
  mix: process.env.LOAD_CLOSE_MIX !== '0',
  loginsPerSecond: env('LOAD_CLOSE_LOGINS', 200),
};
const log = (m: string) => console.log(`[close] ${m}`);
const CEILING_SECONDS = 10;

interface World { ctx: AppContext; server: RunningServer; live: RunningServer | null; watchers: WatchPool; bidders: Bidder[]; databaseUrl: string }

/** Bids at `rate` for `seconds` (after a 3 s warm-up at the same rate), measuring everything on the way. */
async function measure(world: World, rate: number, seconds: number, bidders: AuctionBidders): Promise<Window> {
  const { port, hostname } = new URL(world.server.url);
  const base = { host: hostname, port: Number(port), rate, connections: S.connections, next: bidders.next, onAnswer: bidders.onAnswer };
  await runOpenLoop({ ...base, seconds: 3 });
  bidders.resetTally();
  const before = { server: world.server.cpuSample(), live: world.live?.cpuSeconds() ?? 0, watchers: world.watchers.cpuSeconds(), generator: process.cpuUsage(), machine: machineBusySeconds(), pg: await samplePgCpu(world.databaseUrl) };
  const pgWatch = await watchPostgres(world.databaseUrl);
  const run = await runOpenLoop({ ...base, seconds });
  const pg = await pgWatch.stop();
  const generator = process.cpuUsage(before.generator);
  const serverProcesses = coresPerProcess(before.server, world.server.cpuSample(), run.seconds);
  const liveNode = world.live ? (world.live.cpuSeconds() - before.live) / run.seconds : null;
  const cpu = {
    serverProcesses,
    liveNode,
    server: serverProcesses.reduce((a, b) => a + b, 0) + (liveNode ?? 0),
    watchers: (world.watchers.cpuSeconds() - before.watchers) / run.seconds,
    generator: (generator.user + generator.system) / 1e6 / run.seconds,
    machine: (machineBusySeconds() - before.machine) / run.seconds,
    postgres: pgCpuBetween(before.pg, await samplePgCpu(world.databaseUrl)) / run.seconds,
  };
  const tally = bidders.tally;
  // A (watcher, price) pair is missed only if it never arrives: on a busy machine the last updates can take a moment.
  let lag = await world.watchers.lag(bidders.answers());
  for (let i = 0; i < 10 && lag.missed > 0; i++) {
    await new Promise((r) => setTimeout(r, 1000));
    lag = await world.watchers.lag(bidders.answers());
  }
  return { rate, seconds: run.seconds, slots: run.slots, sent: run.sent, failed: run.failed, maxQueued: run.maxQueued, latenciesMs: run.latenciesMs, tally, lag, cpu, pg };
}

async function main(): Promise<void> {
  const columns: Column[] = [];
  for (const processes of S.processes) columns.push(await runOnce(processes));
  printSideBySide(`Whole-auction close, ${S.lots} lots, ${S.bidders} bidders, ${S.watchers} watchers, by server processes (* = over the targets):`, columns);
  if (columns.some((c) => !c.ok)) process.exitCode = 1;
}

async function runOnce(processes: number): Promise<Column> {
  const loadBefore = os.loadavg();
  const database = await prepareDatabase(log);
  const tokenSecret = randomBytes(48).toString('base64url');
  const config = { ...loadConfig({ ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn' }), databaseUrl: database.url, tokenSecret };
  const ctx = createContext(config, database.url, { poolSize: 8 });
  let server: RunningServer | null = null;
  let live: RunningServer | null = null;
  let watchers: WatchPool | null = null;
  try {
    log(`creating ${S.bidders} bidders`);
    ctx.projections.start();
    const bidders = await createBidders(ctx, S.bidders);
    const accounts: MixAccounts | null = S.mix ? await mixAccounts(ctx) : null;
    await ctx.projections.settle();
    await ctx.projections.stop();

    // Issue #22: the close's rate held against what Node and Fastify alone answer here, in the same run.
    log(`measuring the ceiling: Fastify alone answering the same bids (64 connections, ${CEILING_SECONDS} s)`);
    const bare = await bareCeiling({ bidders: bidders.slice(0, 64), connections: 64, durationSeconds: CEILING_SECONDS, idempotencyKeys: true });
    const ceiling = { perSecond: bare.load.decisions / bare.load.durationSeconds, serverCores: bare.serverCores };
    log(`${ceiling.perSecond.toFixed(0)} answers/s`);

    log(`measuring PostgreSQL's one-row commit rate on ${S.lots} spread rows (pgbench, 64 clients, 5 s)`);
    const baseline = await spreadRowCommitRate(database.url, S.lots, 64, 5);
    log(`${baseline.commitsPerSecond.toFixed(0)} commits/s`);

    if (S.mix) process.env.TRUST_PROXY = 'true'; // the flood's addresses come in X-Forwarded-For
    server = await startServer({ databaseUrl: database.url, tokenSecret, processes, role: S.liveNode ? 'api' : undefined });
    log(`server up (${processes} process${processes === 1 ? '' : 'es'}${processes > 1 ? ', lot leases on' : ''})`);
    if (S.liveNode) {
      live = await startServer({ databaseUrl: database.url, tokenSecret, role: 'live' });
      log(`live node up: the watchers' sockets open on ${live.url}`);
    }
    watchers = new WatchPool();
    const world: World = { ctx, server, live, watchers, bidders, databaseUrl: database.url };
    const acknowledged = new Map<string, string[]>();
    const keep = (b: AuctionBidders) => b.acceptedIds().forEach((ids, lot) => { acknowledged.set(lot, ids); });

    const steps: Window[] = [];
    let watchersOpen = false;
    const subscribe = async (lotIds: string[]) => {
      if (watchersOpen) return watchers!.subscribe(lotIds);
      log(`opening ${S.watchers} watchers`);
      const open = await watchers!.open(server!.url, S.watchers, lotIds, S.zipf, live?.url);
      watchersOpen = true;
      log(`${open} watchers open`);
    };

    if (S.closeRate === null) {
      let rate = S.rateStart;
      for (let i = 0; i < S.maxSteps; i++, rate = Math.round(rate * S.rateFactor)) {
        // A step over the targets is tried once more (fresh lots) before the search stops: the machine is shared.
        let step: Window | null = null;
        for (let attempt = 0; attempt < 2 && (step === null || !passes(step)); attempt++) {
          const set = await createAuctionLots(ctx, Array.from({ length: S.lots }, () => 2 * 60 * 60_000), log);
          await subscribe(set.lotIds);
          const bidding = new AuctionBidders(set.lotIds.map((id) => ({ id })), bidders, S.zipf);
          step = await measure(world, rate, S.stepSeconds, bidding);
          keep(bidding);
          steps.push(step);
          printStep(step);
        }
        if (!passes(step!)) break;
      }
    }
    const good = steps.filter(passes).sort((a, b) => a.rate - b.rate).at(-1);
    const closeRate = S.closeRate ?? good?.rate ?? S.rateStart;
    const chosenFrom = S.closeRate !== null ? 'LOAD_CLOSE_RATE' : good ? 'the last step under the targets' : 'no step met the targets: the first rate';

    log(`closing run: ${S.lots} lots ending from ${S.closeOffset} s over ${S.closeSpread} s, bids at ${closeRate}/s for ${S.closeSeconds} s`);
    const set = await createAuctionLots(ctx, staggeredEnds(S.lots, S.closeOffset * 1000, S.closeSpread * 1000), log);
    await subscribe(set.lotIds);
    const bidding = new AuctionBidders(set.lotIds.map((id) => ({ id })), bidders, S.zipf);
    const beside = accounts ? runMix(server.url, set.lotIds[0], accounts, S.closeSeconds + 3, S.loginsPerSecond) : null;
    const chosen = await measure(world, closeRate, S.closeSeconds, bidding);
    keep(bidding);
    printStep(chosen);
    const mix = beside ? await beside : null;

    // Soft close: each lot ends 3 minutes after its last accepted bid (or at its advertised end): wait for all.
    log('waiting for every lot to close');
    const closes = await auditCloses(ctx, set.auctionId, set.lotIds, (180 + S.closeOffset + S.closeSpread + 60) * 1000);
    log('auditing the bids and rebuilding the read models');
    const bids = await auditBids(ctx, acknowledged, 2 * S.connections * (steps.length + 1));
    const readModels = S.rebuild ? await auditReadModels(ctx) : null;
    const settings = `${processes} server process${processes === 1 ? '' : 'es'}${live ? ' + a live node for the watchers' : ''}, ${S.lots} lots, ${S.bidders} bidders, ${S.watchers} watchers, Zipf s=${S.zipf}, ${S.connections} connections, steps of ${S.stepSeconds} s from ${S.rateStart}/s x${S.rateFactor}`;
    const keys = await verifyIdempotency(null, ctx.db);
    if (mix) printMix(mix);
    console.log(`Idempotency keys with more than one effect: ${keys.differences.length} of ${keys.checked} (target 0)`);
    const { ok: closeOk, figures } = printFinal({ steps, chosen, chosenFrom, baseline, settings, closes, bids, readModels, watchers: S.watchers, loadBefore, loadAfter: os.loadavg(), ceiling });
    const ok = closeOk && keys.differences.length === 0 && (mix === null || mixErrors(mix) === 0);
    return { processes, ok, figures };
  } finally {
    watchers?.close();
    await live?.stop();
    await server?.stop();
    await ctx.db.destroy();
    await database.cleanup();
  }
}

exitWhenDone(main(), 'close');
