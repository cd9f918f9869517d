/**
 * Lot leases (docs/scale.md): with several server processes on one database, each lot has one writer at a time.
 * A lease names the lot's holder (a process) and an epoch bumped at every change of holder; a process's liveness is
 * its heartbeat row in `lease_holders` (one row per process, not per lot, so renewing costs one UPDATE a second).
 * A lease whose holder's heartbeat has expired (or was marked dead) may be taken by anyone.
 *
 * Fencing: every append of a lot runs in a transaction that first reads the lease `FOR SHARE` with this process as
 * holder and its epoch. A takeover is an UPDATE of that row (epoch + 1), so it waits for an append in flight, and an
 * append that starts after the takeover finds no row: a writer that lost its lease can never append.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { AppContext } from '../context';
import { Conflict } from '../../domain/shared/errors';
import type { Db } from '../../infra/db/database';

/** This process does not (or no longer) hold the lot's lease: nothing was written; the caller routes again. */
export class LeaseLost extends Conflict {
  constructor(readonly lotId: string) {
    super('This lot is being moved to another server. Please try again.');
  }
}

export interface LeaseInfo {
  mine: boolean;
  epoch: number;
  holder: string;
  /** The holder's internal address (where bids are forwarded). */
  address: string;
}

export interface LeaseOptions {
  /** A holder whose heartbeat is older than this is dead: its leases may be taken. */
  ttlMs?: number;
  heartbeatMs?: number;
}

export const LEASE_TTL_MS = 3_000;
const HEARTBEAT_MS = 1_000;

export class LotLeases {
  readonly holder = randomUUID();
  private address = '';
  /** Leases this process holds: lot id -> epoch. Dropped when a fencing check or a renewal says otherwise. */
  private readonly held = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private beating: Promise<unknown> | null = null;
  private readonly ttlMs: number;
  private readonly heartbeatMs: number;

  constructor(private readonly db: Db, options: LeaseOptions = {}) {
    this.ttlMs = options.ttlMs ?? LEASE_TTL_MS;
    this.heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  }

  async start(address: string): Promise<void> {
    this.address = address;
    await this.heartbeat();
    this.timer = setInterval(() => {
      if (this.beating) return;
      this.beating = this.heartbeat().catch(() => undefined).finally(() => (this.beating = null));
    }, this.heartbeatMs);
    this.timer.unref?.();
  }

  /** Releases every lease of this process at once (a clean shutdown: the others take over without waiting). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.beating;
    this.held.clear();
    await sql`DELETE FROM lot_leases WHERE holder = ${this.holder}`.execute(this.db);
    await sql`DELETE FROM lease_holders WHERE holder = ${this.holder}`.execute(this.db);
  }

  /** Leases this process holds now (the metrics read it at scrape time). */
  get heldCount(): number {
    return this.held.size;
  }

  /** The epoch of this process's lease on the lot, if it holds it (no query). */
  epochOf(lotId: string): number | undefined {
    return this.held.get(lotId);
  }

  forget(lotId: string): void {
    this.held.delete(lotId);
  }

  /**
   * Takes the lot's lease when it is free, ours, or its holder is dead; with `steal`, takes it whoever holds it (the
   * lease moves: the old holder's next append fails its fencing check). Otherwise answers who holds it.
   */
  async acquire(lotId: string, mode: 'free' | 'steal' = 'free'): Promise<LeaseInfo> {
    const steal = mode === 'steal';
    for (let attempt = 0; attempt < 5; attempt++) {
      const { rows } = await sql<{ mine: boolean; epoch: string; holder: string; address: string | null }>`
        WITH taken AS (
          INSERT INTO lot_leases AS l (lot_id, holder, epoch) VALUES (${lotId}, ${this.holder}, 1)
          ON CONFLICT (lot_id) DO UPDATE SET holder = EXCLUDED.holder, epoch = l.epoch + 1, acquired_at = clock_timestamp()
          WHERE ${steal} OR l.holder = EXCLUDED.holder
             OR NOT EXISTS (SELECT 1 FROM lease_holders h WHERE h.holder = l.holder AND h.expires_at > clock_timestamp())
          RETURNING l.epoch
        )
        SELECT true AS mine, epoch, ${this.holder} AS holder, ${this.address} AS address FROM taken
        UNION ALL
        SELECT false, l.epoch, l.holder, h.address FROM lot_leases l LEFT JOIN lease_holders h ON h.holder = l.holder
        WHERE l.lot_id = ${lotId} AND NOT EXISTS (SELECT 1 FROM taken)`.execute(this.db);
      // Empty: the row that made ours conflict committed after this statement's snapshot; look again.
      if (rows.length === 0) continue;
      const row = rows[0];
      const info = { mine: row.mine, epoch: Number(row.epoch), holder: row.holder, address: row.address ?? '' };
      if (info.mine) this.held.set(lotId, info.epoch);
      else this.held.delete(lotId);
      return info;
    }
    throw new LeaseLost(lotId);
  }

