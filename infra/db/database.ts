import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';

// int8 (event positions, counts) as JS numbers: positions stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
// numeric stays a string; money is kept as integer pence anyway.

/**
 * The read-model tables, as Kysely sees them. Each projection adds its own tables by declaration merging, so this
 * module (infrastructure) knows no projection:
 *
 *   declare module '<this file, relative>' { interface Database { lots: LotsTable } }
 *
 * The event store's own tables (events, streams, projection_checkpoints) are reached through raw SQL in
 * infra/event-store, so they are not listed here.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging (an interface, not a type, so it can be)
export interface Database {}

export type Db = Kysely<Database>;

const pools = new WeakMap<Db, pg.Pool>();

/** The pool behind a Db, in numbers (the metrics read it at scrape time): connections open, idle, and queries waiting. */
export function poolStats(db: Db): { total: number; idle: number; waiting: number } {
  const pool = pools.get(db);
  return { total: pool?.totalCount ?? 0, idle: pool?.idleCount ?? 0, waiting: pool?.waitingCount ?? 0 };
}


/**
 * With several nodes (lot leases on), a node that vanishes from the network leaves its sessions open on the server,
 * holding what they hold: a transaction's locks (a lot's lease row `FOR SHARE`, a projection's advisory lock) and the
 * event feed of every reader, a pooled session's advisory locks (the closing scheduler's, infra/db/session-locks.ts).
 * The takeover of its lots and every node's projections would wait until the server ends them
 * (services/bidding/two-nodes-netns.int.test.ts found 30 s, and for ever for the session locks). So with leases the
 * server ends such a silent session after the lease TTL (3 s, services/bidding/lot-leases.ts): a node that cannot talk
 * to the database that long has lost its leases anyway, and its open work is worth nothing to the others.
 */
export const LEASED_SILENCE_LIMIT_MS = 3_000;

const silenceLimits = new WeakMap<Db, number>();

/** The silence limit the pool was made with (leases on), else undefined: one node, nobody to take over. */
export function silenceLimitOf(db: Db): number | undefined {
  return silenceLimits.get(db);
}

/**
 * A second, small pool on the same database, for work that must not wait for a connection behind the main pool's
 * bids, pages and projections (sign-ins: docs/accounts.md). Its connections close after a few idle seconds and never
 * keep the process alive. State kept per database in memory (the sign-in throttle's locks) is kept for `main`.
 */
export function createSidePool(main: Db, connectionString: string, max: number): Db {
  const side = createDb(connectionString, max, silenceLimitOf(main), { allowExitOnIdle: true, idleTimeoutMillis: 5_000 });
  origins.set(side, originOf(main));
  return side;
}

const origins = new WeakMap<Db, Db>();

/** The main handle a side pool belongs to; a main handle is its own. */
export function originOf(db: Db): Db {
  return origins.get(db) ?? db;
}

export function createDb(connectionString: string, max = 10, silenceLimitMs?: number, extra: Pick<pg.PoolConfig, 'allowExitOnIdle' | 'idleTimeoutMillis'> = {}): Db {
  const pool = new pg.Pool({
    ...extra,
    connectionString,
    max,
    // Backstop: the server ends a session left "idle in transaction" this long (code that awaits something other than
    // its own queries mid-transaction). Such a transaction holds its locks and, once it has written, the event feed
    // of every reader of this database (infra/event-store/feed-horizon.ts). Nothing of ours idles that long.
    idle_in_transaction_session_timeout: silenceLimitMs ?? 30_000,
    // Backstop: waiting for a pooled connection fails after this instead of hanging, e.g. when every connection is
    // held by a transaction that itself waits for another pooled connection (a pool stall).
    connectionTimeoutMillis: 15_000,
  });
  pool.on('error', () => {
    // An idle client lost its connection (server restart); the pool replaces it on next use.
  });
  pool.on('connect', (client) => {
    // A checked-out client whose server goes away (restart, Ctrl-C reaching the embedded PostgreSQL) also emits
    // 'error'; its query rejects on its own, so the event must not crash the process.
    client.on('error', () => {});
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  pools.set(db, pool);
  if (silenceLimitMs) silenceLimits.set(db, silenceLimitMs);
  return db;
}
