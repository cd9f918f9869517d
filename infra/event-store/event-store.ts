import { EventEmitter } from 'node:events';
import { sql } from 'kysely';
import type { AppendOptions, AppendResult, DomainEvent, ExpectedVersion, FeedCursor, NewEvent, StoredEvent } from './types';
import { GuardStreamsExist, WrongExpectedVersion } from './types';
import { bindEffect, currentRun, markEffectCommitted, outsideRun, runMetadata } from '../commands/idempotent-run';
import { FEED_HORIZON } from './feed-horizon';
import type { Db } from '../db/database';

type Executor = Db;

/** One stored event as every reader returns it. */
const EVENT_COLUMNS = sql`position, transaction_id::text, stream_id, stream_version, event_id::text, type, data, metadata, created_at`;

interface InsertedRow { event_id: string; position: number; transaction_id: string; stream_version: number }

/**
 * The append-only event store in PostgreSQL. Appends are one statement (one round trip): the streams row is bumped
 * only when it holds the expected version, and the events are inserted only when that bump happened, each with its
 * link in the stream's hash chain (docs/audit.md, "Tamper evidence").
 */
export class EventStore {
  private readonly appended = new EventEmitter();

  constructor(private readonly db: Executor) {
    this.appended.setMaxListeners(100);
  }

  /** Pass `trx` to append inside a caller's transaction (several streams at once); then call `notifyAppended` after commit. */
  async append<E extends DomainEvent>(
    streamId: string, expected: ExpectedVersion, events: NewEvent<E>[], trx?: Executor, options: AppendOptions = {},
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    // A request with an Idempotency-Key: its key is marked as executed in the same transaction as its events.
    if (!trx && currentRun()) {
      try {
        const result = await this.db.transaction().execute((t) => this.append(streamId, expected, events, t, options));
        if (!result.duplicate) this.notifyAppended();
        return result;
      } catch (error) {
        // A unique violation aborts the transaction before it can be explained: explain it outside.
        if (isUniqueViolation(error) || (error as { code?: string }).code === '25P02') return await this.explainMissingAppend(this.db, streamId, expected, events);
        throw error;
      }
    }
    if (trx) await bindEffect(trx);
    const executor = trx ?? this.db;
    const guard = options.unlessStreamsExist ?? [];
    try {
      let rows = await this.insert(executor, streamId, expected, events, guard);
      for (let attempt = 1; rows.length === 0; attempt++) {
        if (guard.length > 0) await this.explainGuard(executor, guard);
        if (expected !== 'any' || attempt > 3) return await this.explainMissingAppend(executor, streamId, expected, events);
        // 'any' lost the race to create the stream: its events were chained to no head, so chain them again.
        rows = await this.insert(executor, streamId, expected, events, guard);
      }
      if (!trx) this.notifyAppended();
      return toResult(streamId, rows, false);
    } catch (error) {
      if (isUniqueViolation(error)) return await this.explainMissingAppend(executor, streamId, expected, events);
      throw error;
    }
  }

  async readStream<E extends DomainEvent = DomainEvent>(streamId: string, afterVersion = 0, executor: Executor = this.db): Promise<StoredEvent<E>[]> {
    const { rows } = await sql<StoredEvent<E>>`
      SELECT ${EVENT_COLUMNS}
      FROM events WHERE stream_id = ${streamId} AND stream_version > ${afterVersion}
      ORDER BY stream_version`.execute(executor);
    return rows;
  }

  /**
   * Events after `cursor` in global order, only below the feed horizon (feed-horizon.ts): an event whose transaction
   * commits late is never skipped, the feed waits for it instead. Only writers in this database hold it.
   */
  async readFeed(cursor: FeedCursor, limit = 500, executor: Executor = this.db): Promise<StoredEvent[]> {
    return (await this.readFeedBatch(cursor, limit, executor)).events;
  }

  /**
   * readFeed and the feed head from the same snapshot, in one statement: when `events` is empty, every event up to
   * `head` has been read (the projection runner reports that to its waiters).
   */
  async readFeedBatch(cursor: FeedCursor, limit = 500, executor: Executor = this.db): Promise<{ events: StoredEvent[]; head: FeedCursor }> {
    const { rows } = await sql<StoredEvent & { feed_horizon: string }>`
      WITH horizon AS MATERIALIZED (SELECT ${FEED_HORIZON} AS xid)
      SELECT h.xid::text AS feed_horizon, e.*
      FROM horizon h LEFT JOIN LATERAL (
        SELECT ${EVENT_COLUMNS}
        FROM events
        WHERE (transaction_id, position) > (${cursor.transaction_id}::xid8, ${cursor.position}::bigint)
          AND transaction_id < h.xid
        ORDER BY events.transaction_id, events.position
        LIMIT ${limit}) e ON true`.execute(executor);
    // Sorted here, not by an outer ORDER BY (a sort node on every read): the rows come in index order already.
    const events = rows.filter((r) => r.event_id !== null).map(({ feed_horizon: _, ...event }) => event).sort(byFeedOrder);
    return { events, head: headBelow(rows[0].feed_horizon) };
  }

