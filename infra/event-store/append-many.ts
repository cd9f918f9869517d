/**
 * Appends to many streams in one statement (one round trip): the cross-lot commit tick of the bid path
 * (services/bidding/commit-tick.ts). Each stream keeps its own expected-version check and its own guard, and is
 * written or not on its own: a stream whose check fails is left out and reported, the others are written. The hash
 * chain is computed as in `EventStore.append`, per stream.
 *
 * Streams are locked in stream id order, so two such statements touching the same streams cannot deadlock.
 */
import { sql } from 'kysely';
import type { AppendResult, NewEvent } from './types';
import type { Db } from '../db/database';

interface ManyItem {
  streamId: string;
  /** The stream's current version; 0 = the stream must not exist yet. */
  expected: number;
  events: NewEvent[];
  /** The append happens only if none of these streams exists. */
  guard: readonly string[];
}

interface Row { stream_id: string; event_id: string; position: number; transaction_id: string; stream_version: number }

/**
 * Rows of another table written by the same statement, each only if its item is appended; an item one of whose rows
 * finds its unique key already taken is left out like a failed version check (the caller asks why on its own path).
 * So a command's side record (a bid's kept answer under its Idempotency-Key) commits exactly with its events, in one
 * round trip instead of a transaction of four (BEGIN, the rows, the events, COMMIT). A row whose key is taken by a
 * concurrent transaction after this statement's snapshot fails the whole statement (unique violation, 23505).
 */
export interface GatedRows {
  table: string;
  /** Column names with their PostgreSQL types (code constants, never input: they are written into the SQL). */
  columns: ReadonlyArray<readonly [name: string, type: string]>;
  /** The columns of the unique key a row must not find taken. */
  key: readonly string[];
  /** Per row: its item's index in `items`, and its values in `columns` order. */
  rows: ReadonlyArray<{ item: number; values: readonly unknown[] }>;
}

function gatedParts(gated: GatedRows | undefined) {
  if (!gated || gated.rows.length === 0) return { ctes: sql``, notTaken: sql``, insert: sql`` };
  const names = gated.columns.map(([name]) => sql.id(name));
  const arrays = gated.columns.map(([, type], c) => sql`${gated.rows.map((r) => r.values[c])}::${sql.raw(type)}[]`);
  const keyMatch = sql.join(gated.key.map((k) => sql`x.${sql.id(k)} = g.${sql.id(k)}`), sql` AND `);
  return {
    ctes: sql`, gated_in AS (
      SELECT * FROM unnest(${gated.rows.map((r) => r.item + 1)}::int[], ${sql.join(arrays)}) AS t(item, ${sql.join(names)})
    ), gated_taken AS (
      SELECT DISTINCT g.item FROM gated_in g JOIN ${sql.id(gated.table)} x ON ${keyMatch}
    )`,
    notTaken: sql`AND NOT EXISTS (SELECT 1 FROM gated_taken t WHERE t.item = i.item)`,
    insert: sql`, gated_out AS (
      INSERT INTO ${sql.id(gated.table)} (${sql.join(names)})
      SELECT ${sql.join(names.map((n) => sql`g.${n}`))} FROM gated_in g
      JOIN items i ON i.item = g.item JOIN bumped b ON b.stream_id = i.stream_id
      RETURNING 1
    )`,
  };
}

