/** The live channel messages (docs/api.md "Live channels"); money as decimal strings, instants as ISO strings. */
import { stepFor } from '../../domain/catalogue/lot/increments';
import { reserveMet, type LotState } from '../../domain/catalogue/lot/state';
import { penceToDecimal } from '../../domain/shared/money';
import { texts } from '../../domain/notifications/texts';

const decimal = (pence: number | null) => (pence === null ? null : penceToDecimal(pence));
const iso = (ms: number) => new Date(ms).toISOString();

export function lotUpdate(state: LotState) {
  return {
    purpose: 'lot_update' as const,
    lot_id: state.lotId,
    current_bid: decimal(state.currentPrice),
    bid_step: penceToDecimal(stepFor(state.currentPrice ?? state.openingBid)),
    // The extended end when soft close moved it, else null (the client clears extra time on an empty value).
    lot_extra_time: state.endsAtMs > state.originalEndsAtMs ? iso(state.endsAtMs) : null,
    lot_on_bidding: state.status === 'open',
    reserve_met: reserveMet(state),
    bid_count: state.bidCount,
    end_date: iso(state.endsAtMs),
  };
}

/** Private: one bidder's position on the lot. */
export function bidUpdate(state: LotState, userId: string) {
  const own = state.maxBids[userId];
  return {
    purpose: 'bid_update' as const,
    lot_id: state.lotId,
    is_winning: state.leaderId === userId,
    current_bid: decimal(state.currentPrice),
    bid_step: penceToDecimal(stepFor(state.currentPrice ?? state.openingBid)),
    current_user_bid: own === undefined ? null : penceToDecimal(own),
  };
}

/**
 * The outbid push (services/live/dispatch.ts) carries the id and text of the notification the engine stores for the
 * same cause (docs/notifications.md), so the client's list and the push are one notification.
 */
export const OUTBID_TEMPLATE = 'outbid';

export function outbidNotification(id: string, lotId: string, title: string, createdAt: string) {
  return {
    purpose: 'notification' as const,
    notification: {
      id,
      template: OUTBID_TEMPLATE,
      text: texts.outbid(title),
      lot_id: lotId,
      auction_id: null,
      is_read: false,
      notify_type: 'PUSH',
      created_at: createdAt,
    },
  };
}

export function finishedLots(lotIds: string[]) {
  return { purpose: 'finished_lots' as const, lot_id_list: lotIds };
}

type AuctionStatus = 'scheduled' | 'live' | 'ended' | 'finished';

export function auctionUpdate(auctionId: string, status: AuctionStatus, dates: { start_date?: string; end_date?: string } = {}) {
  return { purpose: 'auction_update' as const, auction_id: auctionId, status, ...dates };
}

export function hello(now: Date) {
  return { purpose: 'hello' as const, server_time: now.toISOString() };
}