  /**
   * Committed events after `cursor` up to and including `until`, in feed order: a replay of what a projection has
   * already applied (`until` is its checkpoint, so nothing below it is still running).
   */
  async readRange(cursor: FeedCursor, until: FeedCursor, limit = 2000, executor: Executor = this.db): Promise<StoredEvent[]> {
    const { rows } = await sql<StoredEvent>`
      SELECT ${EVENT_COLUMNS}
      FROM events
      WHERE (transaction_id, position) > (${cursor.transaction_id}::xid8, ${cursor.position}::bigint)
        AND (transaction_id, position) <= (${until.transaction_id}::xid8, ${until.position}::bigint)
      ORDER BY events.transaction_id, events.position
      LIMIT ${limit}`.execute(executor);
    return rows;
  }

  /**
   * Committed events after `position`, in position order, without waiting for older transactions still open: fast
   * but may skip a late-committing event, so only for latency paths that also read `readFeed` (the live feed).
   */
  async readCommittedAfter(position: number, limit = 500, executor: Executor = this.db): Promise<StoredEvent[]> {
    const { rows } = await sql<StoredEvent>`
      SELECT ${EVENT_COLUMNS} FROM events WHERE position > ${position} ORDER BY position LIMIT ${limit}`.execute(executor);
    return rows;
  }

  async lastPosition(executor: Executor = this.db): Promise<number> {
    const { rows } = await sql<{ position: number | null }>`SELECT max(position) AS position FROM events`.execute(executor);
    return Number(rows[0]?.position ?? 0);
  }

  /**
   * The cursor of the newest committed event (what a settle or a rebuild waits for), or null when there is none.
   * Ordered by the table's columns (`events.`): a bare `transaction_id` would name the output column, the id as text,
   * and "99991" sorts after "104383" (a settle then returned before the newest events were applied).
   */
  async lastCommitted(executor: Executor = this.db): Promise<FeedCursor | null> {
    const { rows } = await sql<FeedCursor>`
      SELECT transaction_id::text, position FROM events ORDER BY events.transaction_id DESC, events.position DESC LIMIT 1`.execute(executor);
    return rows[0] ?? null;
  }

  /** A cursor at "now": every event below the feed horizon (feed-horizon.ts) is behind it, everything later ahead. */
  async feedHead(executor: Executor = this.db): Promise<FeedCursor> {
    const { rows } = await sql<{ horizon: string }>`SELECT ${FEED_HORIZON}::text AS horizon`.execute(executor);
    return headBelow(rows[0].horizon);
  }

  onAppended(listener: () => void): () => void {
    this.appended.on('appended', listener);
    return () => this.appended.off('appended', listener);
  }

  notifyAppended(): void {
    // Called after every commit that appended events: a keyed request's effect is in from here.
    markEffectCommitted();
    // Listeners start shared work (projections, the live feed): never as part of the request that appended.
    outsideRun(() => this.appended.emit('appended'));
  }

