/**
 * A bidder's spending cap for one auction, on stream `spending-cap-<user>-<auction>` (streams.ts). Besides the cap
 * and its changes, every bid the cap let through is recorded (BidCountedAgainstCap): that append, at the stream's
 * expected version, is what serialises a capped bidder's bids across lots and processes.
 */
import type { Pence } from '../shared/money';

interface SpendingCapSet {
  type: 'SpendingCapSet';
  data: { user_id: string; auction_id: string; cap: Pence; previous_cap: Pence | null; at: string };
}

interface SpendingCapRemoved {
  type: 'SpendingCapRemoved';
  data: { user_id: string; auction_id: string; previous_cap: Pence; at: string };
}

export interface BidCountedAgainstCap {
  type: 'BidCountedAgainstCap';
  data: {
    user_id: string;
    auction_id: string;
    lot_id: string;
    bid_id: string;
    /** The bidder's maximum on the lot after this bid. */
    max_bid: Pence;
    /** What the lot counts after this bid: the maximum while leading, 0 when outbid at once by a higher proxy. */
    lot_exposure: Pence;
    /** The lot stream's version once this bid is stored: older read models of the lot cannot know this bid. */
    lot_version: number;
    /** The whole auction's exposure with this bid, and the cap it was checked against. */
    exposure: Pence;
    /** null once the cap was removed: the bid is still recorded, the stream stays the bidder's serialisation point. */
    cap: Pence | null;
    at: string;
  };
}

export type SpendingCapEvent = SpendingCapSet | SpendingCapRemoved | BidCountedAgainstCap;
