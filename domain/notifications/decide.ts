/**
 * Which notifications an event causes, for whom (pure). The engine keeps, per lot, the few facts these decisions need
 * (`LotFacts`: the consignment, then each bid's `reserve_met` and bidder, folded by the projection) so a decision never
 * reads another read model and a rebuild decides exactly as the live run did.
 */
import { assertNever } from '../shared/decider';
import type { BidPlaced, LotClosed, LotConsigned, ReservePriceChanged } from '../catalogue/lot/events';
import type { WalletCredited } from '../wallet/events';
import type { LotMatchedInterests } from '../alerts/events';
import type { SellRequestSubmitted } from '../selling/sell-requests/events';
import type { NotificationDue } from './due';
import { notificationId } from './id';
import type { Template } from './templates';
import { texts } from './texts';

export interface LotFacts {
  lot_id: string;
  auction_id: string;
  seller_id: string;
  title: string;
  reserve_met: boolean;
  /** Everyone who ever placed a bid on the lot (not the seller). */
  bidders: string[];
}

export type NotifiableEvent = (BidPlaced | ReservePriceChanged | LotClosed | WalletCredited | LotMatchedInterests | NotificationDue | SellRequestSubmitted) & { event_id: string };

export interface NotificationDraft {
  id: string;
  user_id: string;
  template: Template;
  text: string;
  lot_id: string | null;
  auction_id: string | null;
  /** The cause's own time (never the processing time), so a rebuild writes the same row. */
  created_at: string;
}

const titleOf = (e: LotConsigned): string => e.data.custom_title || e.data.item.title;

export function factsFromConsignment(e: LotConsigned): LotFacts {
  const d = e.data;
  return { lot_id: d.lot_id, auction_id: d.auction_id, seller_id: d.seller_id, title: titleOf(e), reserve_met: d.reserve_price_pence === null, bidders: [] };
}

/**
 * Who this bid outbid: the previous leader, when the lead changed hands and not by their own raise; else null. The one
 * outbid rule: the stored notification (below) and the live push (services/live/dispatch.ts) both ask it.
 */
export const outbidUser = (d: BidPlaced['data']): string | null =>
  d.previous_leader_id && d.previous_leader_id !== d.leader_id && d.previous_leader_id !== d.bidder_id ? d.previous_leader_id : null;

/**
 * Whether `decideNotifications` could return anything for this bid or reserve change: only an outbid or a reserve that
 * is met can notify. Most bids cannot, and then the engine need not read the lot's facts at all.
 */
export const mayNotify = (event: BidPlaced | ReservePriceChanged): boolean =>
  event.data.reserve_met || (event.type === 'BidPlaced' && outbidUser(event.data) !== null);

