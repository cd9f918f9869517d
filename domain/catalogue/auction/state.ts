/** Auction state: just enough to enforce "created once, finished once, not before its end". */
import { assertNever } from '../../shared/decider';
import type { AuctionEvent } from './events';

type AuctionStatus = 'initial' | 'created' | 'finished';

export interface AuctionState {
  status: AuctionStatus;
  auctionId: string;
  startMs: number;
  endMs: number;
  deadlineMs: number;
}

export const initialAuctionState: AuctionState = Object.freeze({ status: 'initial', auctionId: '', startMs: 0, endMs: 0, deadlineMs: 0 }) as AuctionState;

export function evolveAuction(state: AuctionState, event: AuctionEvent): AuctionState {
  switch (event.type) {
    case 'AuctionCreated':
      return {
        status: 'created',
        auctionId: event.data.auction_id,
        startMs: Date.parse(event.data.start_date),
        endMs: Date.parse(event.data.end_date),
        deadlineMs: Date.parse(event.data.bottles_add_deadline),
      };
    case 'AuctionRescheduled':
      return {
        ...state,
        startMs: Date.parse(event.data.start_date),
        endMs: Date.parse(event.data.end_date),
        deadlineMs: Date.parse(event.data.bottles_add_deadline),
      };
    case 'AuctionFinished':
      return { ...state, status: 'finished' };
    default:
      return assertNever(event);
  }
}
