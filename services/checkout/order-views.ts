/**
 * Orders as the history and the staff list show them (docs/checkout-api.md "Orders"), from the `orders` read model
 * with the lots' current titles and photos from `lots`.
 */
import type { z } from 'zod';
import type { orderSchema } from './answer-schemas';
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { AppContext } from '../context';
import type { OrderLot } from '../../domain/orders/events';
import type { LotPhoto } from '../../domain/catalogue/lot/events';
import { penceToDecimal, type Pence } from '../../domain/shared/money';
import { goodsLines, goodsTotal } from '../../domain/checkout/goods';
import type { OrdersTable } from '../../projections/orders/tables';
import { summaryAnswer } from './answers';
import { orderCarrier } from './addresses';
import '../../projections/orders/tables';
import '../../projections/catalogue/lots/tables';

export type OrderRow = Selectable<OrdersTable>;

export interface LotDetails { id: string; title: string; subtitle: string; photos: LotPhoto[]; reference_no: string }

type Db = AppContext['db'];

/** Titles, subtitles and photos of the lots of some orders (won and stored), by lot id. */
export async function lotDetailsOf(db: Db, orders: OrderRow[]): Promise<Map<string, LotDetails>> {
  const ids = [...new Set(orders.flatMap((o) => [...o.lots.map((l) => l.lot_id), ...o.stored_lot_ids]))];
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('lots').select([
    'id', 'reference_no', 'photos',
    sql<string>`COALESCE(custom_title, title)`.as('title'),
    sql<string>`COALESCE(custom_subtitle, subtitle)`.as('subtitle'),
  ]).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** One lot's buyer total: hammer + its premium + VAT on the premium (+ VAT on the hammer for a VAT lot). */
export function lotTotalPence(lot: Pick<OrderLot, 'hammer_pence' | 'vat_enabled'>): Pence {
  return goodsTotal(goodsLines([lot]));
}

const pdfLinks = (orderId: string) => ({
  create_pdf: `/api/orders_history/${orderId}/create_pdf/`,
  download_link: `/api/orders/${orderId}/get_pdf/`,
});

export function orderAnswer(order: OrderRow, details: Map<string, LotDetails>): z.infer<typeof orderSchema> {
  const s = order.summary;
  const image = (id: string) => details.get(id)?.photos[0]?.file ?? null;
  const won = order.lots.map((lot) => ({
    title: lot.title, lot_id: lot.lot_id, subtitle: details.get(lot.lot_id)?.subtitle ?? '', total: penceToDecimal(lotTotalPence(lot)),
    item_image: image(lot.lot_id), reference_no: lot.reference_no, from_storage: false,
  }));
  // Stored lots shipped or kept by this order were paid by an earlier one: listed, with nothing charged for the goods.
  const stored = order.stored_lot_ids.map((id) => ({
    title: details.get(id)?.title ?? '', lot_id: id, subtitle: details.get(id)?.subtitle ?? '', total: '0.00',
    item_image: image(id), reference_no: details.get(id)?.reference_no ?? '', from_storage: true,
  }));
  return {
    id: order.id,
    created_at: order.placed_at.toISOString(),
    status: order.status,
    reference_no: order.order_number,
    ...pdfLinks(order.id),
    lots: [...won, ...stored],
    costs: summaryAnswer(s),
    summary: {
      total: penceToDecimal(Number(order.total_pence)),
      product_total: penceToDecimal(s.subtotal),
      buyers_premium: penceToDecimal(s.buyers_commission_amount),
      shipping_amount: penceToDecimal(s.shipping_amount),
      insurance_amount: penceToDecimal(s.insurance_amount),
      voucher_discount_amount: penceToDecimal(s.voucher_discount_amount),
    },
    // Beyond the documented shape, for the history row and the staff screen.
    order_number: order.order_number,
    service: order.service,
    /** Who delivers a delivery order (DPD, DHL, UPS), from the country it ships to; null otherwise. */
    carrier: orderCarrier(order),
    payment_method: order.payment_method,
    amount_due: penceToDecimal(Number(order.amount_due_pence)),
    paid_at: order.paid_at ? order.paid_at.toISOString() : null,
  };
}

/** The caller's own order, or null (another user's order is not found, never forbidden). */
export async function findOwnOrder(db: Db, userId: string, orderId: string): Promise<OrderRow | null> {
  const row = await db.selectFrom('orders').selectAll().where('id', '=', orderId).where('user_id', '=', userId).executeTakeFirst();
  return row ?? null;
}
