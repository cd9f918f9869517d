/** Prints the load test's figures, the targets they are held against, and a Markdown row for docs/benchmarks.md. */
import os from 'node:os';
import type { BidLoadResult } from './bid-load';
import type { Baseline } from './pg-baseline';
import type { LagReport } from './watchers';
import { ms, spread } from './stats';
import { describeServerCores, type Column } from './processes';
import type { Ceiling } from './bare-ceiling';
import type { EventLoopDelay } from './event-loop';

interface ReportInput {
  load: BidLoadResult;
  lag: LagReport;
  baseline: Baseline;
  watchers: number;
  stillOpen: number;
  audit: { appends: number; placed: number; answered: number; lost: number; unanswered: number; inFlightLimit: number };
  /** Cores used during the measured run (1.0 = one core busy all the time). */
  cpu: { server: number; generator: number; postgres: number; machine: number };
  /** Cores per server process (the primary first when there are several). */
  serverProcesses: number[];
  processes: number;
  connections: number;
  keys: boolean;
  /** Fastify alone answering the same storm, in the same run (issue #22's ceiling). */
  ceiling?: Ceiling;
  /** The server's event-loop delay during the measured run (null when /metrics could not be read). */
  eventLoop?: EventLoopDelay | null;
}

const TARGETS = { decisionsPerSecond: 2500, p99Ms: 100, ratio: 3, lagP99Ms: 250, ofCeiling: 0.7, tail: 5 };

/** Prints the run and answers its figures for the side-by-side table (LOAD_PROCESSES). */
export function report(input: ReportInput): Column {
  const { load, lag, baseline } = input;
  const seconds = load.durationSeconds;
  const decisions = load.decisions / seconds;
  const accepted = load.accepted / seconds;
  const latency = spread(load.latenciesMs);
  const ratio = decisions / baseline.commitsPerSecond;
  const acceptedRatio = accepted / baseline.commitsPerSecond;
  const check = (ok: boolean) => (ok ? 'PASS' : 'MISS');

  console.log('');
  console.log(`Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), load generator on the same machine`);
  console.log(`Run: ${input.processes} server process${input.processes === 1 ? '' : 'es'}${input.processes > 1 ? ' (lot leases on)' : ''}, ${seconds} s, ${input.connections} connections on one lot, ${input.watchers} watchers, Idempotency-Key ${input.keys ? 'on' : 'off'}`);
  console.log(`Bid decisions/s:      ${decisions.toFixed(0)}   ${check(decisions >= TARGETS.decisionsPerSecond)} (>= ${TARGETS.decisionsPerSecond})`);
  console.log(`Accepted bids/s:      ${accepted.toFixed(0)}   (refused ${load.refused}, final price £${(load.lastPrice / 100).toFixed(2)})`);
  console.log(`Latency p50/p95/p99:  ${ms(latency.p50)} / ${ms(latency.p95)} / ${ms(latency.p99)}   ${check(latency.p99 < TARGETS.p99Ms)} (p99 < ${TARGETS.p99Ms} ms)`);
  const byOutcome = { accepted: spread(load.latenciesByOutcomeMs.accepted), refused: spread(load.latenciesByOutcomeMs.refused) };
  // Where the tail is: an accepted bid waits for its commit tick's round trips, a refusal only for the loop.
  console.log(`  by outcome:         accepted p50/p99 ${ms(byOutcome.accepted.p50)} / ${ms(byOutcome.accepted.p99)}, refused p50/p99 ${ms(byOutcome.refused.p50)} / ${ms(byOutcome.refused.p99)}`);
  console.log(`Errors:               ${load.errors}   (statuses ${JSON.stringify(load.statuses)})`);
  console.log(`WS lag p50/p95/p99:   ${ms(lag.lag.p50)} / ${ms(lag.lag.p95)} / ${ms(lag.lag.p99)}   ${check(lag.lag.p99 < TARGETS.lagP99Ms && lag.missed === 0)} (p99 < ${TARGETS.lagP99Ms} ms, none missed)`);
  console.log(`                      ${lag.samples} prices x ${input.watchers} watchers, ${lag.missed} missed, ${lag.messages} lot_update messages received, ${input.stillOpen} watchers still open`);
  const { server, generator, postgres, machine } = input.cpu;
  console.log(`CPU (cores busy):     server ${describeServerCores(input.serverProcesses)}, load generator + watchers ${generator.toFixed(2)}, PostgreSQL ${postgres.toFixed(2)}, ` +
    `other processes ${(machine - server - generator - postgres).toFixed(2)}; machine ${machine.toFixed(2)} of ${os.cpus().length}`);
  console.log(`PostgreSQL one-row:   ${baseline.commitsPerSecond.toFixed(0)} commits/s (${baseline.method})`);
  console.log(`Ratio:                decisions ${ratio.toFixed(2)}x   ${check(ratio >= TARGETS.ratio)} (>= ${TARGETS.ratio}x); accepted ${acceptedRatio.toFixed(2)}x`);
  const ceilingFigures = printCeiling(input, decisions, latency.p50, latency.p99, check);
  const audit = input.audit;
  const auditOk = audit.lost === 0 && audit.unanswered >= 0 && audit.unanswered <= audit.inFlightLimit;
  console.log(`Audit:                ${audit.answered} accepted answers, ${audit.placed} BidPlaced in the stream (in ${audit.appends} appends), ${audit.lost} accepted bids missing, ${audit.unanswered} placed while their answer was on the wire at the stop   ${check(auditOk)}`);
  console.log('');
  console.log('| date | decisions/s | accepted/s | p50 | p95 | p99 | errors | ws lag p50/p95/p99 | PG one-row commits/s | ratio |');
  console.log(
    `| ${new Date().toISOString().slice(0, 10)} | ${decisions.toFixed(0)} | ${accepted.toFixed(0)} | ${latency.p50.toFixed(1)} | ${latency.p95.toFixed(1)} | ` +
      `${latency.p99.toFixed(1)} | ${load.errors} | ${lag.lag.p50.toFixed(0)}/${lag.lag.p95.toFixed(0)}/${lag.lag.p99.toFixed(0)} ms | ` +
      `${baseline.commitsPerSecond.toFixed(0)} | ${ratio.toFixed(2)}x |`,
  );
  const figures: Array<[string, string]> = [
    ['decisions/s', decisions.toFixed(0)],
    ['accepted/s', accepted.toFixed(0)],
    ['latency p50 / p95 / p99', `${latency.p50.toFixed(1)} / ${latency.p95.toFixed(1)} / ${latency.p99.toFixed(1)} ms`],
    ['errors', String(load.errors)],
    ['ws lag p50 / p95 / p99 (missed)', `${lag.lag.p50.toFixed(0)} / ${lag.lag.p95.toFixed(0)} / ${lag.lag.p99.toFixed(0)} ms (${lag.missed})`],
    ['server cores (per process)', describeServerCores(input.serverProcesses)],
    ['generator+watchers / PostgreSQL / other cores', `${generator.toFixed(2)} / ${postgres.toFixed(2)} / ${(machine - server - generator - postgres).toFixed(2)}`],
    ['machine cores busy', `${machine.toFixed(2)} of ${os.cpus().length}`],
    ['PG one-row commits/s; ratio', `${baseline.commitsPerSecond.toFixed(0)}; ${ratio.toFixed(2)}x`],
    ['BidPlaced (appends)', `${audit.placed} (${audit.appends})`],
    ...ceilingFigures,
  ];
  return { processes: input.processes, ok: auditOk, figures };
}

