/** Voucher commands (stream `voucher-<CODE>`). */

/** Staff issue a code: `value` is pence (fixed) or basis points (percent, 1000 = 10%). */
export interface IssueVoucher {
  type: 'IssueVoucher';
  code: string; kind: 'fixed' | 'percent'; value: number; expires_at: string | null; max_uses: number | null;
  once_per_user: boolean; by: string; now: string;
}

/** An order uses the code; refused when expired, used up, or already used by that user (once_per_user). */
export interface RedeemVoucher { type: 'RedeemVoucher'; code: string; user_id: string; order_id: string; discount_pence: number; now: string }

/** The order that used it was cancelled: the use is given back. */
export interface ReverseVoucherRedemption { type: 'ReverseVoucherRedemption'; code: string; order_id: string; now: string }

export type VoucherCommand = IssueVoucher | RedeemVoucher | ReverseVoucherRedemption;
