/** Pure rules of the spending-cap panel: reading the typed cap, the meter's fill, and which auctions get a block. */
import { formatPence, penceToDecimal, toPence } from '../../lib/money';
import type { Auction } from '../../lib/types';

/** The server's own wording, used before a call when the field cannot be an amount at all. */
export const CAP_FORMAT_MESSAGE = 'Enter your cap in pounds, e.g. 500 or 500.50.';

/** Next auctions shown besides the live ones: the soonest few, so the tabs stay within reach on a phone. */
const NEXT_AUCTIONS_SHOWN = 2;

type CapInput = { ok: true; cap: string } | { ok: false; message: string };

/**
 * "500", "500.5", "£1,000" -> the decimal string the API takes ("1000.00"). The range (£10 to £10,000,000) is the
 * server's to judge, so its message names the limits it really applies.
 */
export function readCapInput(text: string): CapInput {
  const pence = toPence(text);
  if (pence === null || pence < 0) return { ok: false, message: CAP_FORMAT_MESSAGE };
  return { ok: true, cap: penceToDecimal(pence) };
}

/** How full the meter is, 0..1 (an exposure over the cap fills it). */
export function meterShare(exposure: string, cap: string | null): number {
  const e = toPence(exposure) ?? 0;
  const c = toPence(cap);
  if (c === null || c <= 0) return 0;
  return Math.min(1, Math.max(0, e / c));
}

/** "£60 of £100" for the meter's spoken value. */
export const meterText = (exposure: string, cap: string) => `${formatPence(toPence(exposure) ?? 0)} of ${formatPence(toPence(cap) ?? 0)}`;

/** The auctions that get a block: every live one, then the soonest next ones (not already live). */
export function auctionsForCaps(live: readonly Auction[], next: readonly Auction[]): Auction[] {
  const liveIds = new Set(live.map((a) => String(a.id)));
  const soonest = next
    .filter((a) => !liveIds.has(String(a.id)))
    .sort((a, b) => Date.parse(a.start_date) - Date.parse(b.start_date))
    .slice(0, NEXT_AUCTIONS_SHOWN);
  return [...live, ...soonest];
}
