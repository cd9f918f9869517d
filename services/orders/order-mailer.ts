/**
 * Emails the buyer when an order is placed (the confirmation; a card order's when its card payment goes through), when
 * it is paid (the receipt) and when it is cancelled after a confirmation, or by the house while its card payment was
 * awaited (not completed in time, staff): a reaction to the `OrderPlaced`, `OrderPaid` and `OrderCancelled` events,
 * whichever way they happened (card return, staff, nothing left to pay).
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
import type { OrderCancelled, OrderPlaced } from '../../domain/orders/events';
import type { StoredEvent } from '../../infra/event-store/types';
import { PAYMENTS } from '../../domain/orders/settlement/card-payment';
import { queueEmail, wasQueued } from '../../infra/mail/outbox';
import type { OrderRow } from '../checkout/order-views';
import { orderCancelledEmail, orderPaidEmail, orderPlacedEmail, type EmailBuyer } from './order-emails';
import '../../projections/orders/tables';
import { followOnce } from '../../projections/checkpoints';

export const ORDER_MAILER_NAME = 'order-mailer';
const FOLLOWER = { name: ORDER_MAILER_NAME, upstream: 'orders', batch: 500 };

interface OrderMailerOptions { publicUrl: string; now: () => Date }

/** Until the mailer has caught up with the orders read model. */
export async function drainOrderMail(db: Kysely<Database>, store: EventStore, options: OrderMailerOptions): Promise<void> {
  while (await followOnce(db, store, FOLLOWER, (trx, stored) => mailFor(trx, stored, options))) { /* more */ }
}

/**
 * A card order is confirmed once its card payment goes through, with the receipt beside it: until then the buyer is
 * on the page, in the bank's check, or told there that the card was declined, and a confirmation "being charged to
 * your card" followed by a cancellation for a decline they saw would be two emails about nothing. Other orders are
 * confirmed when placed (what is due and how to pay it is in the email).
 */
function confirmedWhenPaid(order: OrderRow): boolean {
  return order.payment_method === 'CARD' && order.summary.credit_debit_card > 0;
}

/**
 * A cancellation answers a confirmation. An unconfirmed card order's cancellation is mailed only when the house or
 * its staff made it (the 30-minute sweep, a staff cancel): the buyer was not there to see it. A decline, or the
 * buyer's own cancel, they saw on the page. An order placed before the mailer began was never confirmed: none.
 */
async function mailsCancellation(trx: Kysely<Database>, order: OrderRow, cancel: OrderCancelled['data']): Promise<boolean> {
  if (await wasQueued(trx, `order-placed:${order.id}`)) return true;
  return confirmedWhenPaid(order) && cancel.by !== order.user_id && cancel.by !== PAYMENTS;
}

async function mailFor(trx: Kysely<Database>, stored: StoredEvent, options: OrderMailerOptions): Promise<void> {
  if (stored.type !== 'OrderPlaced' && stored.type !== 'OrderPaid' && stored.type !== 'OrderCancelled') return;
  const order = await trx.selectFrom('orders').selectAll().where('id', '=', (stored.data as OrderPlaced['data']).order_id).executeTakeFirst() as OrderRow | undefined;
  if (!order) return;
  if (stored.type === 'OrderPlaced') {
    if (!confirmedWhenPaid(order)) await mailOrder(trx, order, 'placed', options);
  } else if (stored.type === 'OrderPaid') {
    if (confirmedWhenPaid(order) && !(await wasQueued(trx, `order-placed:${order.id}`))) await mailOrder(trx, order, 'placed', options);
    await mailOrder(trx, order, 'paid', options);
  } else {
    const cancel = stored.data as OrderCancelled['data'];
    if (await mailsCancellation(trx, order, cancel)) await mailOrder(trx, order, cancel, options);
  }
}

/** `what`: placed, paid, or the cancellation (its event's data). */
async function mailOrder(trx: Kysely<Database>, order: OrderRow, what: 'placed' | 'paid' | OrderCancelled['data'], options: OrderMailerOptions): Promise<void> {
  const { rows: [buyer] } = await sql<EmailBuyer>`SELECT email, first_name FROM users WHERE id = ${order.user_id}::uuid`.execute(trx);
  if (!buyer) return;
  const email = what === 'placed' ? orderPlacedEmail(options.publicUrl, buyer, order, await storedLots(trx, order.stored_lot_ids))
    : what === 'paid' ? orderPaidEmail(options.publicUrl, buyer, order)
    : orderCancelledEmail(options.publicUrl, buyer, order, what);
  const kind = typeof what === 'object' ? 'cancelled' : what;
  await queueEmail(trx, { ...email, dedupe_key: `order-${kind}:${order.id}`, now: options.now() });
}

async function storedLots(trx: Kysely<Database>, ids: string[]): Promise<{ reference_no: string; title: string }[]> {
  if (ids.length === 0) return [];
  return trx.selectFrom('lots').select(['reference_no', sql<string>`COALESCE(custom_title, title)`.as('title')]).where('id', 'in', ids).execute();
}

