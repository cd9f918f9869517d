/** Using a voucher on an order, and giving the use back when that order is cancelled. Retries record nothing. */
import { ValidationError } from '../../shared/errors';
import type { VoucherEvent } from '../events';
import type { RedeemVoucher, ReverseVoucherRedemption } from './commands';
import { normaliseCode } from './rules';
import { redeemRefusal, type VoucherState } from './state';

/** Refusals are field errors on `discount_code`, as check_discount_code answers them. */
export function redeemVoucher(c: RedeemVoucher, state: VoucherState): VoucherEvent[] {
  if (state.redemptions[c.order_id] !== undefined) return [];
  const refusal = redeemRefusal(state, c.user_id, c.now);
  if (refusal) throw new ValidationError({ discount_code: [refusal] });
  if (!Number.isInteger(c.discount_pence) || c.discount_pence < 0) throw new Error(`voucher discount ${c.discount_pence}`);
  return [{
    type: 'VoucherRedeemed',
    data: { code: normaliseCode(c.code), user_id: c.user_id, order_id: c.order_id, discount_pence: c.discount_pence, at: c.now },
  }];
}

export function reverseRedemption(c: ReverseVoucherRedemption, state: VoucherState): VoucherEvent[] {
  const userId = state.redemptions[c.order_id];
  if (userId === undefined) return [];
  return [{ type: 'VoucherRedemptionReversed', data: { code: normaliseCode(c.code), user_id: userId, order_id: c.order_id, at: c.now } }];
}
