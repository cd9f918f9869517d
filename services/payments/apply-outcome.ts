/**
 * Applying what the provider says about a payment to its stream, exactly once: a pending payment takes the outcome
 * (challenge, success, failure); a decided one takes nothing (a second return, a second tab, a retried request).
 * A success and its effect are appended in one transaction (handleMany): the registration fee on the account
 * stream, a saved card on the user's cards stream, an order paid with all its effects
 * (services/orders/order-payments.ts). A failed order payment cancels its order in the same transaction.
 *
 * Two fee payments racing (two tabs, two challenges): the second to succeed finds the fee paid and is refunded.
 * A card check racing another for the same card: the second fails with "This card is already saved.".
 */
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context';
import type { AppendResult, DomainEvent, EventMetadata } from '../event-store/types';
import { handleMany, type StreamRef } from '../commands/multi-stream';
import { paymentDecider } from '../../domain/payment/decide';
import { paymentStream, type PaymentCreated } from '../../domain/payment/events';
import type { PaymentCommand } from '../../domain/payment/commands';
import { isPending, type PaymentState } from '../../domain/payment/state';
import { accountDecider } from '../../domain/account/decide';
import { userStream } from '../../domain/account/events';
import type { AccountState } from '../../domain/account/state';
import { cardsDecider } from '../../domain/cards/decide';
import { cardsStream } from '../../domain/cards/events';
import { CARDS_MSG } from '../../domain/cards/card-changes';
import { hasFingerprint, type CardsState } from '../../domain/cards/state';
import { paymentProvider, type ProviderResult } from './provider';
import { decideOrderPayment, orderPaymentPlan } from '../orders/order-payments';

export const FEE_ALREADY_PAID_REFUND = 'The registration fee was already paid.';

export interface Applied {
  state: PaymentState;
  appends: AppendResult[];
  /** The card saved by this call (a card check, or a fee paid with save_card). */
  savedCardId: string | null;
}

type NewPayment = PaymentCreated['data'];

/**
 * `created`: the payment as created now (null when applying to an existing payment: the return route). The streams
 * it touches follow from the payment: its own, the account for a fee, the cards when a card is to be saved.
 */
export async function applyOutcome(
  ctx: AppContext, paymentId: string, created: Omit<NewPayment, 'at'> | null, result: ProviderResult, metadata: EventMetadata,
): Promise<Applied> {
  // A retried request finds its payment already made: the stored one stands.
  const payment = (await ctx.commands.load(paymentStream(paymentId), paymentDecider)).state.payment ?? created;
  if (!payment) throw new Error(`payment ${paymentId} does not exist`);
  const pay = paymentStream(paymentId);
  const account = userStream(payment.user_id);
  const cards = cardsStream(payment.user_id);
  const streams: StreamRef[] = [{ streamId: pay, decider: paymentDecider }];
  if (payment.purpose === 'registration_fee') streams.push({ streamId: account, decider: accountDecider });
  if (payment.save_card) streams.push({ streamId: cards, decider: cardsDecider });
  const orderPlan = payment.purpose === 'order' && payment.order_id ? await orderPaymentPlan(ctx, payment.order_id) : null;
  if (orderPlan) streams.push(...orderPlan.streams);
  const cardId = randomUUID();
  const now = ctx.clock.now().toISOString();

  const outcome = await handleMany(ctx, streams, (states) => {
    let state = states[pay] as PaymentState;
    const events: Record<string, DomainEvent[]> = { [pay]: [] };
    const run = (command: PaymentCommand) => {
      const produced = paymentDecider.decide(command, state);
      state = produced.reduce(paymentDecider.evolve, state);
      events[pay].push(...produced);
    };
    if (state.status === 'none' && created) run({ type: 'CreatePayment', payment: created, now });
    let savedCardId: string | null = null;
    let refund: string | null = null;
    const orderSide = (outcome: Parameters<typeof decideOrderPayment>[2]) => {
      if (!orderPlan) return;
      const decided = decideOrderPayment(states, orderPlan.order, outcome, now);
      for (const [streamId, produced] of Object.entries(decided.events)) events[streamId] = [...(events[streamId] ?? []), ...produced];
      refund = decided.refund;
    };
    if (isPending(state)) {
      if (result.status === 'requires_action') run({ type: 'RequireChallenge', now });
      else if (result.status === 'failed') {
        run({ type: 'RecordPaymentFailed', code: result.code, message: result.message, now });
        orderSide({ status: 'failed', message: result.message });
      } else {
        const cardsState = payment.save_card ? (states[cards] as CardsState) : null;
        const duplicate = cardsState !== null && hasFingerprint(cardsState, result.card.fingerprint);
        if (payment.purpose === 'save_card' && duplicate) {
          // Nothing was charged by a card check; the card is simply not saved twice.
          run({ type: 'RecordPaymentFailed', code: 'duplicate_card', message: CARDS_MSG.duplicate, now });
        } else {
          run({ type: 'RecordPaymentSucceeded', now });
          orderSide({ status: 'succeeded', payment_id: paymentId });
          if (payment.purpose === 'registration_fee') {
            refund = (states[account] as AccountState).feePaid ? FEE_ALREADY_PAID_REFUND : null;
            events[account] = accountDecider.decide({
              type: 'RecordRegistrationFeePaid', amount_pence: payment.amount_pence, reference: paymentId, by: 'payments',
              method: 'card', payment_id: paymentId, now,
            }, states[account] as AccountState);
          }
          if (cardsState && !duplicate) {
            const { token, brand, last4, exp_month, exp_year, fingerprint } = result.card;
            events[cards] = cardsDecider.decide({
              type: 'SaveCard', user_id: payment.user_id, payment_id: paymentId, now,
              card: { card_id: cardId, token, brand, last4, exp_month, exp_year, fingerprint, card_holder_name: payment.card_holder_name },
            }, cardsState);
            savedCardId = events[cards].length > 0 ? cardId : null;
          }
        }
      }
    }
    return { events, result: { state, savedCardId, refund } };
  }, metadata);

  let state = outcome.result.state;
  const appends = [...outcome.appends];
  if (outcome.result.refund) {
    const refund = await paymentProvider(ctx).refund(payment.provider_ref, payment.amount_pence, `refund-${paymentId}`);
    const refunded = await ctx.commands.handle(pay, paymentDecider, {
      type: 'RecordRefund', amount_pence: payment.amount_pence, reason: outcome.result.refund, refund_ref: refund.refund_ref, now,
    }, metadata);
    state = refunded.state;
    if (refunded.append) appends.push(refunded.append);
  }
  return { state, appends, savedCardId: outcome.result.savedCardId };
}
