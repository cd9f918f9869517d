/** Auction events: plain JSON, instants as ISO strings, ids as strings. */

export interface AuctionCreated {
  type: 'AuctionCreated';
  data: {
    auction_id: string;
    start_date: string;
    end_date: string;
    year: number;
    sequence_no: number;
    /** Last instant sellers may add bottles to this auction. */
    bottles_add_deadline: string;
    created_by: string;
    created_at: string;
  };
}

export interface AuctionFinished {
  type: 'AuctionFinished';
  data: {
    auction_id: string;
    finished_at: string;
  };
}

/** Staff moved the auction's dates before its start. Carries the resulting dates (the deadline never after the start). */
export interface AuctionRescheduled {
  type: 'AuctionRescheduled';
  data: {
    auction_id: string;
    start_date: string;
    end_date: string;
    bottles_add_deadline: string;
    by: string;
    at: string;
  };
}

export type AuctionEvent = AuctionCreated | AuctionFinished | AuctionRescheduled;
