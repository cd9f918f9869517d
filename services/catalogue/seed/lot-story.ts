/** One demo lot's whole story, decided by the real lot decider: consigned, bid on, and (for past auctions) closed. */
import { randomUUID } from 'node:crypto';
import { lotDecider } from '../../../domain/catalogue/lot/decide';
import { nextMinimumBid } from '../../../domain/catalogue/lot/increments';
import type { LotEvent } from '../../../domain/catalogue/lot/events';
import type { ConsignLot } from '../../../domain/catalogue/lot/commands';
import type { LotState } from '../../../domain/catalogue/lot/state';
import type { LotSpec, PlannedBid } from './generator';
import { startStory, tell, type Story } from './decide-all';

export interface LotStoryInput {
  lotId: string;
  auctionId: string;
  sellerId: string;
  staffId: string;
  referenceNo: string;
  spec: LotSpec;
  featured: boolean;
  startsAt: Date;
  endsAt: Date;
  consignedAt: Date;
  bids: PlannedBid[];
  bidderIds: string[];
  /** Bids are spread evenly over this window (instants inside the lot's bidding time). */
  bidFrom: Date;
  bidUntil: Date;
  /** Close at this instant (after the end), or leave the lot open. */
  closeAt: Date | null;
}

/** What a consignment needs: the lot, its auction's window and the staff member consigning it. */
export type ConsignInput = Pick<LotStoryInput, 'lotId' | 'auctionId' | 'sellerId' | 'staffId' | 'referenceNo' | 'spec' | 'featured' | 'startsAt' | 'endsAt' | 'consignedAt'>;

/** The staff consignment command of a demo lot (the same command POST /api/staff/lots/ sends). */
export function consignCommand(input: ConsignInput): ConsignLot {
  return {
    type: 'ConsignLot',
    lot_id: input.lotId,
    auction_id: input.auctionId,
    seller_id: input.sellerId,
    reference_no: input.referenceNo,
    item: input.spec.item,
    reserve_price_pence: input.spec.reservePence,
    reserve_fee_pence: input.spec.reservePence === null ? 0 : 500,
    opening_bid_pence: input.spec.openingPence,
    vat_enabled: input.spec.vatEnabled,
    warehouse: { id: 'main', name: 'Main bonded warehouse' },
    is_group_lot: false,
    group_items: [],
    custom_title: null,
    custom_subtitle: null,
    custom_description: null,
    featured: input.featured,
    starts_at: input.startsAt.toISOString(),
    ends_at: input.endsAt.toISOString(),
    by: input.staffId,
    now: input.consignedAt.toISOString(),
  };
}

export function lotStory(input: LotStoryInput): Story<LotState, LotEvent> {
  const story = startStory(lotDecider);
  tell(lotDecider, story, consignCommand(input));
  const span = input.bidUntil.getTime() - input.bidFrom.getTime();
  input.bids.forEach((bid, i) => {
    const bidderId = input.bidderIds[bid.bidder]!;
    const state = story.state;
    const minimum = nextMinimumBid(state);
    const isLeader = state.leaderId === bidderId;
    const amount = isLeader ? bid.maxPence : Math.max(bid.maxPence, minimum);
    // A leader only raises above their own maximum; an outbid bidder sometimes comes back at the minimum.
    if (isLeader ? amount <= state.leaderMax : bid.maxPence < minimum && i % 2 === 0) return;
    const at = new Date(input.bidFrom.getTime() + Math.floor((span * (i + 1)) / (input.bids.length + 1)));
    tell(lotDecider, story, {
      type: 'PlaceBid', lot_id: input.lotId, bid_id: randomUUID(), auto_bid_id: randomUUID(), bidder_id: bidderId,
      max_bid: amount, bidder_registration_fee_paid: true, now: at.toISOString(),
    }, true);
  });
  if (input.closeAt) tell(lotDecider, story, { type: 'CloseLot', lot_id: input.lotId, now: input.closeAt.toISOString() });
  return story;
}
