/**
 * `orders`: one row per order, as OrderPlaced froze it (lots, summary, addresses), and its payment and status as
 * they move. Every value comes from the events; each update is guarded by the order stream's version, so applying an
 * event twice (or an older one late) changes nothing.
 */
import type { Updateable } from 'kysely';
import type { Projection } from '../projection';
import { assertNever } from '../../domain/shared/decider';
import { ORDER_EVENT_TYPES, type OrderEvent } from '../../domain/orders/events';
import type { PriceSummary } from '../../domain/checkout/types';
import type { OrdersTable } from './tables';
import './tables';

/** What the order costs the buyer in all (wallet and card/bank together): total - voucher + card surcharge. */
function orderTotalPence(summary: PriceSummary): number {
  return summary.credit_debit_card + summary.used_from_wallet;
}

export const ordersProjection: Projection = {
  name: 'orders',
  tables: ['orders'],
  eventTypes: ORDER_EVENT_TYPES,
  async apply(trx, stored) {
    const event = { type: stored.type, data: stored.data } as OrderEvent;
    const version = stored.stream_version;
    const update = (at: string, changes: Omit<Updateable<OrdersTable>, 'id' | 'version' | 'updated_at'>) =>
      trx.updateTable('orders').set({ ...changes, version, updated_at: at })
        .where('id', '=', event.data.order_id).where('version', '<', version).execute();
    switch (event.type) {
      case 'OrderPlaced': {
        const d = event.data;
        await trx.insertInto('orders').values({
          id: d.order_id, version, order_number: d.order_number, user_id: d.user_id, service: d.service,
          payment_method: d.payment_method, payment_id: d.payment_id, status: 'awaiting_payment',
          summary: JSON.stringify(d.summary), lots: JSON.stringify(d.lots), stored_lot_ids: JSON.stringify(d.stored_lot_ids),
          voucher_code: d.voucher_code, storage: JSON.stringify(d.storage), billing_address: JSON.stringify(d.billing_address),
          shipping_address: JSON.stringify(d.shipping_address), personal_information: JSON.stringify(d.personal_information),
          note: d.note, total_pence: orderTotalPence(d.summary), amount_due_pence: d.summary.credit_debit_card,
          placed_at: d.placed_at, updated_at: d.placed_at,
        }).onConflict((oc) => oc.column('id').doNothing()).execute();
        return;
      }
      case 'OrderPaid': {
        const d = event.data;
        await update(d.paid_at, {
          status: 'paid', paid_at: d.paid_at, paid_method: d.method, paid_reference: d.reference ?? d.payment_id, paid_by: d.by,
          amount_due_pence: 0, ...(d.payment_id ? { payment_id: d.payment_id } : {}),
        });
        return;
      }
      case 'OrderStatusChanged':
        await update(event.data.at, { status: event.data.to });
        return;
      case 'OrderCancelled':
        await update(event.data.at, { status: 'cancelled', cancelled_at: event.data.at, cancel_reason: event.data.reason, amount_due_pence: 0 });
        return;
      default:
        return assertNever(event);
    }
  },
};