/** Per item (same order): its result, or null when its version check, its guard or a gated row kept it out. */
export async function appendMany(executor: Db, items: readonly ManyItem[], gated?: GatedRows): Promise<(AppendResult | null)[]> {
  if (items.length === 0) return [];
  if (new Set(items.map((i) => i.streamId)).size !== items.length) throw new Error('appendMany: one item per stream');
  const events = items.flatMap((item, i) => item.events.map((e) => ({ item: i + 1, e })));
  if (items.some((i) => i.events.length === 0)) throw new Error('appendMany: every item needs events');
  const guards = items.flatMap((item, i) => item.guard.map((streamId) => ({ item: i + 1, streamId })));
  const side = gatedParts(gated);
  const { rows } = await sql<Row>`
    WITH items AS (
      SELECT * FROM unnest(${items.map((i) => i.streamId)}::text[], ${items.map((i) => i.expected)}::int[],
                           ${items.map((i) => i.events.length)}::int[]) WITH ORDINALITY AS t(stream_id, expected, count, item)
    ), input AS (
      SELECT * FROM unnest(${events.map((x) => x.item)}::int[], ${events.map((x) => x.e.event_id)}::uuid[],
                           ${events.map((x) => x.e.type)}::text[], ${events.map((x) => JSON.stringify(x.e.data))}::text[],
                           ${events.map((x) => JSON.stringify(x.e.metadata ?? {}))}::text[])
        WITH ORDINALITY AS t(item, event_id, type, data, metadata, n)
    ), guards AS (
      SELECT * FROM unnest(${guards.map((g) => g.item)}::int[], ${guards.map((g) => g.streamId)}::text[]) AS t(item, stream_id)
    )${side.ctes}, head AS (
      SELECT stream_id, version, last_hash FROM streams WHERE stream_id = ANY(${items.map((i) => i.streamId)}::text[])
      ORDER BY stream_id FOR UPDATE
    ), allowed AS (
      SELECT i.item, i.stream_id, i.count, coalesce(h.version, 0) AS version, h.last_hash AS hash
      FROM items i LEFT JOIN head h ON h.stream_id = i.stream_id
      WHERE coalesce(h.version, 0) = i.expected
        AND NOT EXISTS (SELECT 1 FROM guards g JOIN streams gs ON gs.stream_id = g.stream_id WHERE g.item = i.item)
        ${side.notTaken}
    ), chained AS (
      SELECT x.n, a.item, a.stream_id, x.event_id, x.type, x.data::jsonb AS data, x.metadata::jsonb AS metadata,
             a.version + (row_number() OVER (PARTITION BY a.item ORDER BY x.n))::integer AS stream_version, a.hash AS base_hash
      FROM input x JOIN allowed a ON a.item = x.item
    ), hashed AS (
      SELECT c.*, event_chain(c.base_hash, event_canonical(c.stream_id, c.stream_version, c.event_id, c.type, c.data, c.metadata))
               OVER (PARTITION BY c.item ORDER BY c.n) AS hash
      FROM chained c
    ), bumped AS (
      INSERT INTO streams AS s (stream_id, version, last_hash)
      SELECT a.stream_id, a.version + a.count, (SELECT h.hash FROM hashed h WHERE h.item = a.item ORDER BY h.n DESC LIMIT 1)
      FROM allowed a ORDER BY a.stream_id
      ON CONFLICT (stream_id) DO UPDATE SET version = EXCLUDED.version, last_hash = EXCLUDED.last_hash
      -- The version the chain was built on: it differs only for a stream created after this statement's snapshot.
      WHERE s.version = (SELECT a.version FROM allowed a WHERE a.stream_id = s.stream_id)
      RETURNING s.stream_id
    )${side.insert}
    INSERT INTO events (stream_id, stream_version, event_id, type, data, metadata, hash)
    SELECT h.stream_id, h.stream_version, h.event_id, h.type, h.data, h.metadata, h.hash
    FROM hashed h JOIN bumped b ON b.stream_id = h.stream_id ORDER BY h.item, h.n
    RETURNING stream_id, event_id::text, position, transaction_id::text, stream_version`.execute(executor);
  const byStream = new Map<string, Row[]>();
  for (const row of rows) {
    const list = byStream.get(row.stream_id) ?? [];
    list.push(row);
    byStream.set(row.stream_id, list);
  }
  return items.map((item) => {
    const written = byStream.get(item.streamId);
    if (!written) return null;
    const sorted = written.sort((a, b) => a.stream_version - b.stream_version)
      .map(({ event_id, position, transaction_id, stream_version }) => ({ event_id, position: Number(position), transaction_id, stream_version }));
    return { stream_id: item.streamId, version: sorted[sorted.length - 1].stream_version, events: sorted, duplicate: false };
  });
}
