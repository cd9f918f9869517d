import { assertNever } from '../shared/decider';
import type { Pence } from '../shared/money';
import type { SpendingCapEvent } from './events';

export interface CountedBid {
  max: Pence;
  lotVersion: number;
}

export interface SpendingCapState {
  /** null: no cap (never set, or removed). */
  cap: Pence | null;
  /** The latest counted bid per lot. */
  counted: Readonly<Record<string, CountedBid>>;
}

export const initialSpendingCapState: SpendingCapState = { cap: null, counted: {} };

export function evolveSpendingCap(state: SpendingCapState, event: SpendingCapEvent): SpendingCapState {
  switch (event.type) {
    case 'SpendingCapSet':
      return { ...state, cap: event.data.cap };
    case 'SpendingCapRemoved':
      return { ...state, cap: null };
    case 'BidCountedAgainstCap': {
      const d = event.data;
      return { ...state, counted: { ...state.counted, [d.lot_id]: { max: d.max_bid, lotVersion: d.lot_version } } };
    }
    default:
      return assertNever(event);
  }
}
