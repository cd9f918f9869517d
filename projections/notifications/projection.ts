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
      case 'ReservePriceChanged': {
        // Most bids notify no one (no outbid, reserve not met): those never read the facts.
        const drafts = mayNotify(event) ? decideNotifications(event, await loadFacts(trx, event.data.lot_id)) : [];
        await foldBid(trx, stored, event, drafts);
        return;
      }
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
};

/**
 * A bid's or a reserve change's notifications and facts in one statement (a data-modifying WITH runs whether or not
 * the main statement reads it): the drafts, the reserve met (guarded by the stream version, so an event seen again
 * never moves it back) and the bidder among the lot's bidders. Before, these were up to three statements: on a hot
 * lot every accepted bid paid each as a round trip on the bid process's loop (docs/benchmarks.md).
 */
async function foldBid(trx: Db, stored: StoredEvent, event: BidPlaced | ReservePriceChanged, drafts: NotificationDraft[]): Promise<void> {
  const d = event.data;
  const v = stored.stream_version;
  const notified = drafts.length > 0 ? sql`notified AS (${insertStatement(stored, drafts)}), ` : sql``;
  const fold = sql`UPDATE notification_lots SET reserve_met = ${d.reserve_met}, version = ${v} WHERE lot_id = ${d.lot_id} AND version < ${v}`;
  if (event.type === 'ReservePriceChanged') {
    await sql`WITH ${notified}folded AS (${fold}) SELECT 1`.execute(trx);
    return;
  }
  await sql`WITH ${notified}folded AS (${fold})
    INSERT INTO notification_lot_bidders (lot_id, user_id, first_version)
    SELECT lot_id, ${event.data.bidder_id}, ${v} FROM notification_lots WHERE lot_id = ${d.lot_id}
    ON CONFLICT DO NOTHING`.execute(trx);
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
  const { rows } = await sql<Omit<LotFacts, 'bidders'> & { bidders: string[] | null }>`
    SELECT l.lot_id, l.auction_id, l.seller_id, l.title, l.reserve_met,
      (SELECT array_agg(b.user_id ORDER BY b.first_version, b.user_id) FROM notification_lot_bidders b WHERE b.lot_id = l.lot_id) AS bidders
    FROM notification_lots l WHERE l.lot_id = ${lotId}`.execute(trx);
  return rows[0] ? { ...rows[0], bidders: rows[0].bidders ?? [] } : null;
}

/** All of an event's notifications in one statement. */
async function insert(trx: Db, stored: StoredEvent, drafts: NotificationDraft[]): Promise<void> {
  if (drafts.length > 0) await insertStatement(stored, drafts).execute(trx);
}

function insertStatement(stored: StoredEvent, drafts: NotificationDraft[]) {
  const rows = drafts.map((n) => sql`(${n.id}, ${n.user_id}, ${n.template}, ${n.text}, ${n.lot_id}, ${n.auction_id}, 'PUSH', false,
    ${n.created_at}::timestamptz, ${n.created_at}::timestamptz, ${stored.transaction_id}::bigint, ${stored.position}::bigint)`);
  return sql`INSERT INTO notifications (id, user_id, template, text, lot_id, auction_id, notify_type, is_read, created_at, updated_at,
      cause_transaction_id, cause_position)
    VALUES ${sql.join(rows)}
    ON CONFLICT (id) DO NOTHING`;
}