  private async insert(executor: Executor, streamId: string, expected: ExpectedVersion, events: NewEvent[], absent: readonly string[]): Promise<InsertedRow[]> {
    const count = events.length;
    const run = runMetadata();
    const metadataOf = (e: NewEvent) => JSON.stringify(run ? { ...e.metadata, ...run } : (e.metadata ?? {}));
    const expectedVersion = expected === 'no_stream' ? 0 : expected;
    // An index probe per guard stream inside this one statement: no extra round trip, no lock.
    const noneOf = absent.length === 0 ? sql`TRUE` : sql`NOT EXISTS (SELECT 1 FROM streams g WHERE g.stream_id = ANY(${absent}::text[]))`;
    const expectedCheck = expected === 'any' ? sql`TRUE` : sql`s.version = ${expectedVersion}`;
    // The hash chain (docs/audit.md) is computed here, once per event: `head` reads the stream's last version and hash
    // under the row lock the bump takes anyway (FOR UPDATE waits for a concurrent writer and returns its committed
    // head), the events are chained from it, and the bump stores the new head. The bump also requires the version the
    // chain was built on: it differs only when the stream was created after this statement's snapshot.
    const { rows } = await sql<InsertedRow>`
      WITH input AS (
        SELECT * FROM unnest(${events.map((e) => e.event_id)}::uuid[], ${events.map((e) => e.type)}::text[],
                             ${events.map((e) => JSON.stringify(e.data))}::text[],
                             ${events.map(metadataOf)}::text[])
          WITH ORDINALITY AS t(event_id, type, data, metadata, n)
      ), head AS (
        SELECT version, last_hash FROM streams WHERE stream_id = ${streamId} FOR UPDATE
      ), base AS (
        SELECT coalesce((SELECT version FROM head), 0) AS version, (SELECT last_hash FROM head) AS hash
      ), chained AS (
        SELECT i.n, i.event_id, i.type, i.data::jsonb AS data, i.metadata::jsonb AS metadata, b.version + i.n::integer AS stream_version, b.hash AS base_hash
        FROM input i CROSS JOIN base b
      ), hashed AS (
        SELECT c.*, event_chain(c.base_hash, event_canonical(${streamId}, c.stream_version, c.event_id, c.type, c.data, c.metadata)) OVER (ORDER BY c.n) AS hash
        FROM chained c
      ), bumped AS (
        INSERT INTO streams AS s (stream_id, version, last_hash)
        SELECT ${streamId}, ${count}, (SELECT hash FROM hashed ORDER BY n DESC LIMIT 1) WHERE ${noneOf}
        ON CONFLICT (stream_id) DO UPDATE SET version = s.version + ${count}, last_hash = EXCLUDED.last_hash
        WHERE s.version = (SELECT version FROM base) AND ${expectedCheck} AND ${noneOf}
        RETURNING version
      )
      INSERT INTO events (stream_id, stream_version, event_id, type, data, metadata, hash)
      SELECT ${streamId}, h.stream_version, h.event_id, h.type, h.data, h.metadata, h.hash
      FROM hashed h CROSS JOIN bumped b ORDER BY h.n
      RETURNING event_id::text, position, transaction_id::text, stream_version`.execute(executor);
    return rows;
  }

  /**
   * Why an append left out of a many-stream statement (append-many.ts) was not written: throws GuardStreamsExist or
   * WrongExpectedVersion, or answers the earlier append when these very events are already there.
   */
  async explainRefused(streamId: string, expected: ExpectedVersion, events: NewEvent[], guard: readonly string[]): Promise<AppendResult> {
    if (guard.length > 0) await this.explainGuard(this.db, guard);
    return this.explainMissingAppend(this.db, streamId, expected, events);
  }

  /** Nothing was written because of the guard? Then say which guard streams exist. */
  private async explainGuard(executor: Executor, absent: readonly string[]): Promise<void> {
    const { rows } = await sql<{ stream_id: string }>`SELECT stream_id FROM streams WHERE stream_id = ANY(${absent}::text[])`.execute(executor);
    if (rows.length > 0) throw new GuardStreamsExist(rows.map((r) => r.stream_id));
  }

  /** Nothing was written: either a retry of an append that already happened, or a real version conflict. */
  private async explainMissingAppend(executor: Executor, streamId: string, expected: ExpectedVersion, events: NewEvent[]): Promise<AppendResult> {
    const ids = events.map((e) => e.event_id);
    const { rows } = await sql<InsertedRow & { stream_id: string }>`
      SELECT event_id::text, position, transaction_id::text, stream_version, stream_id
      FROM events WHERE event_id = ANY(${ids}::uuid[]) ORDER BY stream_version`.execute(executor);
    if (rows.length === ids.length && rows.every((r) => r.stream_id === streamId)) return toResult(streamId, rows, true);
    const { rows: current } = await sql<{ version: number }>`SELECT version FROM streams WHERE stream_id = ${streamId}`.execute(executor);
    throw new WrongExpectedVersion(streamId, expected, current[0]?.version ?? 0);
  }
}

function byFeedOrder(a: StoredEvent, b: StoredEvent): number {
  const ax = BigInt(a.transaction_id), bx = BigInt(b.transaction_id);
  return ax !== bx ? (ax < bx ? -1 : 1) : a.position - b.position;
}

/** The cursor just below a horizon: after every event of every transaction below it. */
function headBelow(horizon: string): FeedCursor {
  return { transaction_id: (BigInt(horizon) - 1n).toString(), position: Number.MAX_SAFE_INTEGER };
}

function toResult(streamId: string, rows: InsertedRow[], duplicate: boolean): AppendResult {
  const sorted = [...rows].sort((a, b) => a.stream_version - b.stream_version);
  return { stream_id: streamId, version: sorted[sorted.length - 1].stream_version, events: sorted, duplicate };
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';
}
