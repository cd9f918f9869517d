import { sql, type Kysely } from 'kysely';
import type { Database } from '../infra/db/database';
import type { Projection } from './projection';
import { applyEvents } from './runner';
import type { FeedCursor } from '../infra/event-store/types';
import { EventStore } from '../infra/event-store/event-store';
import type { Db } from '../infra/db/database';

interface TableComparison { table: string; live: string; rebuilt: string; equal: boolean; rows: number }

interface RebuildReport { projection: string; events: number; tables: TableComparison[] }

/**
 * Rebuilds one projection from the events into fresh tables in a scratch schema (same columns, indexes and
 * constraints as the live ones), up to the live checkpoint, and compares a content hash of every table.
 */
export async function rebuildAndCompare(db: Kysely<Database>, projection: Projection, onProgress: (applied: number) => void = () => {}): Promise<RebuildReport> {
  const schema = `rebuild_${projection.name.replace(/\W/g, '_')}`.toLowerCase();
  try {
    await createScratchTables(db, schema, projection);
    // The checkpoint and the live tables are read in one snapshot, so a running server cannot move them apart.
    const { until, liveHashes } = await db.transaction().setIsolationLevel('repeatable read').execute(async (trx) => {
      const checkpoint = await liveCheckpoint(trx, projection.name);
      const hashes = new Map<string, string>();
      for (const table of projection.tables) hashes.set(table, (await tableHash(trx, 'public', table)).hash);
      return { until: checkpoint, liveHashes: hashes };
    });
    const events = await replay(db, projection, schema, until, onProgress);
    const tables: TableComparison[] = [];
    for (const table of projection.tables) {
      const live = liveHashes.get(table)!;
      const rebuilt = await tableHash(db, schema, table);
      tables.push({ table, live, rebuilt: rebuilt.hash, equal: live === rebuilt.hash, rows: rebuilt.rows });
    }
    return { projection: projection.name, events, tables };
  } finally {
    await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(db);
  }
}

/** A fresh `schema` holding empty copies of the projection's tables (same columns, indexes and constraints). */
export async function createScratchTables(db: Db, schema: string, projection: Projection): Promise<void> {
  await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(db);
  await sql`CREATE SCHEMA ${sql.id(schema)}`.execute(db);
  for (const table of projection.tables) {
    await sql`CREATE TABLE ${sql.id(schema, table)} (LIKE ${sql.id('public', table)} INCLUDING ALL)`.execute(db);
  }
}

async function liveCheckpoint(db: Db, name: string): Promise<FeedCursor | null> {
  const { rows } = await sql<FeedCursor>`SELECT transaction_id::text, position FROM projection_checkpoints WHERE name = ${name}`.execute(db);
  return rows[0] ?? null;
}

/** Applies every event up to the live checkpoint, in feed order, with the scratch schema first on the search path. */
async function replay(db: Kysely<Database>, projection: Projection, schema: string, until: FeedCursor | null, onProgress: (n: number) => void): Promise<number> {
  if (!until) return 0;
  const store = new EventStore(db);
  let cursor: FeedCursor = { transaction_id: '0', position: 0 };
  let applied = 0;
  for (;;) {
    const rows = await store.readRange(cursor, until, 2000);
    if (rows.length === 0) return applied;
    await db.transaction().execute(async (trx) => {
      await sql`SELECT set_config('search_path', ${`${schema}, public`}, true)`.execute(trx);
      await applyEvents(trx, projection, rows);
    });
    applied += rows.length;
    onProgress(applied);
    const last = rows[rows.length - 1];
    cursor = { transaction_id: last.transaction_id, position: last.position };
  }
}

/** Order-independent content hash of a table: md5 over the sorted md5 of each row's text form. */
export async function tableHash(db: Db, schema: string, table: string): Promise<{ hash: string; rows: number }> {
  const { rows } = await sql<{ hash: string; rows: number }>`
    SELECT md5(coalesce(string_agg(h, '' ORDER BY h), '')) AS hash, count(*)::int AS rows
    FROM (SELECT md5(t::text) AS h FROM ${sql.id(schema, table)} t) x`.execute(db);
  return rows[0];
}
