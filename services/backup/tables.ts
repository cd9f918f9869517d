import { sql } from 'kysely';
import type { Db } from '../../infra/db/database';
import { allProjections } from '../../projections/index';

/**
 * What a backup copies: every table of the public schema but the ones a restore makes again itself. Read models are
 * rebuilt from the events (so a restore also proves the events are the whole truth); the search tables are filled by
 * triggers on `lots` while it is rebuilt; the migrations' own tables and the feed epoch are written by the restore.
 * Everything else is state no event holds (sessions, the email outbox, idempotency keys, payment sandbox, counters,
 * leases with their fencing epochs, followers' checkpoints) and is copied as it is.
 */
export const READ_MODEL_TABLES: ReadonlySet<string> = new Set(allProjections.flatMap((p) => p.tables));
/** Checkpoints of the read models: left out, the rebuild starts them from the beginning. Followers' are kept. */
export const READ_MODEL_CHECKPOINTS: readonly string[] = allProjections.map((p) => p.name);
const DERIVED_BY_TRIGGERS = ['lot_search', 'search_words', 'search_names'];
const MADE_BY_RESTORE = ['kysely_migration', 'kysely_migration_lock', 'feed_epoch'];

export function isCopied(table: string): boolean {
  return !READ_MODEL_TABLES.has(table) && !DERIVED_BY_TRIGGERS.includes(table) && !MADE_BY_RESTORE.includes(table);
}

/**
 * The copied tables of the database, ordered so that a table comes after every table its foreign keys point to (the
 * restore inserts in file order, with every constraint checked).
 */
export async function copiedTables(db: Db): Promise<string[]> {
  const { rows: tables } = await sql<{ name: string }>`
    SELECT relname AS name FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'r' ORDER BY relname`.execute(db);
  const { rows: keys } = await sql<{ child: string; parent: string }>`
    SELECT c.relname AS child, p.relname AS parent
    FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
    WHERE k.contype = 'f' AND k.connamespace = 'public'::regnamespace AND k.conrelid <> k.confrelid`.execute(db);
  const names = tables.map((t) => t.name).filter(isCopied);
  const parents = new Map(names.map((n) => [n, keys.filter((k) => k.child === n).map((k) => k.parent)]));
  const ordered: string[] = [];
  const placed = new Set<string>();
  const place = (name: string, path: string[]) => {
    if (placed.has(name) || !parents.has(name)) return;
    if (path.includes(name)) throw new Error(`foreign keys form a cycle: ${[...path, name].join(' -> ')}`);
    for (const parent of parents.get(name)!) place(parent, [...path, name]);
    placed.add(name);
    ordered.push(name);
  };
  for (const name of names) place(name, []);
  return ordered;
}

/** Columns a restore inserts: all but generated ones (PostgreSQL computes those). */
export async function insertableColumns(db: Db, table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT attname AS name FROM pg_attribute
    WHERE attrelid = ${`public.${table}`}::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''
    ORDER BY attnum`.execute(db);
  return rows.map((r) => r.name);
}

/** The public schema's sequences (identity columns', serials' and the standalone number sequences of orders etc.). */
export async function sequenceNames(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT relname AS name FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'S' ORDER BY relname`.execute(db);
  return rows.map((r) => r.name);
}