/** The ceiling, the tail and the event loop (issue #22's targets), printed; their figures for the side-by-side table. */
function printCeiling(input: ReportInput, decisions: number, p50: number, p99: number, check: (ok: boolean) => string): Array<[string, string]> {
  const figures: Array<[string, string]> = [];
  const tail = p99 / p50;
  console.log(`Tail:                 p99 / p50 = ${tail.toFixed(1)}   ${check(tail <= TARGETS.tail)} (<= ${TARGETS.tail})`);
  figures.push(['p99 / p50', tail.toFixed(1)]);
  const loop = input.eventLoop;
  if (loop) {
    console.log(`Event-loop delay:     p50 ${ms(loop.p50Ms)}, p99 ${ms(loop.p99Ms)}, max ${ms(loop.maxMs)} (the server's, during the run)`);
    figures.push(['event-loop delay p50 / p99 / max', `${loop.p50Ms.toFixed(1)} / ${loop.p99Ms.toFixed(1)} / ${loop.maxMs.toFixed(1)} ms`]);
  }
  const ceiling = input.ceiling;
  if (ceiling) {
    const bare = ceiling.load.decisions / ceiling.load.durationSeconds;
    const bareLatency = spread(ceiling.load.latenciesMs);
    const share = decisions / bare;
    console.log(`Ceiling (Fastify alone, same storm, same run): ${bare.toFixed(0)} answers/s, p50/p99 ${ms(bareLatency.p50)} / ${ms(bareLatency.p99)}, its server ${ceiling.serverCores.toFixed(2)} cores`);
    console.log(`Of the ceiling:       ${share.toFixed(2)}   ${check(share >= TARGETS.ofCeiling)} (>= ${TARGETS.ofCeiling})`);
    figures.push(['ceiling answers/s; house share', `${bare.toFixed(0)}; ${share.toFixed(2)}`]);
  }
  return figures;
}
