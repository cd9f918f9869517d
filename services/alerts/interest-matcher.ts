/**
 * Decides, once per consigned lot, who is interested in it (`usersInterestedIn`: keywords and followed items) and
 * records that as a `LotMatchedInterests` event on `lot-interests-<lot>`; the notification engine turns the event
 * into `lots_that_match_my_interest` notifications. The decision reads the alerts read model, so it is taken here,
 * once, and kept as an event: the engine's projection never reads another slice's tables and a rebuild reproduces it.
 *
 * A checkpointed follower of the feed like the mailer (`projection_checkpoints`, name `lot-interest-matcher`): one
 * transaction per batch under `pg_advisory_xact_lock('projection:lot-interest-matcher')` (so two processes never
 * match the same batch): lock, read checkpoint, read the LotConsigned events the alerts projection has already
 * applied (so a keyword or follow recorded before the consignment is seen), append, move the checkpoint. The append
 * uses `no_stream` and an event id derived from the lot: a lot already matched (checkpoint lost, a crash after the
 * append) answers a duplicate or WrongExpectedVersion and is skipped, so each lot is matched exactly once.
 * Interests are those at matching time (normally within a poll of the consignment), not replayed later.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { EventStore } from '../../infra/event-store/event-store';
import { WrongExpectedVersion } from '../../infra/event-store/types';
import type { Database } from '../../infra/db/database';
import type { LotConsigned } from '../../domain/catalogue/lot/events';
import { lotInterestsStream, type LotMatchedInterests } from '../../domain/alerts/events';
import { usersInterestedIn } from './interest';
import { followOnce } from '../../projections/checkpoints';

export const MATCHER_NAME = 'lot-interest-matcher';
const ALERTS_PROJECTION = 'alerts';
const BATCH = 500;

const FOLLOWER = { name: MATCHER_NAME, upstream: ALERTS_PROJECTION, batch: BATCH };

/** One batch; true when it moved its checkpoint (there may be more). */
async function matchBatch(db: Kysely<Database>, store: EventStore): Promise<boolean> {
  let appended = false;
  const moved = await followOnce(db, store, FOLLOWER, async (trx, stored) => {
    if (stored.type !== 'LotConsigned') return;
    const lot = stored.data as LotConsigned['data'];
    const matches = await usersInterestedIn(trx, lot);
    const event: LotMatchedInterests = { type: 'LotMatchedInterests', data: {
      lot_id: lot.lot_id, auction_id: lot.auction_id, title: lot.custom_title || lot.item.title, at: lot.consigned_at,
      matches: matches.map((m) => (m.word === undefined ? { user_id: m.user_id, reason: m.reason } : { user_id: m.user_id, reason: m.reason, word: m.word })),
    } };
    try {
      const result = await store.append(lotInterestsStream(lot.lot_id), 'no_stream',
        [{ event_id: matchEventId(lot.lot_id), ...event, metadata: { user_id: 'system', causation_id: stored.event_id } }], trx);
      if (!result.duplicate) appended = true;
    } catch (error) {
      // Matched already (by another process, or before a lost checkpoint): once per lot.
      if (!(error instanceof WrongExpectedVersion)) throw error;
    }
  });
  // Appended inside the transaction: wake the projection runner only once it is committed.
  if (appended) store.notifyAppended();
  return moved;
}

/** Until the matcher has caught up with the alerts read model. */
export async function drainMatches(db: Kysely<Database>, store: EventStore): Promise<void> {
  while (await matchBatch(db, store)) { /* more */ }
}

/** A name-based UUID of the lot: a retried append of the same lot's match is recognised as the same event. */
function matchEventId(lotId: string): string {
  const b = createHash('sha1').update(`lot-matched-interests:${lotId}`).digest().subarray(0, 16);
  b[6] = (b[6] & 0x0f) | 0x50;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
