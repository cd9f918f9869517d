/**
 * Pure rules of the all-in price on the lot page: which hammer it is worked out for (the current bid, or the
 * opening bid before any bid), whether it is shown at all (not once bidding has closed), and the lines it lists.
 */
import { nextMinimumBid, type BidState } from '../../../lib/bid-state';
import { formatGBP, toPence, type Pence } from '../../../lib/money';
import { NON_DELIVERABLE, type LotCosts } from './api';

interface CostBasis {
  pence: Pence;
  /** 'current': the bid standing now; 'opening': no bid yet, the least a first bid can be. */
  kind: 'current' | 'opening';
}

/** What the basis is read from: the lot's stats as kept live (the reader tolerates a missing step or opening bid). */
type BasisInput = Readonly<{ bid_stats: Parameters<typeof nextMinimumBid>[0]; bid_count?: number }>;

export function costBasis(lot: BasisInput): CostBasis | null {
  const current = toPence(lot.bid_stats?.current_bid ?? null);
  // With no bids the server reports the opening bid as the current one (has_bids false, no bid lines). Those flags
  // are not all kept live, so a price above the opening bid is a bid whatever they say.
  const opening = toPence(lot.bid_stats?.opening_bid ?? null);
  const flaggedNone = lot.bid_stats?.has_bids === false || lot.bid_count === 0;
  const noBids = flaggedNone && (opening === null || current === opening);
  if (current !== null && current > 0) return { pence: current, kind: noBids ? 'opening' : 'current' };
  const first = nextMinimumBid(lot.bid_stats);
  return first > 0 ? { pence: first, kind: 'opening' } : null;
}

/** Shown while the lot can still be bid on (or is about to open); a closed lot's price is its hammer. */
export const showsAllIn = (state: BidState) => state !== 'final' && state !== 'myCollection';

/**
 * The costs as the lines read them: the answer, read leniently where a country is not delivered to (no shipping
 * amount, no deliverable flag: the carrier says it).
 */
export type CostsRead = Omit<LotCosts, 'shipping' | 'deliverable' | 'country'> & {
  shipping: LotCosts['shipping'] | null;
  deliverable?: LotCosts['deliverable'];
};

export const isDeliverable = (c: Pick<CostsRead, 'carrier' | 'shipping' | 'deliverable'>) =>
  c.deliverable !== false && !!c.carrier && c.carrier !== NON_DELIVERABLE && c.shipping !== null;

interface CostLine {
  label: string;
  value: string;
  total?: boolean;
}

/** The lines of the all-in price: VAT on the hammer only when there is some (vat_enabled lots). */
export function costLines(c: CostsRead): CostLine[] {
  const lines: CostLine[] = [
    { label: 'Hammer price', value: formatGBP(c.hammer) },
    { label: "Buyer's premium (12.5%)", value: formatGBP(c.buyers_premium) },
    { label: 'VAT on premium (20%)', value: formatGBP(c.vat_on_premium) },
  ];
  if ((toPence(c.vat_on_hammer) ?? 0) > 0) lines.push({ label: 'VAT on hammer (20%)', value: formatGBP(c.vat_on_hammer) });
  if (isDeliverable(c)) lines.push({ label: `Shipping (${c.carrier})`, value: formatGBP(c.shipping) });
  lines.push({ label: isDeliverable(c) ? 'All-in price' : 'All-in before shipping', value: formatGBP(c.total), total: true });
  return lines;
}
