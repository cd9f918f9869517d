/**
 * Emails the buyer when a card payment is refunded (`PaymentRefunded`): the refund email (refund-email.ts). A
 * checkpointed follower of the feed like the order mailer (`projection_checkpoints`, name `refund-mailer`): one
 * transaction per batch under its advisory lock, only up to the `payments` projection's checkpoint (so the payment's
 * row, with its card, is there to read), each email queued through the outbox once (dedupe_key
 * `payment-refunded:<refund reference>`), then the checkpoint. A crash rolls all of it back; a re-run or a second
 * process adds nothing. Migration 0910 starts it at the head of an existing feed: refunds made before it are not
 * mailed late.
 */
import { sql, type Kysely } from 'kysely';
import type { EventStore } from '../../infra/event-store/event-store';
import type { Database } from '../../infra/db/database';
import type { PaymentRefunded } from '../../domain/payments/events';
import { queueEmail } from '../../infra/mail/outbox';
import { followOnce } from '../../projections/checkpoints';
import { refundEmail } from './refund-email';
import '../../projections/payments/tables';
import '../../projections/orders/tables';

export const REFUND_MAILER_NAME = 'refund-mailer';
const FOLLOWER = { name: REFUND_MAILER_NAME, upstream: 'payments', batch: 500 };

interface RefundMailerOptions { publicUrl: string; now: () => Date }

/** Until the mailer has caught up with the payments read model. */
export async function drainRefundMail(db: Kysely<Database>, store: EventStore, options: RefundMailerOptions): Promise<void> {
  while (await followOnce(db, store, FOLLOWER, async (trx, stored) => {
    if (stored.type === 'PaymentRefunded') await mailRefund(trx, stored.data as PaymentRefunded['data'], options);
  })) { /* more */ }
}

async function mailRefund(trx: Kysely<Database>, refund: PaymentRefunded['data'], options: RefundMailerOptions): Promise<void> {
  const payment = await trx.selectFrom('payments').select(['purpose', 'card_brand', 'card_last4']).where('id', '=', refund.payment_id).executeTakeFirst();
  const { rows: [buyer] } = await sql<{ email: string; first_name: string }>`SELECT email, first_name FROM users WHERE id = ${refund.user_id}::uuid`.execute(trx);
  if (!payment || !buyer) return;
  const order = payment.purpose === 'order'
    ? await trx.selectFrom('orders').select('order_number').where('payment_id', '=', refund.payment_id).executeTakeFirst()
    : undefined;
  const email = refundEmail(options.publicUrl, buyer, {
    amount_pence: refund.amount_pence, reason: refund.reason, purpose: payment.purpose, card_brand: payment.card_brand,
    card_last4: payment.card_last4, order_number: order?.order_number ?? null,
  });
  await queueEmail(trx, { ...email, dedupe_key: `payment-refunded:${refund.refund_ref}`, now: options.now() });
}
