/**
 * The notification engine's decisions as a projection: for each notifiable event it folds the lot facts it keeps
 * itself, asks the pure `decideNotifications` who gets what, and inserts the rows with ids derived from the cause
 * (ON CONFLICT DO NOTHING). Replaying an event, a batch retried after a crash, or a rebuild into the scratch schema
 * therefore writes the same rows and never a second one. It has NO side effects: emails and pushes follow the table
 * (mailer.ts, pusher.ts), so a rebuild into the scratch schema sends nothing. Marking read and the email opt-outs are
 * events on `notifications-<user>` so every column here comes from the events.
 */
import { sql } from 'kysely';
import type { Projection } from '../projection';
import type { StoredEvent } from '../../infra/event-store/types';
import type { BidPlaced, LotConsigned, LotEdited, ReservePriceChanged } from '../../domain/catalogue/lot/events';
import { decideNotifications, factsFromConsignment, mayNotify, type LotFacts, type NotifiableEvent, type NotificationDraft } from '../../domain/notifications/decide';
import type { InboxEvent } from '../../domain/notifications/inbox';
import { sellerInvoiceNotice } from '../../domain/notifications/seller-invoice';
import type { AuctionFinished } from '../../domain/catalogue/auction/events';
import type { LotPaid } from '../../domain/orders/events';
import type { Db } from '../../infra/db/database';
import { applyInRuns, firstByKey, lastByKey } from '../runs';

const TYPES = ['LotConsigned', 'BidPlaced', 'ReservePriceChanged', 'LotClosed', 'WalletCredited', 'LotMatchedInterests', 'NotificationDue', 'SellRequestSubmitted', 'NotificationsRead', 'EmailOptOutsChanged',
  // The seller's statement (seller-invoice.ts): lots ending, paid for, and auctions finishing.
  'LotPaid', 'AuctionFinished', 'LotWithdrawn',
  // A staff edit before the start may rename the lot.
  'LotEdited'];

export const notificationsProjection: Projection = {
  name: 'notifications',
  tables: ['notifications', 'notification_lots', 'notification_lot_bidders', 'notification_settings', 'notification_auctions'],
  eventTypes: TYPES,
  async apply(trx, stored) {
    if (await applySellerInvoiceFacts(trx, stored)) return;
    if (stored.type === 'LotEdited') return renamed(trx, stored);
    const event = { type: stored.type, data: stored.data, event_id: stored.event_id } as NotifiableEvent | (LotConsigned & { event_id: string }) | (InboxEvent & { event_id: string });
    switch (event.type) {
      case 'LotConsigned': {
        const f = factsFromConsignment(event);
        await sql`INSERT INTO notification_lots (lot_id, version, auction_id, seller_id, title, reserve_met, custom_title)
          VALUES (${f.lot_id}, ${stored.stream_version}, ${f.auction_id}, ${f.seller_id}, ${f.title}, ${f.reserve_met}, ${event.data.custom_title || null})
          ON CONFLICT (lot_id) DO NOTHING`.execute(trx);
        return;
      }
      case 'BidPlaced':
      case 'ReservePriceChanged':
        return foldBids(trx, [stored]);
      case 'LotClosed':
        await insert(trx, stored, decideNotifications(event, await loadFacts(trx, event.data.lot_id)));
        await lotEnded(trx, stored, event.data.lot_id, event.data.outcome, event.data.closed_at);
        return;
      case 'WalletCredited': {
        if (event.data.kind !== 'seller_proceeds') return;
        const lot = event.data.reference ? await loadFacts(trx, event.data.reference) : null;
        await insert(trx, stored, decideNotifications(event, lot));
        return;
      }
      case 'NotificationDue':
      case 'LotMatchedInterests':
      case 'SellRequestSubmitted':
        // Decided once (the alerts slice's matcher, the notifications scheduler, a relist request); the event carries it all: no other table is read.
        await insert(trx, stored, decideNotifications(event, null));
        return;
      case 'NotificationsRead': {
        const d = event.data;
        if (d.ids.length === 0) return;
        await sql`UPDATE notifications SET is_read = true, updated_at = ${d.read_at}
          WHERE user_id = ${d.user_id} AND id = ANY(${d.ids}::uuid[]) AND NOT is_read`.execute(trx);
        return;
      }
      case 'EmailOptOutsChanged': {
        const d = event.data;
        await sql`INSERT INTO notification_settings (user_id, version, email_opt_outs, updated_at)
          VALUES (${d.user_id}, ${stored.stream_version}, ${d.email_opt_outs}::text[], ${d.changed_at})
          ON CONFLICT (user_id) DO UPDATE SET version = EXCLUDED.version, email_opt_outs = EXCLUDED.email_opt_outs,
            updated_at = EXCLUDED.updated_at WHERE notification_settings.version < EXCLUDED.version`.execute(trx);
        return;
      }
      default:
        return;
    }
  },
  applyBatch: (trx, events) => applyInRuns(events, isBidFold, (run) => foldBids(trx, run), (e) => notificationsProjection.apply(trx, e)),
};

