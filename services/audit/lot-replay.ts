/**
 * A lot's replay for the public price log and the auditors (docs/audit.md, "Lot replay"). The domain replays; this
 * reads the stream and the read model, names people for auditors and shapes the answers (money as decimal strings).
 */
import type { AppContext } from '../context';
import type { Db } from '../../infra/db/database';
import { NotFound } from '../../domain/shared/errors';
import { penceToDecimal } from '../../domain/shared/money';
import { replayLot, type ReplayEntry, type ReplayOutcome } from '../../domain/catalogue/lot/replay';
import { auditOf } from './lot-audit';
import { liveFigures, readLotEvents, readLotRows, readPeople, type LotRow, type Person, type StoredLotEvent } from './lot-read';
import type { AuditLotReplayAnswer, PriceLogAnswer } from './answer-schemas';

export { verifyLots } from './lot-verify';

const money = (pence: number | null) => (pence === null ? null : penceToDecimal(pence));

interface Loaded { stored: StoredLotEvent[]; row: LotRow | undefined }

async function load(db: Db, lotId: string): Promise<Loaded> {
  const [events, rows] = await Promise.all([readLotEvents(db, [lotId]), readLotRows(db, [lotId])]);
  const stored = events.get(lotId) ?? [];
  const row = rows.get(lotId);
  if (stored.length === 0 && !row) throw new NotFound('Lot not found.');
  return { stored, row };
}

/** GET /api/lots/{id}/price_log/: anonymised, and only whether the replay matches (never the ids behind it). */
export async function publicPriceLog(ctx: AppContext, lotId: string): Promise<PriceLogAnswer> {
  const { stored, row } = await load(ctx.db, lotId);
  if (!row) throw new NotFound('Lot not found.');
  const replay = replayLot(stored.map((s) => s.event), { audience: 'public' });
  const { comparison, differences } = auditOf(lotId, stored, row);
  if (differences.length > 0) ctx.log.warn({ lot_id: lotId, fields: differences.map((d) => d.field) }, 'lot replay differs from the read model');
  const matches = comparison?.matches === true && replay.mismatches === 0;
  return {
    lot: lotId,
    entries: replay.entries.map(publicEntry),
    result: outcomeShape(replay.outcome),
    matches_live: matches,
    check: matches
      ? 'The replay ends with the same price, winner and end time as the live lot.'
      : `THE REPLAY DOES NOT MATCH THE LIVE LOT (${[...new Set(differences.map((d) => d.field))].join(', ')}). It has been logged for the auction house to investigate.`,
  };
}

function publicEntry(e: ReplayEntry) {
  return {
    seq: e.seq, at: e.at, type: e.type, kind: e.kind, actor: e.actor, text: e.text,
    previous_price: money(e.previous_price), price: money(e.price), leader: e.leader, bid_count: e.bid_count, reserve_met: e.reserve_met,
    previous_ends_at: e.previous_ends_at, ends_at: e.ends_at, extended: e.extended, status: e.status, winner: e.winner,
    hammer_price: money(e.hammer_price), mismatch: e.mismatch,
  };
}

function outcomeShape(o: ReplayOutcome): PriceLogAnswer['result'] {
  return {
    status: o.status, version: o.version, price: money(o.price), leader: o.leader, winner: o.winner, hammer_price: money(o.hammer_price),
    ends_at: o.ends_at, bid_count: o.bid_count, reserve_met: o.reserve_met, text: o.text,
  };
}

/** Auditors also see who leads and won, and the reserve. */
function auditorOutcomeShape(o: ReplayOutcome): AuditLotReplayAnswer['result'] {
  return { ...outcomeShape(o), leader_id: o.leader_id, winner_id: o.winner_id, reserve_price: money(o.reserve_price) };
}

/** GET /api/audit/lots/{id}/: the full replay with real ids, people, event ids, and the comparison. */
export async function auditLotReplay(ctx: AppContext, lotId: string): Promise<AuditLotReplayAnswer> {
  const { stored, row } = await load(ctx.db, lotId);
  const ids = new Set<string>();
  for (const s of stored) for (const id of mentioned(s)) ids.add(id);
  if (row) ids.add(row.seller_id);
  const people = await readPeople(ctx.db, [...ids]);
  const { replay, comparison, differences } = auditOf(lotId, stored, row, (id) => people.get(id)?.name);
  const live = row ? liveFigures(row) : null;
  return {
    lot: row ? { id: row.id, reference_no: row.reference_no, title: row.title, auction_id: row.auction_id, seller_id: row.seller_id } : { id: lotId },
    entries: replay.entries.map((e, i) => auditEntry(e, stored[i]!, people)),
    result: auditorOutcomeShape(replay.outcome),
    stream_version: stored.length,
    read_model: live && { ...live, current_price: money(live.current_price), hammer_price: money(live.hammer_price), reserve_price: money(live.reserve_price) },
    matches_read_model: differences.length === 0,
    comparison: comparison?.text ?? 'THE REPLAY DOES NOT MATCH THE LIVE LOT: the lots read model has no row for it.',
    compared_at_version: comparison?.version ?? null,
    differences,
    mismatches: replay.mismatches,
    people: Object.fromEntries(people),
  };
}

function mentioned(s: StoredLotEvent): string[] {
  const d = s.event.data as unknown as Record<string, unknown>;
  return ['bidder_id', 'seller_id', 'consigned_by', 'edited_by', 'set_by', 'by', 'leader_id', 'winner_id']
    .map((k) => d[k]).filter((v): v is string => typeof v === 'string');
}

function auditEntry(e: ReplayEntry, s: StoredLotEvent, people: Map<string, Person>) {
  return {
    ...publicEntry(e),
    event_id: s.event_id, position: s.position, recorded_at: s.created_at.toISOString(), recorded_by: s.user_id,
    actor_id: e.actor_id, actor_email: e.actor_id ? people.get(e.actor_id)?.email ?? null : null,
    leader_id: e.leader_id, winner_id: e.winner_id,
    max_bid: money(e.max_bid), leader_max: money(e.leader_max), reserve_price: money(e.reserve_price),
  };
}

export type AuditLotReplay = AuditLotReplayAnswer;
