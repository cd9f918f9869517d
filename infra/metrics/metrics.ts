/**
 * The process's Prometheus metrics (docs/operations.md lists every family). Infrastructure: it imports no slice.
 * What the hot paths record is a counter or histogram bump in memory; everything that needs a look around (the
 * database pool, the projections' lag, the sockets, the outbox, card money in flight, the leases) is a gauge read from a *source* when
 * Prometheus scrapes, never per request. The sources are handed in where the server is assembled
 * (services/context.ts, services/cluster/node.ts), so this folder needs to know no slice.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ProjectionLag } from './projection-lag';

interface PoolStats { total: number; idle: number; waiting: number }
interface LiveStats {
  /** Open sockets per channel. */
  connections: Record<string, number>;
  /** Bytes written to sockets and not yet taken by the kernel, summed over every socket. */
  queuedBytes: number;
  /** Sockets past the slow-consumer mark (their lot states are held back, newest only). */
  slowSockets: number;
  /** Broadcasts still being sent in slices. */
  pendingBroadcasts: number;
}
export interface OutboxStats { pending: number; retrying: number; failed: number; oldestPendingSeconds: number }
/** Card money in flight: refunds decided and not made yet, payments still waiting for the provider's outcome. */
export interface PaymentStats { refundsOwed: number; refundsOwedPence: number; pending: number; oldestPendingSeconds: number }

interface MetricSources {
  pool?: () => PoolStats;
  projections?: () => Promise<ProjectionLag[]>;
  live?: () => LiveStats | null;
  outbox?: () => Promise<OutboxStats>;
  payments?: () => Promise<PaymentStats>;
  leasesHeld?: () => number;
}

