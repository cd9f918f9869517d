/** The spending cap's rules and messages (docs/spending-cap.md). */
import { RuleBroken } from '../shared/errors';
import type { Pence } from '../shared/money';
import { formatPounds } from '../catalogue/lot/format';
import { MAX_AMOUNT } from '../catalogue/lot/increments';

/** The smallest cap: one opening bid (£10). */
const MIN_CAP: Pence = 1_000;
const MAX_CAP: Pence = MAX_AMOUNT;

export const CAP_MESSAGES = {
  auctionEnded: 'This auction has ended.',
  range: `Your spending cap must be between ${formatPounds(MIN_CAP)} and ${formatPounds(MAX_CAP)}.`,
  noCap: 'You have no spending cap for this auction.',
} as const;

export function overCapMessage(exposure: Pence, cap: Pence): string {
  return `This bid would bring your total in this auction to ${formatPounds(exposure)}, over your spending cap of ${formatPounds(cap)}.`;
}

export function assertCapInRange(cap: Pence): void {
  if (!Number.isSafeInteger(cap) || cap < MIN_CAP || cap > MAX_CAP) throw new RuleBroken(CAP_MESSAGES.range);
}
