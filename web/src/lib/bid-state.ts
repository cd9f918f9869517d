/**
 * The display state of a lot's bid panel (spec 2, section 4) and the labels it shows.
 *
 * Derivation used here (the spec gives the labels; the rules are ours, written down in web/README.md):
 * - scheduled: the lot has not opened yet;  final: the lot has closed (or the server said it finished);
 * - the caller is winning: reserve met (or none) -> winning, reserve not met -> reserve (Highest Bid + Reserve Price
 *   + Your Bid: you lead but the reserve is not reached);
 * - the caller has a bid but is not winning -> notWinning (outbid);
 * - no own bid: bids exist and the reserve is not met -> reserveNotMet; otherwise current.
 */
import { toPence, type Pence } from './money';
import type { BidStats, Lot, LotView, Money } from './types';

export type BidState =
  | 'current' | 'winning' | 'notWinning' | 'myCollection' | 'final' | 'reserve' | 'reserveNotMet' | 'scheduled';

interface StateLabels {
  top: string | null;
  bottom: string | null;
  /** The reserve state also shows the caller's own bid beside the reserve price. */
  plusYourBid?: boolean;
}

export const BID_STATE_LABELS: Record<BidState, StateLabels> = {
  current: { top: 'Current Bid', bottom: 'Your Bid' },
  winning: { top: 'Winning Bid', bottom: 'Your Bid' },
  notWinning: { top: 'Current Bid', bottom: 'Current Bid' },
  myCollection: { top: 'Estimated auction value', bottom: 'Price paid' },
  final: { top: 'Final Bid', bottom: 'Final Bid' },
  reserveNotMet: { top: 'Winning bid', bottom: 'Reserve Price' },
  reserve: { top: 'Highest Bid', bottom: 'Reserve Price', plusYourBid: true },
  scheduled: { top: null, bottom: null },
};

/** Labels of the bid roles. */
export const BID_ROLE_LABELS = {
  buyer: 'Your Max Bid',
  seller: 'Reserve price',
  maxBid: 'Max bid',
  purchased: 'Purchased',
} as const;

const YOUR_BID_LABEL = 'Your Bid';

export interface BidStateInput {
  status?: Lot['status'];
  onBidding: boolean;
  finished?: boolean;
  startDate?: string | null;
  endDate?: string | null;
  /** Server-clock now in ms. */
  now: number;
  hasCurrentBid: boolean;
  hasUserBid: boolean;
  isWinning: boolean;
  reserveMet: boolean;
  inCollection?: boolean;
}

export function deriveBidState(i: BidStateInput): BidState {
  if (i.inCollection) return 'myCollection';
  if (i.status === 'sold' || i.status === 'unsold' || i.finished) return 'final';
  if (i.status === 'scheduled') return 'scheduled';
  if (!i.onBidding) {
    const start = i.startDate ? Date.parse(i.startDate) : NaN;
    return start > i.now ? 'scheduled' : 'final';
  }
  if (i.isWinning) return i.reserveMet ? 'winning' : 'reserve';
  if (i.hasUserBid) return 'notWinning';
  if (i.hasCurrentBid && !i.reserveMet) return 'reserveNotMet';
  return 'current';
}

/** The state of a lot as the caller sees it at `now` (server clock). */
export function lotBidState(lot: LotView, now: number, inCollection = false): BidState {
  const s = lot.bid_stats ?? ({} as LotView['bid_stats']);
  return deriveBidState({
    status: lot.status,
    onBidding: lot.on_bidding,
    finished: lot.finished,
    startDate: lot.start_date,
    endDate: lot.extra_time || lot.end_date,
    now,
    hasCurrentBid: s.current_bid != null,
    hasUserBid: s.current_user_bid != null,
    isWinning: !!s.is_winning,
    reserveMet: lot.reserve_met !== false,
    inCollection,
  });
}

interface PanelRow {
  label: string;
  value: string | null;
}

interface PanelValues {
  current: string | null;
  yourBid: string | null;
  reserve: string | null;
  final: string | null;
  estimated?: string | null;
  pricePaid?: string | null;
}

/** The rows of the bid panel for a state; a bottom label equal to the top one is shown once. */
export function panelRows(state: BidState, v: PanelValues): PanelRow[] {
  const labels = BID_STATE_LABELS[state];
  if (!labels.top) return [];
  switch (state) {
    case 'final':
      return [{ label: labels.top, value: v.final ?? v.current }];
    case 'notWinning':
      return [{ label: labels.top, value: v.current }];
    case 'myCollection':
      return [{ label: labels.top, value: v.estimated ?? null }, { label: labels.bottom!, value: v.pricePaid ?? null }];
    case 'reserve':
      return [
        { label: labels.top, value: v.current },
        { label: labels.bottom!, value: v.reserve },
        { label: YOUR_BID_LABEL, value: v.yourBid },
      ];
    case 'reserveNotMet':
      return [{ label: labels.top, value: v.current }, { label: labels.bottom!, value: v.reserve }];
    default:
      return [{ label: labels.top, value: v.current }, { label: labels.bottom!, value: v.yourBid }];
  }
}

/** Default opening bid when the lot gives none (docs: £10). */
const DEFAULT_OPENING_BID: Pence = 1000;

/** What the next bid is worked out from: a lot's stats, as kept live (a reader's lot may lack the step or opening bid). */
type MinimumBidInput = Readonly<
  Pick<BidStats, 'current_bid'> & Partial<Omit<BidStats, 'step' | 'current_bid' | 'opening_bid'>> & { step: Money | null; opening_bid?: Money | null }
>;

/** The next acceptable bid: current bid + step; with no bid yet the opening bid (or the step). */
export function nextMinimumBid(stats: MinimumBidInput | undefined, openingBid?: string | null): Pence {
  const current = toPence(stats?.current_bid ?? null);
  const step = toPence(stats?.step ?? null);
  if (current === null) return toPence(openingBid ?? stats?.opening_bid ?? null) ?? step ?? DEFAULT_OPENING_BID;
  return current + (step ?? 0);
}

/**
 * The caller's result on a lot: 'won' (sold to them, or closed live while they led with the reserve met), 'lost'
 * (closed, they bid, and it is not theirs), 'outbid' (still open, they bid, someone leads), 'leading' (still open,
 * they lead), null when they never bid or it has not opened. The buyer's area sorts its lists by it: Lost holds
 * closed lots only.
 */
type BuyerOutcome = 'won' | 'lost' | 'outbid' | 'leading' | null;

export function buyerOutcome(lot: LotView, now: number): BuyerOutcome {
  const s = lot.bid_stats;
  const bid = s?.current_user_bid != null;
  const state = lotBidState(lot, now);
  if (state === 'final') {
    const won = !!s?.is_winning && (lot.status === 'sold' || (lot.status !== 'unsold' && lot.reserve_met !== false));
    return won ? 'won' : bid ? 'lost' : null;
  }
  if (state === 'scheduled') return null;
  if (s?.is_winning) return 'leading';
  return bid ? 'outbid' : null;
}
