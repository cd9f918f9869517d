/**
 * A refused bid's reason as a short, fixed label for the metrics (auction_bid_refusals_total{reason}): the domain's
 * messages mapped to a bounded set, never the message itself (it carries amounts, so every price would be a series).
 */
import { type DomainError, RuleBroken } from '../../domain/shared/errors';
import { MESSAGES } from '../../domain/catalogue/lot/place-bid';
import { LeaseLost } from './lot-leases';

const BY_MESSAGE = new Map<string, string>([
  [MESSAGES.notFound, 'lot_not_found'],
  [MESSAGES.ended, 'ended'],
  [MESSAGES.withdrawn, 'withdrawn'],
  [MESSAGES.notStarted, 'not_started'],
  [MESSAGES.ownLot, 'own_lot'],
  [MESSAGES.registrationFee, 'registration_fee'],
]);

export function refusalReason(error: DomainError): string {
  const known = BY_MESSAGE.get(error.message);
  if (known) return known;
  if (error instanceof LeaseLost) return 'lease_moved';
  if (error instanceof RuleBroken) {
    if (error.message.startsWith('Your bid must be at least')) return 'below_minimum';
    if (error.message.startsWith('Your bid cannot be more than')) return 'above_maximum';
    if (error.message.startsWith('Please enter a valid amount')) return 'invalid_amount';
    if (error.message.startsWith('Your new maximum bid must be higher')) return 'not_above_own_maximum';
    if (/spending cap/.test(error.message)) return 'spending_cap';
    return 'other_rule';
  }
  // The other kinds (conflict, throttled, forbidden, validation, unavailable: a spending cap, a writer too busy).
  return error.kind;
}
