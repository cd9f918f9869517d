/**
 * Reading a voucher for the caller from the `vouchers` read model: the checks of check_discount_code and of the
 * draft's discount_code (the same function, so both answer the same message). The order's own redemption is
 * decided again on the voucher stream when the order is placed; this is the early answer.
 */
import type { Selectable } from 'kysely';
import type { AppContext } from '../context';
import { ValidationError } from '../../domain/shared/errors';
import { penceToDecimal } from '../../domain/shared/money';
import type { Voucher } from '../../domain/checkout/types';
import type { VouchersTable } from '../../projections/orders/tables';
import { VOUCHER_MESSAGES } from './draft-schema';
import '../../projections/orders/tables';

export type VoucherRow = Selectable<VouchersTable>;

const refuse = (message: string): never => {
  throw new ValidationError({ discount_code: [message] });
};

/**
 * The voucher the user may use now, or a `discount_code` field error: unknown or used up ("not valid"), past its
 * expiry ("expired"), single use per user and used by them already ("already used").
 */
export async function usableVoucher(ctx: Pick<AppContext, 'db'>, userId: string, code: string, now: Date): Promise<VoucherRow> {
  const normalised = code.trim().toUpperCase();
  const row = await ctx.db.selectFrom('vouchers').selectAll().where('code', '=', normalised).executeTakeFirst();
  if (!row) return refuse(VOUCHER_MESSAGES.invalid);
  if (row.expires_at && row.expires_at.getTime() <= now.getTime()) return refuse(VOUCHER_MESSAGES.expired);
  if (row.once_per_user) {
    const used = await ctx.db.selectFrom('voucher_redemptions').select('order_id')
      .where('code', '=', normalised).where('user_id', '=', userId).where('reversed_at', 'is', null).executeTakeFirst();
    if (used) return refuse(VOUCHER_MESSAGES.used);
  }
  if (row.max_uses !== null && row.uses >= row.max_uses) return refuse(VOUCHER_MESSAGES.invalid);
  return row;
}

export function toVoucher(row: VoucherRow): Voucher {
  return { code: row.code, kind: row.kind, value: row.value };
}

/**
 * A voucher's value on the wire: always a decimal string with two places: pounds for `fixed`, the percentage for
 * `percent` (basis points / 100: 1000 -> "10.00").
 */
export function voucherValue(row: Pick<VoucherRow, 'value'>): string {
  return penceToDecimal(row.value);
}
