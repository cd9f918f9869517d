/**
 * Emails the buyer when an order is placed (the confirmation), when it is paid (the receipt) and when a confirmed order
 * is cancelled (the card declined or not completed in time, the buyer, staff): a reaction to the `OrderPlaced`,
 * `OrderPaid` and `OrderCancelled` events, whichever way they happened (card return, staff, nothing left to pay).
 *
 * A checkpointed follower of the feed like the notification mailer and the interest matcher (`projection_checkpoints`,
 * name `order-mailer`): one transaction per batch under `pg_advisory_xact_lock('projection:order-mailer')`: lock,
 * read checkpoint, read the events the `orders` projection has already applied (so the order's row is there), queue
 * the emails through the outbox (dedupe_key `order-placed:<id>` / `order-paid:<id>` / `order-cancelled:<id>`), move
 * the checkpoint. A crash
 * rolls all of it back; a re-run or a second process finds the outbox keys and adds nothing: once per order.
 * Migration 0837 starts it at the head of an existing feed, so orders placed before it existed are not mailed late.
 */
import { sql, type Kysely } from 'kysely';
import type { EventStore } from '../../infra/event-store/event-store';
import type { Database } from '../../infra/db/database';
import type { OrderCancelled, OrderPaid, OrderPlaced } from '../../domain/orders/events';
import { queueEmail, wasQueued } from '../../infra/mail/outbox';
import type { OrderRow } from '../checkout/order-views';
import { orderCancelledEmail, orderPaidEmail, orderPlacedEmail, type EmailBuyer } from './order-emails';
import '../../projections/orders/tables';
import { followerBatch, writeCheckpoint } from '../../projections/checkpoints';

export const ORDER_MAILER_NAME = 'order-mailer';
const ORDERS_PROJECTION = 'orders';
const BATCH = 500;

interface OrderMailerOptions { publicUrl: string; now: () => Date }

/** One batch; true when it moved its checkpoint (there may be more). */
async function orderMailBatch(db: Kysely<Database>, store: EventStore, options: OrderMailerOptions): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`projection:${ORDER_MAILER_NAME}`}))`.execute(trx);
    const events = await followerBatch(trx, store, ORDER_MAILER_NAME, ORDERS_PROJECTION, BATCH);
    if (events.length === 0) return false;
    for (const stored of events) {
      if (stored.type === 'OrderPlaced') await mailOrder(trx, (stored.data as OrderPlaced['data']).order_id, 'placed', options);
      else if (stored.type === 'OrderPaid') await mailOrder(trx, (stored.data as OrderPaid['data']).order_id, 'paid', options);
      else if (stored.type === 'OrderCancelled') await mailOrder(trx, (stored.data as OrderCancelled['data']).order_id, stored.data as OrderCancelled['data'], options);
    }
    const last = events[events.length - 1];
    await writeCheckpoint(trx, ORDER_MAILER_NAME, last);
    return true;
  });
}

/** Until the mailer has caught up with the orders read model. */
export async function drainOrderMail(db: Kysely<Database>, store: EventStore, options: OrderMailerOptions): Promise<void> {
  while (await orderMailBatch(db, store, options)) { /* more */ }
}

/** `what`: placed, paid, or the cancellation (its event's data). */
async function mailOrder(
  trx: Kysely<Database>, orderId: string, what: 'placed' | 'paid' | OrderCancelled['data'], options: OrderMailerOptions,
): Promise<void> {
  const order = await trx.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst() as OrderRow | undefined;
  if (!order) return;
  // A cancellation answers a confirmation: an order never confirmed (placed before the mailer began) gets none.
  if (typeof what === 'object' && !(await wasQueued(trx, `order-placed:${orderId}`))) return;
  const { rows: [buyer] } = await sql<EmailBuyer>`SELECT email, first_name FROM users WHERE id = ${order.user_id}::uuid`.execute(trx);
  if (!buyer) return;
  const email = what === 'placed' ? orderPlacedEmail(options.publicUrl, buyer, order, await storedLots(trx, order.stored_lot_ids))
    : what === 'paid' ? orderPaidEmail(options.publicUrl, buyer, order)
    : orderCancelledEmail(options.publicUrl, buyer, order, what);
  const kind = typeof what === 'object' ? 'cancelled' : what;
  await queueEmail(trx, { ...email, dedupe_key: `order-${kind}:${orderId}`, now: options.now() });
}


async function storedLots(trx: Kysely<Database>, ids: string[]): Promise<{ reference_no: string; title: string }[]> {
  if (ids.length === 0) return [];
  return trx.selectFrom('lots').select(['reference_no', sql<string>`COALESCE(custom_title, title)`.as('title')]).where('id', 'in', ids).execute();
}

