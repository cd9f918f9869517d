/** The `payments` read model: one row per payment stream, every value from its events. */
import type { Projection } from '../projection';
import { assertNever } from '../../domain/shared/decider';
import { PAYMENT_EVENT_TYPES, type PaymentEvent, type PaymentRequested } from '../../domain/payments/events';
import './tables';

type PaymentRow = Pick<PaymentRequested['data'], 'payment_id' | 'user_id' | 'purpose' | 'amount_pence' | 'card' | 'provider' | 'at'>;

const newRow = (d: PaymentRow, version: number) => ({
  id: d.payment_id, user_id: d.user_id, purpose: d.purpose, amount_pence: d.amount_pence,
  card_brand: d.card.brand, card_last4: d.card.last4, card_exp_month: d.card.exp_month, card_exp_year: d.card.exp_year,
  provider: d.provider, created_at: d.at, version,
});

export const paymentsProjection: Projection = {
  name: 'payments',
  tables: ['payments'],
  eventTypes: PAYMENT_EVENT_TYPES,
  async apply(trx, stored) {
    const event = { type: stored.type, data: stored.data } as PaymentEvent;
    const version = stored.stream_version;
    // Only a row older than this event changes: applying an event twice changes nothing.
    const row = () => trx.updateTable('payments').where('id', '=', event.data.payment_id).where('version', '<', version);
    switch (event.type) {
      case 'PaymentRequested': {
        const d = event.data;
        // A request again after it lapsed (a retry with the same key) makes the row requested again.
        await trx.insertInto('payments').values({ ...newRow(d, version), status: 'requested', provider_ref: null })
          .onConflict((oc) => oc.column('id').doUpdateSet({ status: 'requested', completed_at: null, version }).where('payments.version', '<', version))
          .execute();
        return;
      }
      case 'PaymentRequestLapsed':
        await row().set({ status: 'lapsed', completed_at: event.data.at, version }).execute();
        return;
      case 'PaymentCreated': {
        const d = event.data;
        // Its request's row takes the provider's reference (and the card as the provider made it); the row keeps the
        // instant it was requested. A payment made before requests were recorded has no row yet.
        await trx.insertInto('payments').values({ ...newRow(d, version), status: 'created', provider_ref: d.provider_ref })
          .onConflict((oc) => oc.column('id').doUpdateSet({ status: 'created', provider_ref: d.provider_ref, completed_at: null, version }).where('payments.version', '<', version))
          .execute();
        return;
      }
      case 'PaymentChallengeRequired':
        await row().set({ status: 'challenge_required', version }).execute();
        return;
      case 'PaymentSucceeded':
        await row().set({ status: 'succeeded', completed_at: event.data.at, version }).execute();
        return;
      case 'PaymentFailed':
        await row().set({ status: 'failed', failure_code: event.data.code, failure_message: event.data.message, completed_at: event.data.at, version }).execute();
        return;
      case 'PaymentRefundDecided':
        await row().set({ refund_due_pence: event.data.amount_pence, version }).execute();
        return;
      case 'PaymentRefunded':
        await row().set((eb) => ({ refunded_pence: eb('refunded_pence', '+', event.data.amount_pence), refund_due_pence: 0, version })).execute();
        return;
      default:
        return assertNever(event);
    }
  },
};
