/** Prints the whole-auction run: the rate search, the figures at the chosen rate, the audit and the targets. */
import os from 'node:os';
import type { BidTally } from './auction-bids';
import type { Baseline } from './pg-baseline';
import type { PgWindow } from './pg-stats';
import type { LagResult } from './watch-pool';
import type { BidAudit, CloseAudit, ReadModelAudit } from './auction-audit';
import { ms, spread } from './stats';
import { describeServerCores } from './processes';

interface Cores {
  server: number;
  generator: number;
  watchers: number;
  postgres: number;
  machine: number;
  /** The server's cores per process (the primary first when there are several). */
  serverProcesses: number[];
  /** The live node's cores (LOAD_LIVE_NODE=1; counted in `server` too), null without one. */
  liveNode: number | null;
}

/** The server's cores: the API process(es), then the live node's when there is one. */
function serverCores(cpu: Cores): string {
  return describeServerCores(cpu.serverProcesses) + (cpu.liveNode === null ? '' : ` + live node ${cpu.liveNode.toFixed(2)}`);
}

export interface Window {
  rate: number;
  seconds: number;
  slots: number;
  sent: number;
  failed: number;
  maxQueued: number;
  latenciesMs: number[];
  tally: BidTally;
  lag: LagResult;
  cpu: Cores;
  pg: PgWindow;
}

const TARGETS = { p99Ms: 100, lagP99Ms: 250, ratio: 3, ceilingShare: 0.7 };

function errorsOf(w: Window): number {
  return w.failed + Object.values(w.tally.errors).reduce((a, b) => a + b, 0);
}

export function passes(w: Window): boolean {
  return spread(w.latenciesMs).p99 < TARGETS.p99Ms && errorsOf(w) === 0;
}

const cores = (c: Cores) =>
  `${c.server.toFixed(2)} / ${c.generator.toFixed(2)} / ${c.watchers.toFixed(2)} / ${c.postgres.toFixed(2)} / ${(c.machine - c.server - c.generator - c.watchers - c.postgres).toFixed(2)}`;

export function printStep(w: Window): void {
  const l = spread(w.latenciesMs);
  const t = w.tally;
  console.log(
    `[close] ${w.rate}/s: accepted ${(t.accepted / w.seconds).toFixed(0)}/s, decisions ${((t.accepted + t.refusedTooLow + t.refusedEnded + t.refusedOther) / w.seconds).toFixed(0)}/s, ` +
      `p50/p95/p99 ${ms(l.p50)} / ${ms(l.p95)} / ${ms(l.p99)}, errors ${errorsOf(w)}, queue max ${w.maxQueued}, ws lag p99 ${ms(w.lag.lag.p99)} (missed ${w.lag.missed}), ` +
      `cores server/gen/watchers/pg/other ${cores(w.cpu)}  ${passes(w) ? 'ok' : 'OVER'}`,
  );
}

interface FinalReport {
  steps: Window[];
  chosen: Window;
  chosenFrom: string;
  baseline: Baseline;
  settings: string;
  closes: CloseAudit;
  bids: BidAudit;
  readModels: ReadModelAudit | null;
  watchers: number;
  loadBefore: number[];
  loadAfter: number[];
  /** Fastify alone answering the same bids on this machine, measured in the same run (bare-ceiling.ts). */
  ceiling: { perSecond: number; serverCores: number };
}

