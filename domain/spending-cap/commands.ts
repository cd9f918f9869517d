import type { Pence } from '../shared/money';

export interface SetSpendingCap {
  type: 'SetSpendingCap';
  user_id: string;
  auction_id: string;
  /** Already validated at the edge as pounds and pence; the domain re-checks the range. */
  cap: Pence;
  /** Caps are for auctions still taking bids. */
  auction_open: boolean;
  now: string;
}

export interface RemoveSpendingCap {
  type: 'RemoveSpendingCap';
  user_id: string;
  auction_id: string;
  now: string;
}

export interface CountBidAgainstCap {
  type: 'CountBidAgainstCap';
  user_id: string;
  auction_id: string;
  lot_id: string;
  bid_id: string;
  max_bid: Pence;
  lot_exposure: Pence;
  lot_version: number;
  /** The exposure on every other lot of the auction (exposure.ts), as read just before this bid. */
  exposure_elsewhere: Pence;
  now: string;
}

export type SpendingCapCommand = SetSpendingCap | RemoveSpendingCap | CountBidAgainstCap;