  /**
   * A peer did not answer at its address: its heartbeat is expired now, so its leases can be taken at once. If it
   * is alive after all, its next heartbeat revives it; the leases taken meanwhile are fenced.
   */
  async markDead(holder: string): Promise<void> {
    if (holder === this.holder) return;
    await sql`UPDATE lease_holders SET expires_at = '-infinity' WHERE holder = ${holder}`.execute(this.db);
  }

  /** The fencing check, in the transaction of the lot's append. Throws LeaseLost (the transaction then rolls back). */
  async fence(trx: Db, lotId: string, epoch: number): Promise<void> {
    const { rows } = await sql`SELECT 1 FROM lot_leases WHERE lot_id = ${lotId} AND holder = ${this.holder} AND epoch = ${epoch}
      FOR SHARE`.execute(trx);
    if (rows.length === 0) {
      if (this.held.get(lotId) === epoch) this.held.delete(lotId);
      throw new LeaseLost(lotId);
    }
  }

  /** The fencing check for several lots in one statement (a commit tick): answers the lots whose lease is lost. */
  async fenceMany(trx: Db, lots: readonly { lotId: string; epoch: number }[]): Promise<string[]> {
    const { rows } = await sql<{ lot_id: string }>`
      SELECT l.lot_id FROM lot_leases l
      JOIN unnest(${lots.map((l) => l.lotId)}::text[], ${lots.map((l) => l.epoch)}::bigint[]) AS t(lot_id, epoch)
        ON l.lot_id = t.lot_id AND l.epoch = t.epoch
      WHERE l.holder = ${this.holder} ORDER BY l.lot_id FOR SHARE OF l`.execute(trx);
    const held = new Set(rows.map((r) => r.lot_id));
    const lost = lots.filter((l) => !held.has(l.lotId));
    for (const { lotId, epoch } of lost) if (this.held.get(lotId) === epoch) this.held.delete(lotId);
    return lost.map((l) => l.lotId);
  }

  /** Renews this process's liveness; forgets the leases others have taken meanwhile. */
  async heartbeat(): Promise<void> {
    await sql`INSERT INTO lease_holders (holder, address, expires_at)
      VALUES (${this.holder}, ${this.address}, clock_timestamp() + ${this.ttlMs} * interval '1 millisecond')
      ON CONFLICT (holder) DO UPDATE SET address = EXCLUDED.address, expires_at = EXCLUDED.expires_at`.execute(this.db);
    if (this.held.size > 0) {
      const { rows } = await sql<{ lot_id: string; epoch: string }>`
        SELECT lot_id, epoch FROM lot_leases WHERE holder = ${this.holder}`.execute(this.db);
      const current = new Map(rows.map((r) => [r.lot_id, Number(r.epoch)]));
      for (const [lotId, epoch] of this.held) if (current.get(lotId) !== epoch) this.held.delete(lotId);
    }
    // Rows of processes long gone (their leases stay, takeable, until someone needs them).
    await sql`DELETE FROM lease_holders WHERE expires_at < clock_timestamp() - interval '1 hour'`.execute(this.db);
  }
}

const registry = new WeakMap<AppContext, LotLeases>();

/** Switches leases on for this process (services/cluster/node.ts). */
export function installLeases(ctx: AppContext, leases: LotLeases): void {
  registry.set(ctx, leases);
}

export function uninstallLeases(ctx: AppContext): void {
  registry.delete(ctx);
}

/** This process's leases, or undefined when it runs alone (leases off: the default single process). */
export function activeLeases(ctx: AppContext): LotLeases | undefined {
  return registry.get(ctx);
}
