/** Auction commands: time and ids come in with the command. */

export interface CreateAuction {
  type: 'CreateAuction';
  auction_id: string;
  start_date: string;
  end_date: string;
  year: number;
  sequence_no: number;
  bottles_add_deadline: string;
  /** Staff user id. */
  by: string;
  now: string;
}

export interface FinishAuction {
  type: 'FinishAuction';
  auction_id: string;
  /** How many of the auction's lots are not closed yet, as the caller (a read model) knows it. */
  open_lot_count: number;
  now: string;
}

/** Staff move an auction's dates before it starts. */
export interface RescheduleAuction {
  type: 'RescheduleAuction';
  auction_id: string;
  start_date: string;
  end_date: string;
  /** Staff user id. */
  by: string;
  now: string;
}

export type AuctionCommand = CreateAuction | FinishAuction | RescheduleAuction;