/** Prints the run; answers whether the audit passed, and the figures for the side-by-side table (LOAD_PROCESSES). */
export function printFinal(r: FinalReport): { ok: boolean; figures: Array<[string, string]> } {
  const w = r.chosen;
  const l = spread(w.latenciesMs);
  const t = w.tally;
  const accepted = t.accepted / w.seconds;
  const decisions = (t.accepted + t.refusedTooLow + t.refusedEnded + t.refusedOther) / w.seconds;
  const ratio = accepted / r.baseline.commitsPerSecond;
  const check = (ok: boolean) => (ok ? 'PASS' : 'MISS');
  const load = (a: number[]) => a.map((x) => x.toFixed(2)).join(' ');
  const c = r.closes;
  const closesOk = c.closedOnce === c.lots && c.closedTwice === 0 && c.auctionFinished === 1;
  const bidsOk = r.bids.lost === 0 && r.bids.unacknowledged >= 0 && r.bids.unacknowledged <= r.bids.inFlightLimit;
  const modelsOk = r.readModels ? r.readModels.different.length === 0 : true;
  const lagOk = w.lag.lag.p99 < TARGETS.lagP99Ms && w.lag.missed === 0;

  console.log('');
  console.log(`Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}); load average before ${load(r.loadBefore)}, after ${load(r.loadAfter)}`);
  console.log(`Settings: ${r.settings}`);
  console.log(`Rate search (${r.steps.length} steps): ${r.steps.map((s) => `${s.rate}${passes(s) ? '' : ' (over)'}`).join(', ')}; closing run at ${w.rate}/s (${r.chosenFrom})`);
  console.log(`Accepted bids/s:      ${accepted.toFixed(0)}   (refused: too low ${t.refusedTooLow}, ended ${t.refusedEnded}, other ${t.refusedOther}; ${w.sent} bids sent in ${w.seconds.toFixed(1)} s, ${w.slots - w.sent} slots skipped: every lot drawn had ended)`);
  console.log(`Decisions/s:          ${decisions.toFixed(0)}`);
  console.log(`Latency p50/p95/p99:  ${ms(l.p50)} / ${ms(l.p95)} / ${ms(l.p99)} from each bid's due instant   ${check(l.p99 < TARGETS.p99Ms)} (p99 < ${TARGETS.p99Ms} ms)`);
  console.log(`Errors:               ${errorsOf(w)}   (${JSON.stringify(t.errors)} + ${w.failed} failed/timed out; deepest send queue ${w.maxQueued})`);
  console.log(`WS lag p50/p99:       ${ms(w.lag.lag.p50)} / ${ms(w.lag.lag.p99)}, ${w.lag.missed} missed of ${w.lag.samples} (watcher, price) pairs   ${check(lagOk)} (p99 < ${TARGETS.lagP99Ms} ms, none missed)`);
  console.log(`                      ${r.watchers} watchers (${w.lag.open} open at the end), ${w.lag.messages} messages received in the window`);
  console.log(`CPU (cores busy):     server ${serverCores(w.cpu)}, generator ${w.cpu.generator.toFixed(2)}, watchers ${w.cpu.watchers.toFixed(2)}, PostgreSQL ${w.cpu.postgres.toFixed(2)}, ` +
    `other processes ${(w.cpu.machine - w.cpu.server - w.cpu.generator - w.cpu.watchers - w.cpu.postgres).toFixed(2)}; machine ${w.cpu.machine.toFixed(2)} of ${os.cpus().length}`);
  console.log(`PostgreSQL:           ${w.pg.commitsPerSecond.toFixed(0)} commits/s (${w.pg.rollbacksPerSecond.toFixed(1)} rollbacks/s), ${w.pg.activeBackends.toFixed(2)} backends active on average; waits: ` +
    w.pg.waits.slice(0, 5).map(([k, v]) => `${k} ${(v * 100).toFixed(0)}%`).join(', '));
  console.log(`PG spread one-row:    ${r.baseline.commitsPerSecond.toFixed(0)} commits/s (${r.baseline.method})`);
  console.log(`Ratio:                accepted ${ratio.toFixed(2)}x   ${check(ratio >= TARGETS.ratio)} (>= ${TARGETS.ratio}x)`);
  const share = decisions / r.ceiling.perSecond;
  console.log(`Ceiling:              Fastify alone answered ${r.ceiling.perSecond.toFixed(0)} of the same bids/s at ${r.ceiling.serverCores.toFixed(2)} core (same run, 64 connections, closed loop); ` +
    `the closing run's decisions/s are ${share.toFixed(2)} of it   ${check(share >= TARGETS.ceilingShare)} (>= ${TARGETS.ceilingShare})`);
  console.log(`Closes:               ${c.closedOnce}/${c.lots} lots closed exactly once, ${c.closedTwice} twice, ${c.notClosed} not closed, auction finished ${c.auctionFinished}x; ` +
    `${c.extendedLots} lots extended by soft close (up to +${c.maxExtraSeconds} s); closed ${ms(c.closeDelay.p50)} / ${ms(c.closeDelay.max)} (p50/max) after their end   ${check(closesOk)}`);
  console.log(`Bids:                 ${r.bids.acknowledged} acknowledged, ${r.bids.placed} BidPlaced in the streams (${r.bids.appends} lot appends in ${r.bids.commits} commits), ${r.bids.lost} acknowledged bids missing, ` +
    `${r.bids.unacknowledged} placed while their answer was on the wire at a stop   ${check(bidsOk)}`);
  if (r.readModels) {
    const m = r.readModels;
    console.log(`Read models:          ${m.tables} tables of ${m.projections} projections rebuilt from ${m.events} events in ${m.seconds.toFixed(0)} s; ${m.different.length === 0 ? 'all equal' : `DIFFERENT: ${m.different.join(', ')}`}   ${check(modelsOk)}`);
  }
  console.log('');
  console.log('| rate | accepted/s | decisions/s | p50 | p95 | p99 | errors | ws lag p50/p99 | missed | PG commits/s | spread one-row | ratio | server/gen/watchers/pg/other cores | load avg |');
  console.log(
    `| ${w.rate} | ${accepted.toFixed(0)} | ${decisions.toFixed(0)} | ${l.p50.toFixed(1)} | ${l.p95.toFixed(1)} | ${l.p99.toFixed(1)} | ${errorsOf(w)} | ` +
      `${w.lag.lag.p50.toFixed(0)}/${w.lag.lag.p99.toFixed(0)} ms | ${w.lag.missed} | ${w.pg.commitsPerSecond.toFixed(0)} | ${r.baseline.commitsPerSecond.toFixed(0)} | ${ratio.toFixed(2)}x | ${cores(w.cpu)} | ${r.loadBefore[0].toFixed(1)} |`,
  );
  const other = w.cpu.machine - w.cpu.server - w.cpu.generator - w.cpu.watchers - w.cpu.postgres;
  const figures: Array<[string, string]> = [
    ['rate search (over)', r.steps.map((s) => `${s.rate}${passes(s) ? '' : '*'}`).join(', ') || 'skipped'],
    ['closing run rate', `${w.rate}/s`],
    ['accepted/s / decisions/s', `${accepted.toFixed(0)} / ${decisions.toFixed(0)}`],
    ['latency p50 / p95 / p99', `${l.p50.toFixed(1)} / ${l.p95.toFixed(1)} / ${l.p99.toFixed(1)} ms`],
    ['errors', String(errorsOf(w))],
    ['ws lag p50 / p99 (missed)', `${w.lag.lag.p50.toFixed(0)} / ${w.lag.lag.p99.toFixed(0)} ms (${w.lag.missed})`],
    ['server cores (per process)', serverCores(w.cpu)],
    ['generator / watchers / PostgreSQL / other cores', `${w.cpu.generator.toFixed(2)} / ${w.cpu.watchers.toFixed(2)} / ${w.cpu.postgres.toFixed(2)} / ${other.toFixed(2)}`],
    ['ceiling (Fastify alone) answers/s; share of it', `${r.ceiling.perSecond.toFixed(0)}; ${share.toFixed(2)}`],
    ['PG commits/s (rollbacks/s); spread one-row', `${w.pg.commitsPerSecond.toFixed(0)} (${w.pg.rollbacksPerSecond.toFixed(1)}); ${r.baseline.commitsPerSecond.toFixed(0)}`],
    ['lots closed once / twice; close delay p50 / max', `${c.closedOnce}/${c.lots} / ${c.closedTwice}; ${ms(c.closeDelay.p50)} / ${ms(c.closeDelay.max)}`],
    ['bids acknowledged / lost', `${r.bids.acknowledged} / ${r.bids.lost}`],
    ['read models', r.readModels ? (modelsOk ? `all ${r.readModels.tables} tables equal a rebuild` : `DIFFERENT: ${r.readModels.different.join(', ')}`) : 'not checked'],
    ['load average before / after', `${load(r.loadBefore)} / ${load(r.loadAfter)}`],
  ];
  return { ok: closesOk && bidsOk && modelsOk, figures };
}
