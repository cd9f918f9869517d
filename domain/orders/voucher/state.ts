/** A voucher: as issued, and its uses that still count (a reversed use gives the use back). */
import { assertNever } from '../../shared/decider';
import type { VoucherEvent, VoucherIssued } from '../events';
import { VOUCHER_MSG } from './rules';

export interface VoucherState {
  voucher: VoucherIssued['data'] | null;
  /** Uses not reversed: order id -> user id. */
  redemptions: Readonly<Record<string, string>>;
}

export const initialVoucherState: VoucherState = Object.freeze({ voucher: null, redemptions: Object.freeze({}) }) as VoucherState;

export function evolveVoucher(state: VoucherState, event: VoucherEvent): VoucherState {
  switch (event.type) {
    case 'VoucherIssued':
      return { ...state, voucher: event.data };
    case 'VoucherRedeemed':
      return { ...state, redemptions: { ...state.redemptions, [event.data.order_id]: event.data.user_id } };
    case 'VoucherRedemptionReversed': {
      const { [event.data.order_id]: _reversed, ...redemptions } = state.redemptions;
      return { ...state, redemptions };
    }
    default:
      return assertNever(event);
  }
}

export const usesOf = (state: VoucherState): number => Object.keys(state.redemptions).length;

const usedBy = (state: VoucherState, userId: string): boolean => Object.values(state.redemptions).includes(userId);

/**
 * Why `userId` cannot use the voucher at `now` (the discount_code message), or null when they can. A used-up code
 * reads as not valid: the specification has no message of its own for it.
 */
export function redeemRefusal(state: VoucherState, userId: string, now: string): string | null {
  const v = state.voucher;
  if (!v) return VOUCHER_MSG.notValid;
  if (v.expires_at !== null && Date.parse(now) >= Date.parse(v.expires_at)) return VOUCHER_MSG.expired;
  if (v.once_per_user && usedBy(state, userId)) return VOUCHER_MSG.alreadyUsed;
  if (v.max_uses !== null && usesOf(state) >= v.max_uses) return VOUCHER_MSG.notValid;
  return null;
}
