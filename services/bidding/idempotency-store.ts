/**
 * Stored answers of bids sent with an `Idempotency-Key` (table bid_idempotency, migration 0300). Rows are inserted in
 * the same transaction as the batch's events, so "the bid was placed" and "its answer was kept" are one fact.
 * Keys are scoped to the user: two users may pick the same key.
 */
import { sql } from 'kysely';
import type { Db } from '../../infra/db/database';

export interface IdempotencyRow {
  userId: string;
  key: string;
  requestHash: string;
  lotId: string;
  status: number;
  answer: unknown;
  createdAt: Date;
}

export interface KeptAnswer {
  requestHash: string;
  status: number;
  answer: unknown;
}

/** A key as the table knows it: keys are scoped to their user. */
export interface KeyRef { userId: string; key: string }

/** One key's identity, for sets and maps (user ids never hold a newline). */
export const keyId = (k: KeyRef): string => `${k.userId}\n${k.key}`;

const refOf = (k: KeyRef): KeyRef => ({ userId: k.userId, key: k.key });

/** Some keys of a batch were committed by a concurrent request (another process): the batch was rolled back. */
export class KeysTaken extends Error {
  constructor(readonly keys: KeyRef[]) {
    super('idempotency keys already used');
  }
}

/**
 * What makes two requests "the same" for a key: the lot and the amount in pence, kept as they are (nothing secret in
 * them, and a digest would cost CPU on every keyed bid for nothing).
 */
export function requestHash(lotId: string, pence: number): string {
  return `${lotId}:${pence}`;
}

/** Inserts the rows; throws KeysTaken (so the caller's transaction rolls back) when any key already exists. */
export async function insertKeys(trx: Db, rows: IdempotencyRow[]): Promise<void> {
  const taken = await insertKeysExceptTaken(trx, rows);
  if (taken.length > 0) throw new KeysTaken(taken);
}

/** Inserts the rows whose key is free; answers the keys that were already taken (their rows are not inserted). */
export async function insertKeysExceptTaken(trx: Db, rows: IdempotencyRow[]): Promise<KeyRef[]> {
  // One array per column of KEY_ROWS, the same columns and casts the one-statement tick writes (append-many.ts).
  const values = rows.map(keyValues);
  const columns = sql.join(KEY_ROWS.columns.map(([name]) => sql.id(name)));
  const arrays = sql.join(KEY_ROWS.columns.map(([, type], i) => sql`${values.map((v) => v[i])}::${sql.raw(type)}[]`));
  const { rows: inserted } = await sql<{ user_id: string; key: string }>`
    INSERT INTO bid_idempotency (${columns}) SELECT * FROM unnest(${arrays})
    ON CONFLICT (user_id, key) DO NOTHING
    RETURNING user_id, key`.execute(trx);
  if (inserted.length === rows.length) return [];
  const done = new Set(inserted.map((r) => keyId({ userId: r.user_id, key: r.key })));
  return rows.filter((r) => !done.has(keyId(r))).map(refOf);
}

/** The table's columns as append-many.ts writes them beside a tick's events (`GatedRows`); `keyValues` in this order. */
export const KEY_ROWS = {
  table: 'bid_idempotency',
  columns: [['user_id', 'text'], ['key', 'text'], ['request_hash', 'text'], ['lot_id', 'text'], ['status', 'int'], ['answer', 'jsonb'], ['created_at', 'timestamptz']],
  key: ['user_id', 'key'],
} as const;

export function keyValues(r: IdempotencyRow): unknown[] {
  return [r.userId, r.key, r.requestHash, r.lotId, r.status, JSON.stringify(r.answer), r.createdAt.toISOString()];
}

/** Which of `keys` the table holds already. */
export async function takenOf(db: Db, keys: readonly KeyRef[]): Promise<KeyRef[]> {
  const { rows } = await sql<{ user_id: string; key: string }>`
    SELECT b.user_id, b.key FROM bid_idempotency b
    JOIN unnest(${keys.map((k) => k.userId)}::text[], ${keys.map((k) => k.key)}::text[]) AS t(user_id, key)
      ON b.user_id = t.user_id AND b.key = t.key`.execute(db);
  return rows.map((r) => ({ userId: r.user_id, key: r.key }));
}

/** The refs of `keys` not among `except`. */
export function keysOtherThan(keys: readonly KeyRef[], except: readonly KeyRef[]): KeyRef[] {
  const skip = new Set(except.map(keyId));
  return keys.filter((k) => !skip.has(keyId(k))).map(refOf);
}

/** Takes back keys this transaction inserted for a batch that is not appended after all (same transaction). */
export async function deleteKeys(trx: Db, keys: KeyRef[]): Promise<void> {
  if (keys.length === 0) return;
  await sql`DELETE FROM bid_idempotency b USING unnest(${keys.map((k) => k.userId)}::text[], ${keys.map((k) => k.key)}::text[]) AS t(user_id, key)
    WHERE b.user_id = t.user_id AND b.key = t.key`.execute(trx);
}

export async function findKept(db: Db, userId: string, key: string): Promise<KeptAnswer | null> {
  const { rows } = await sql<{ request_hash: string; status: number; answer: unknown }>`
    SELECT request_hash, status, answer FROM bid_idempotency WHERE user_id = ${userId} AND key = ${key}`.execute(db);
  return rows[0] ? { requestHash: rows[0].request_hash, status: rows[0].status, answer: rows[0].answer } : null;
}