/** Latency buckets (seconds): a bid is decided in about a millisecond, a PDF may take a second. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export class Metrics {
  readonly registry = new Registry();
  private readonly sources: MetricSources = {};
  private readonly bidDecisions: Counter<'outcome'>;
  private readonly bidRefusals: Counter<'reason'>;
  private readonly bidSeconds: Histogram;
  private readonly requestSeconds: Histogram<'method' | 'route' | 'status_class'>;
  private readonly children = new Map<object, Map<string, unknown>>();

  constructor(options: { processMetrics?: boolean } = {}) {
    const registers = [this.registry];
    if (options.processMetrics !== false) collectDefaultMetrics({ register: this.registry });
    this.bidDecisions = new Counter({ name: 'auction_bid_decisions_total', help: 'Bids decided by the lot writers of this process, by outcome (accepted or refused).', labelNames: ['outcome'], registers });
    this.bidRefusals = new Counter({ name: 'auction_bid_refusals_total', help: 'Bids refused, by reason (ended, below_minimum, registration_fee, ...).', labelNames: ['reason'], registers });
    this.bidSeconds = new Histogram({ name: 'auction_bid_decision_seconds', help: 'Time from a bid reaching its lot writer to its decision (accepted and committed, or refused).', buckets: LATENCY_BUCKETS, registers });
    this.requestSeconds = new Histogram({
      name: 'auction_http_request_duration_seconds', help: 'HTTP request latency by route pattern (never the raw URL), method and status class.',
      labelNames: ['method', 'route', 'status_class'], buckets: LATENCY_BUCKETS, registers,
    });
    this.scrapeGauges(registers);
  }

  /** Hands in (or replaces) where the gauges read from; called where the server is assembled. */
  provide(sources: MetricSources): void {
    Object.assign(this.sources, sources);
  }

  bidDecided(seconds: number): void {
    this.child(this.bidDecisions, 'accepted', { outcome: 'accepted' }).inc();
    this.bidSeconds.observe(seconds);
  }

  bidRefused(reason: string, seconds: number): void {
    this.child(this.bidDecisions, 'refused', { outcome: 'refused' }).inc();
    this.child(this.bidRefusals, reason, { reason }).inc();
    this.bidSeconds.observe(seconds);
  }

  requestDone(method: string, route: string, status: number, seconds: number): void {
    const statusClass = `${Math.floor(status / 100)}xx`;
    this.child(this.requestSeconds, `${method} ${route} ${statusClass}`, { method, route, status_class: statusClass }).observe(seconds);
  }

  /**
   * A labelled series, looked up once and kept: prom-client hashes the label object on every call otherwise, which
   * was ~8 µs of a bid decision's CPU at saturation (docs/benchmarks.md, "Where a decision's time goes"). The label
   * sets are bounded (outcomes, refusal reasons, route patterns by method and status class).
   */
  private child<T extends string, M extends Counter<T> | Histogram<T>>(metric: M, key: string, labels: Partial<Record<T, string>>): ReturnType<M['labels']> {
    let byKey = this.children.get(metric);
    if (!byKey) {
      byKey = new Map();
      this.children.set(metric, byKey);
    }
    let found = byKey.get(key);
    if (!found) {
      found = metric.labels(labels as never);
      byKey.set(key, found);
    }
    return found as ReturnType<M['labels']>;
  }

  /** A gauge source as handed in (the close monitor reads the same numbers, services/close-monitor). */
  source<K extends keyof MetricSources>(name: K): MetricSources[K] {
    return this.sources[name];
  }

  /** The bid decisions so far: how many were refused, and the latency histogram's cumulative buckets (le in seconds). */
  async bidTotals(): Promise<{ refused: number; buckets: Array<{ le: number; count: number }> }> {
    const decisions = (await this.bidDecisions.get()).values;
    const refused = decisions.find((v) => v.labels.outcome === 'refused')?.value ?? 0;
    const buckets = (await this.bidSeconds.get()).values
      .filter((v) => v.metricName === 'auction_bid_decision_seconds_bucket')
      .map((v) => ({ le: v.labels.le === '+Inf' ? Infinity : Number(v.labels.le), count: v.value }));
    return { refused, buckets };
  }

  /** The text exposition format. */
  async text(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  /**
   * One read of a source per scrape: the two gauges of one source (and a second scrape within a second) share it. A
   * source that fails (the database is gone) leaves its gauges empty and says so in auction_metrics_source_up.
   */
  private shared<T>(name: string, read: () => Promise<T | undefined> | T | undefined): () => Promise<T | undefined> {
    let last: { at: number; value: Promise<T | undefined> } | null = null;
    const once = (): Promise<T | undefined> => {
      if (!last || performance.now() - last.at > 1_000) last = { at: performance.now(), value: Promise.resolve().then(read) };
      return last.value;
    };
    this.reads.set(name, once);
    return async () => { try { return await once(); } catch { return undefined; } };
  }

  private readonly reads = new Map<string, () => Promise<unknown>>();

  private scrapeGauges(registers: Registry[]): void {
    const s = this.sources;
    const make = <L extends string>(name: string, help: string, labelNames: L[], collect: (g: Gauge<L>) => void | Promise<void>) => {
      const it: Gauge<L> = new Gauge<L>({ name, help, labelNames, registers, async collect() { it.reset(); await collect(it); } });
      return it;
    };
    const pool = this.shared('pool', () => s.pool?.());
    const lag = this.shared('projections', () => s.projections?.());
    const live = this.shared('live', () => s.live?.() ?? undefined);
    const outbox = this.shared('outbox', () => s.outbox?.());
    const payments = this.shared('payments', () => s.payments?.());
    make('auction_db_pool_connections', 'Database pool connections of this process: total open and idle.', ['state'], async (m) => {
      const p = await pool();
      if (p) { m.set({ state: 'total' }, p.total); m.set({ state: 'idle' }, p.idle); }
    });
    make('auction_db_pool_waiting', 'Queries of this process waiting for a pooled connection.', [], async (m) => { const p = await pool(); if (p) m.set(p.waiting); });
    make('auction_projection_events_behind', 'Committed events a projection has not applied yet.', ['projection'], async (m) => {
      for (const l of (await lag()) ?? []) m.set({ projection: l.name }, l.eventsBehind);
    });
    make('auction_projection_seconds_behind', 'Age of the oldest committed event a projection has not applied yet (0 when caught up).', ['projection'], async (m) => {
      for (const l of (await lag()) ?? []) m.set({ projection: l.name }, l.secondsBehind);
    });
    make('auction_ws_connections', 'Open websocket connections of this process, by channel.', ['channel'], async (m) => {
      for (const [channel, n] of Object.entries((await live())?.connections ?? {})) m.set({ channel }, n);
    });
    make('auction_ws_send_queue_bytes', "Bytes queued on this process's websockets, not yet sent.", [], async (m) => { const l = await live(); if (l) m.set(l.queuedBytes); });
    make('auction_ws_slow_sockets', 'Websockets past the slow-consumer mark (lot states held back).', [], async (m) => { const l = await live(); if (l) m.set(l.slowSockets); });
    make('auction_ws_pending_broadcasts', 'Broadcasts still being sent out in slices.', [], async (m) => { const l = await live(); if (l) m.set(l.pendingBroadcasts); });
    make('auction_outbox_emails', 'Emails in the outbox by state: pending (not sent yet), retrying (pending after a failed attempt), failed (given up).', ['state'], async (m) => {
      const o = await outbox();
      if (o) { m.set({ state: 'pending' }, o.pending); m.set({ state: 'retrying' }, o.retrying); m.set({ state: 'failed' }, o.failed); }
    });
    make('auction_outbox_oldest_pending_seconds', 'Age of the oldest email waiting to be sent (0 when none).', [], async (m) => {
      const o = await outbox();
      if (o) m.set(o.oldestPendingSeconds);
    });
    const fromPayments = (name: string, help: string, pick: (p: PaymentStats) => number) =>
      make(name, help, [], async (m) => { const p = await payments(); if (p) m.set(pick(p)); });
    fromPayments('auction_refunds_owed', 'Refunds the house has decided and the provider has not made yet (the owed-refunds worker retries them every 30 s).', (p) => p.refundsOwed);
    fromPayments('auction_refunds_owed_pence', 'The money those refunds give back, in pence.', (p) => p.refundsOwedPence);
    fromPayments('auction_card_payments_pending', "Card payments still waiting for the provider's outcome (a bank's check open, or an answer not yet applied).", (p) => p.pending);
    fromPayments('auction_card_payment_oldest_pending_seconds', 'Age of the oldest of them (0 when none): past a few minutes, the reconciling pass has not settled it.', (p) => p.oldestPendingSeconds);
    make('auction_lot_leases_held', 'Lot leases (one writer per lot) this process holds.', [], (m) => m.set(s.leasesHeld?.() ?? 0));
    make('auction_metrics_source_up', 'Whether a scrape-time source answered (0: its gauges are missing from this scrape, e.g. the database is gone).', ['source'], async (m) => {
      for (const [name, read] of this.reads) m.set({ source: name }, await read().then(() => 1, () => 0));
    });
  }
}