export function decideNotifications(event: NotifiableEvent, lot: LotFacts | null): NotificationDraft[] {
  const make = (cause: string, user_id: string, template: Template, text: string, created_at: string): NotificationDraft => ({
    id: notificationId(cause, user_id, template), user_id, template, text, lot_id: lot?.lot_id ?? null, auction_id: lot?.auction_id ?? null, created_at,
  });
  const title = lot?.title ?? '';
  switch (event.type) {
    case 'BidPlaced': {
      const d = event.data;
      const out: NotificationDraft[] = [];
      const previous = outbidUser(d);
      if (previous) {
        out.push({ ...make(event.event_id, previous, 'outbid', texts.outbid(title), d.placed_at), lot_id: d.lot_id });
      }
      if (lot && d.reserve_met && !lot.reserve_met) out.push(...reserveMet(event.event_id, lot, d.bidder_id, d.placed_at, true, make));
      return out;
    }
    case 'ReservePriceChanged': {
      const d = event.data;
      // The seller lowered the reserve themselves: only the bidders learn that it is now met.
      if (lot && d.reserve_met && !lot.reserve_met) return reserveMet(event.event_id, lot, null, d.changed_at, false, make);
      return [];
    }
    case 'LotClosed': {
      const d = event.data;
      // Withdrawn by staff: nobody won, and "end of auction" would mislead the seller (staff tell them directly).
      if (d.withdrawn) return [];
      const out: NotificationDraft[] = [];
      if (d.outcome === 'sold' && d.winner_id && d.hammer_price !== null) {
        out.push(make(event.event_id, d.winner_id, 'won_items', texts.won_items(title, d.hammer_price), d.closed_at));
      }
      const hammer = d.outcome === 'sold' ? d.hammer_price : null;
      out.push(make(event.event_id, d.seller_id, 'end_of_auction_for_seller', texts.end_of_auction_for_seller(title, hammer), d.closed_at));
      return out.map((n) => ({ ...n, lot_id: d.lot_id, auction_id: d.auction_id }));
    }
    case 'WalletCredited': {
      const d = event.data;
      if (d.kind !== 'seller_proceeds') return [];
      // Once per sold lot (the proceeds' reference), whatever entry carried them.
      const cause = `seller-proceeds:${d.reference ?? d.entry_id}`;
      return [make(cause, d.user_id, 'you_are_paid', texts.you_are_paid(title, d.amount_pence), d.at)];
    }
    case 'LotMatchedInterests': {
      // The alerts slice decided who is interested (once per lot); the event carries all the engine needs.
      const d = event.data;
      return d.matches.map((m) => ({
        ...make(`lot-interest:${d.lot_id}`, m.user_id, 'lots_that_match_my_interest', texts.lots_that_match_my_interest(d.title, m.reason === 'keyword' ? m.word ?? null : null), d.at),
        lot_id: d.lot_id, auction_id: d.auction_id,
      }));
    }
    case 'NotificationDue': {
      // Decided once by the scheduler; the event carries everything (once per template and subject).
      const d = event.data;
      return [{ ...make(`${d.template}:${d.subject}`, d.user_id, d.template, dueText(d), d.due_at), lot_id: d.lot_id, auction_id: d.auction_id }];
    }
    case 'SellRequestSubmitted': {
      // A relist request (bottles from the seller's storage): once per request, whatever replays the event.
      const d = event.data;
      if (d.kind !== 'from_storage') return [];
      const text = texts.relist_request_success(d.items.map((i) => i.title));
      return [{ ...make(`relist-request:${d.request_id}`, d.user_id, 'relist_request_success', text, d.at), lot_id: null, auction_id: d.auction_id }];
    }
    default:
      return assertNever(event);
  }
}

function dueText(d: NotificationDue['data']): string {
  switch (d.template) {
    case 'please_pay_now': return texts.please_pay_now(d.title);
    case 'storage_is_ending': return texts.storage_is_ending(d.title, d.expires_at ?? d.due_at);
    case 'storage_period_expired': return texts.storage_period_expired(d.title);
    case 'payment_details_required': return texts.payment_details_required();
    case 'request_to_fill_details': return texts.request_to_fill_details();
    case 'payment_method_reminder': return texts.payment_method_reminder(d.order_number ?? '', d.payment_method ?? '');
    case 'shipping_method_reminder': return texts.shipping_method_reminder(d.title);
    default: return assertNever(d.template);
  }
}

type Make = (cause: string, user: string, template: Template, text: string, at: string) => NotificationDraft;

/**
 * The reserve became met. The seller hears it (unless they caused it by lowering the reserve), and so does everyone
 * who bid on the lot except the bidder whose own bid just met it (their bid's answer already said so). A leader whose
 * proxy met it on someone else's bid does hear it.
 */
function reserveMet(cause: string, lot: LotFacts, actor: string | null, at: string, toSeller: boolean, make: Make): NotificationDraft[] {
  const out: NotificationDraft[] = [];
  if (toSeller) out.push(make(cause, lot.seller_id, 'met_reserve', texts.met_reserve(lot.title), at));
  for (const bidder of lot.bidders) {
    if (bidder !== actor && bidder !== lot.seller_id) out.push(make(cause, bidder, 'met_reserve_where_you_bid', texts.met_reserve_where_you_bid(lot.title), at));
  }
  return out;
}
