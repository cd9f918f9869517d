/**
 * Where each of a seller's lots stands after the sale (docs/selling.md): the seller's costs of a sold lot, and
 * whether the proceeds are still awaiting the buyer's payment or have been paid to the seller's wallet (and when).
 * Paid means the settlement's proceeds credit `sale-<lotId>` is in the seller's wallet; a lot the buyer has paid
 * whose hammer left nothing to credit counts as paid from the purchase's payment time.
 */
import { sql } from 'kysely';
import type { Db } from '../../../infra/db/database';
import { sellerCosts, type SellerCosts } from '../../../domain/selling/seller/costs';
import { penceToDecimal } from '../../../domain/shared/money';

type PaymentStatus = 'awaiting_buyer_payment' | 'paid_to_wallet';

export interface LotSale {
  lot_id: string;
  /** Null when the lot is not sold (unsold, open or not started). */
  costs: SellerCosts | null;
  payment_status: PaymentStatus | null;
  paid_to_wallet_at: Date | null;
}

/** The sale state of these lots of `sellerId` (another seller's lots are left out). */
export async function loadLotSales(db: Db, sellerId: string, lotIds: string[]): Promise<Map<string, LotSale>> {
  const out = new Map<string, LotSale>();
  if (lotIds.length === 0) return out;
  const rows = await db
    .selectFrom('lots')
    .leftJoin('lot_purchases', 'lot_purchases.lot_id', 'lots.id')
    .leftJoin('wallet_transactions', (join) => join
      // Only the seller's own wallet (lots.seller_id is text, wallet user ids uuid: compare with the parameter).
      .on('wallet_transactions.user_id', '=', sellerId)
      .on('wallet_transactions.id', '=', sql<string>`'sale-' || lots.id::text`))
    .select(['lots.id', 'lots.outcome', 'lots.hammer_price_pence', 'lots.reserve_fee_pence', 'lot_purchases.paid_at', 'wallet_transactions.created_at as credited_at'])
    .where('lots.seller_id', '=', sellerId)
    .where('lots.id', 'in', lotIds)
    .execute();
  for (const r of rows) out.set(r.id, saleOf(r));
  return out;
}

interface SaleRow {
  id: string;
  outcome: string | null;
  hammer_price_pence: number | null;
  reserve_fee_pence: number;
  paid_at: Date | null;
  credited_at: Date | null;
}

export function saleOf(r: SaleRow): LotSale {
  if (r.outcome !== 'sold' || r.hammer_price_pence === null) return { lot_id: r.id, costs: null, payment_status: null, paid_to_wallet_at: null };
  const costs = sellerCosts({ hammer_pence: Number(r.hammer_price_pence), reserve_fee_pence: Number(r.reserve_fee_pence) });
  const paidAt = r.credited_at ?? r.paid_at;
  return { lot_id: r.id, costs, payment_status: paidAt ? 'paid_to_wallet' : 'awaiting_buyer_payment', paid_to_wallet_at: paidAt };
}

/** The API fields the seller lists add to each lot (money as decimal strings). */
export function saleFields(sale: LotSale | undefined) {
  const c = sale?.costs ?? null;
  return {
    seller_costs: c === null ? null : {
      hammer: penceToDecimal(c.hammer),
      commission: penceToDecimal(c.commission),
      listing_fee: penceToDecimal(c.listing_fee),
      reserve_fee: penceToDecimal(c.reserve_fee),
      total_fees: penceToDecimal(c.total_fees),
      net_proceeds: penceToDecimal(c.net_proceeds),
      vat_in_fees: penceToDecimal(c.vat_in_fees),
    },
    payment_status: sale?.payment_status ?? null,
    paid_to_wallet_at: sale?.paid_to_wallet_at ? sale.paid_to_wallet_at.toISOString() : null,
  };
}