const isBidFold = (e: StoredEvent) => e.type === 'BidPlaced' || e.type === 'ReservePriceChanged';

type BidFold = (BidPlaced | ReservePriceChanged) & { event_id: string };
type FoldedFacts = LotFacts & { version: number };

/**
 * A run of bids and reserve changes in one or two statements, whatever its length. The facts are read only for the
 * lots where an event of the run may notify (most bids notify no one: no outbid, reserve not met); each decision is
 * taken against the facts as the events before it left them, folded in memory. Then one data-modifying WITH writes
 * the notices, each lot's reserve flag (guarded by the stream version, so an event seen again never moves it back)
 * and the new bidders. Before, each bid was a statement or two of its own, each a round trip on the bid process's
 * loop (docs/benchmarks.md, "Read models during a bid storm").
 */
async function foldBids(trx: Db, run: StoredEvent[]): Promise<void> {
  const events = run.map((stored) => ({ stored, event: { type: stored.type, data: stored.data, event_id: stored.event_id } as BidFold }));
  const facts = await loadFactsOf(trx, [...new Set(events.filter((e) => mayNotify(e.event)).map((e) => e.event.data.lot_id))]);
  const notices: Notice[] = [];
  for (const { stored, event } of events) {
    const lot = facts.get(event.data.lot_id);
    if (mayNotify(event)) for (const draft of decideNotifications(event, lot ?? null)) notices.push({ stored, draft });
    if (lot) foldInto(lot, stored.stream_version, event);
  }
  const flags = lastByKey(events, (e) => e.event.data.lot_id);
  const joins = firstByKey(events.filter((e) => e.event.type === 'BidPlaced'), (e) => `${e.event.data.lot_id} ${(e.event as BidPlaced).data.bidder_id}`);
  const notified = notices.length > 0 ? sql`notified AS (${insertStatement(notices)}), ` : sql``;
  await sql`WITH ${notified}folded AS (UPDATE notification_lots l SET reserve_met = v.reserve_met, version = v.version
      FROM unnest(${flags.map((e) => e.event.data.lot_id)}::text[], ${flags.map((e) => e.stored.stream_version)}::int[],
        ${flags.map((e) => e.event.data.reserve_met)}::boolean[]) AS v(lot_id, version, reserve_met)
      WHERE l.lot_id = v.lot_id AND l.version < v.version)
    INSERT INTO notification_lot_bidders (lot_id, user_id, first_version)
    SELECT b.lot_id, b.user_id, b.first_version
    FROM unnest(${joins.map((e) => e.event.data.lot_id)}::text[], ${joins.map((e) => (e.event as BidPlaced).data.bidder_id)}::text[],
      ${joins.map((e) => e.stored.stream_version)}::int[]) AS b(lot_id, user_id, first_version)
    JOIN notification_lots USING (lot_id)
    ON CONFLICT DO NOTHING`.execute(trx);
}

/** What the statement above writes for one event, done to the facts in memory for the decisions after it. */
function foldInto(lot: FoldedFacts, version: number, event: BidFold): void {
  if (lot.version < version) {
    lot.reserve_met = event.data.reserve_met;
    lot.version = version;
  }
  if (event.type === 'BidPlaced' && !lot.bidders.includes(event.data.bidder_id)) lot.bidders.push(event.data.bidder_id);
}

