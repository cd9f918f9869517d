/**
 * Placing a bid: POST /api/bids/ {bid, lot} with an Idempotency-Key. The answer's message shows on the lot at once;
 * a refusal's detail is stored per lot with type "backend"; an unpaid registration fee also opens the MemberFee modal.
 */
import type { ApiError } from '../../api/http';
import { placeBid } from './api';
import { penceToDecimal, type Pence } from '../../lib/money';
import { lotsStore, setBidError, setBidNotice } from '../../state/lots';
import { openModal } from '../../state/modals';
import { session } from '../../state/session';

export function isRegistrationFeeError(e: ApiError): boolean {
  const data = (e.data ?? {}) as Record<string, unknown>;
  return e.status === 402 || data.code === 'registration_fee_required' || 'registration_fee' in data || /registration fee/i.test(e.message);
}

type BidOutcome = 'placed' | 'fee' | 'auth' | 'refused';

export async function submitBid(lotId: string, amount: Pence, key: string): Promise<BidOutcome> {
  const lot = lotsStore.byId[lotId];
  try {
    const answer = await placeBid(lotId, penceToDecimal(amount), key, lot?.slug);
    if (lot) {
      // The stats carry the bidder's maximum (this amount), even when a proxy outbids it at once.
      Object.assign(lot.bid_stats, answer.bid_stats);
      lot.reserve_met = answer.reserve_met;
      lot.bid_stats.is_winning = answer.is_highest_bid;
    }
    const text = answer.message || (answer.is_highest_bid ? 'You are the highest bidder.' : 'Your bid has been placed.');
    const kind = answer.is_highest_bid && answer.reserve_met ? 'success' : 'warning';
    setBidNotice(lotId, { kind, text });
    return 'placed';
  } catch (e) {
    const err = e as ApiError;
    if (err.status === 401 || (err.status === 403 && session.status !== 'signed-in')) return 'auth';
    if (isRegistrationFeeError(err)) {
      if (session.user) session.user.registration_fee_status = false;
      // The server's words on the lot and in the modal that explains how to pay.
      setBidError(lotId, 'backend', err.message);
      openModal('memberFee', { lotId, bid: penceToDecimal(amount), error: err.message });
      return 'fee';
    }
    setBidError(lotId, 'backend', err.message || 'Server error');
    return 'refused';
  }
}
