/**
 * Reading lots for their replay: events of many lot streams in one query, the `lots` rows beside them, and the
 * figures of a row as the replay's comparison takes them. Every read goes through the executor it is given, so a
 * caller's REPEATABLE READ transaction sees events and read model in one snapshot.
 */
import { sql } from 'kysely';
import type { Selectable } from 'kysely';
import type { Db } from '../../infra/db/database';
import type { LotEvent } from '../../domain/catalogue/lot/events';
import type { LiveLotFigures } from '../../domain/catalogue/lot/replay';
import type { LotsTable } from '../../projections/catalogue/lots/tables';
import '../../projections/catalogue/lots/tables';
import '../../projections/accounts/tables';

export interface StoredLotEvent {
  stream_version: number;
  position: number;
  event_id: string;
  user_id: string | null;
  created_at: Date;
  event: LotEvent;
}

export type LotRow = Selectable<LotsTable>;

/** Lot ids are uuids; `lot-notes-<user>` and `lot-purchase-<lot>` streams share the prefix but never this shape. */
export const LOT_STREAM_PATTERN = '^lot-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

export async function readLotEvents(executor: Db, lotIds: readonly string[]): Promise<Map<string, StoredLotEvent[]>> {
  const byLot = new Map<string, StoredLotEvent[]>(lotIds.map((id) => [id, []]));
  if (lotIds.length === 0) return byLot;
  const streams = lotIds.map((id) => `lot-${id}`);
  const { rows } = await sql<{ stream_id: string; stream_version: number; position: string | number; event_id: string; type: string; data: unknown; metadata: { user_id?: string | null } | null; created_at: Date }>`
    SELECT stream_id, stream_version, position, event_id::text, type, data, metadata, created_at
    FROM events WHERE stream_id = ANY(${streams}::text[])
    ORDER BY stream_id, stream_version`.execute(executor);
  for (const r of rows) {
    byLot.get(r.stream_id.slice(4))?.push({
      stream_version: r.stream_version, position: Number(r.position), event_id: r.event_id, user_id: r.metadata?.user_id ?? null,
      created_at: r.created_at, event: { type: r.type, data: r.data } as LotEvent,
    });
  }
  return byLot;
}

export async function readLotRows(executor: Db, lotIds: readonly string[]): Promise<Map<string, LotRow>> {
  if (lotIds.length === 0) return new Map();
  const rows = await executor.selectFrom('lots').selectAll().where('id', 'in', [...lotIds]).execute();
  return new Map(rows.map((r) => [r.id, r]));
}

export function liveFigures(row: LotRow): LiveLotFigures {
  // A withdrawn lot is also closed (outcome 'unsold'); before its LotClosed is applied it still reads as open.
  const status = row.outcome === null ? 'open' : row.withdrawn_at !== null ? 'withdrawn' : (row.outcome as 'sold' | 'unsold');
  return {
    version: row.version,
    status,
    current_price: row.current_price_pence,
    leader_id: row.leader_id,
    winner_id: row.winner_id,
    hammer_price: row.hammer_price_pence,
    ends_at: new Date(row.ends_at).toISOString(),
    bid_count: row.bid_count,
    reserve_met: row.reserve_met,
    reserve_price: row.reserve_price_pence,
  };
}

export interface Person { name: string; email: string }

/** Names and emails of the users a replay mentions (auditors see who they are). */
export async function readPeople(executor: Db, userIds: readonly string[]): Promise<Map<string, Person>> {
  const ids = [...new Set(userIds)].filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  if (ids.length === 0) return new Map();
  const rows = await executor.selectFrom('users').select(['id', 'first_name', 'last_name', 'email']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, { name: `${r.first_name} ${r.last_name}`.trim() || r.email, email: r.email }]));
}