/** LotPaid, AuctionFinished and LotWithdrawn only move the seller-invoice facts; true when `stored` was one of them. */
async function applySellerInvoiceFacts(trx: Db, stored: StoredEvent): Promise<boolean> {
  if (stored.type === 'LotPaid') {
    const d = stored.data as LotPaid['data'];
    const { rows } = await sql<{ auction_id: string; seller_id: string }>`
      UPDATE notification_lots SET paid = true WHERE lot_id = ${d.lot_id} RETURNING auction_id, seller_id`.execute(trx);
    if (rows[0]) await checkSellerInvoice(trx, stored, rows[0].auction_id, rows[0].seller_id, d.at);
    return true;
  }
  if (stored.type === 'AuctionFinished') {
    const d = stored.data as AuctionFinished['data'];
    await sql`INSERT INTO notification_auctions (auction_id, finished_at) VALUES (${d.auction_id}, ${d.finished_at})
      ON CONFLICT (auction_id) DO NOTHING`.execute(trx);
    const { rows } = await sql<{ seller_id: string }>`
      SELECT DISTINCT seller_id FROM notification_lots WHERE auction_id = ${d.auction_id} ORDER BY seller_id`.execute(trx);
    for (const { seller_id } of rows) await checkSellerInvoice(trx, stored, d.auction_id, seller_id, d.finished_at);
    return true;
  }
  if (stored.type === 'LotWithdrawn') {
    const d = stored.data as { lot_id: string; at?: string; withdrawn_at?: string };
    await lotEnded(trx, stored, d.lot_id, 'withdrawn', d.withdrawn_at ?? d.at ?? stored.created_at.toISOString());
    return true;
  }
  return false;
}

/** The title shown is the custom title when the lot has one, otherwise the item's (edited) title. */
async function renamed(trx: Db, stored: StoredEvent): Promise<void> {
  const d = stored.data as LotEdited['data'];
  await sql`UPDATE notification_lots SET title = coalesce(custom_title, ${d.item.title}), version = ${stored.stream_version}
    WHERE lot_id = ${d.lot_id} AND version < ${stored.stream_version}`.execute(trx);
}

async function lotEnded(trx: Db, stored: StoredEvent, lotId: string, outcome: string, at: string): Promise<void> {
  const { rows } = await sql<{ auction_id: string; seller_id: string }>`
    UPDATE notification_lots SET outcome = ${outcome} WHERE lot_id = ${lotId} RETURNING auction_id, seller_id`.execute(trx);
  if (rows[0]) await checkSellerInvoice(trx, stored, rows[0].auction_id, rows[0].seller_id, at);
}

async function checkSellerInvoice(trx: Db, stored: StoredEvent, auctionId: string, sellerId: string, at: string): Promise<void> {
  const { rows: lots } = await sql<{ outcome: string | null; paid: boolean }>`
    SELECT outcome, paid FROM notification_lots WHERE auction_id = ${auctionId} AND seller_id = ${sellerId}`.execute(trx);
  const { rows: finished } = await sql`SELECT 1 FROM notification_auctions WHERE auction_id = ${auctionId}`.execute(trx);
  const notice = sellerInvoiceNotice({ auction_id: auctionId, seller_id: sellerId, auction_finished: finished.length > 0, lots }, at);
  if (notice) await insert(trx, stored, [notice]);
}

async function loadFacts(trx: Db, lotId: string): Promise<LotFacts | null> {
  return (await loadFactsOf(trx, [lotId])).get(lotId) ?? null;
}

/** The facts of these lots (with the version folded so far); a lot the engine does not know is absent. */
async function loadFactsOf(trx: Db, lotIds: string[]): Promise<Map<string, FoldedFacts>> {
  if (lotIds.length === 0) return new Map();
  const { rows } = await sql<Omit<FoldedFacts, 'bidders'> & { bidders: string[] | null }>`
    SELECT l.lot_id, l.version, l.auction_id, l.seller_id, l.title, l.reserve_met,
      (SELECT array_agg(b.user_id ORDER BY b.first_version, b.user_id) FROM notification_lot_bidders b WHERE b.lot_id = l.lot_id) AS bidders
    FROM notification_lots l WHERE l.lot_id = ANY(${lotIds}::text[])`.execute(trx);
  return new Map(rows.map((row) => [row.lot_id, { ...row, bidders: row.bidders ?? [] }]));
}

interface Notice { stored: StoredEvent; draft: NotificationDraft }

/** All of an event's notifications in one statement. */
async function insert(trx: Db, stored: StoredEvent, drafts: NotificationDraft[]): Promise<void> {
  if (drafts.length > 0) await insertStatement(drafts.map((draft) => ({ stored, draft }))).execute(trx);
}

function insertStatement(notices: Notice[]) {
  const rows = notices.map(({ stored, draft: n }) => sql`(${n.id}, ${n.user_id}, ${n.template}, ${n.text}, ${n.lot_id}, ${n.auction_id}, 'PUSH', false,
    ${n.created_at}::timestamptz, ${n.created_at}::timestamptz, ${stored.transaction_id}::bigint, ${stored.position}::bigint)`);
  return sql`INSERT INTO notifications (id, user_id, template, text, lot_id, auction_id, notify_type, is_read, created_at, updated_at,
      cause_transaction_id, cause_position)
    VALUES ${sql.join(rows)}
    ON CONFLICT (id) DO NOTHING`;
}
