/**
 * Applying what the provider says about a payment to its stream, exactly once: a pending payment takes the outcome
 * (challenge, success, failure); a decided one takes nothing (a second return, a second tab, a retried request).
 * A success and its effect are appended in one transaction (handleMany): the registration fee on the account
 * stream, a saved card on the user's cards stream. For an order's payment, the outcome goes to the order settlement
 * workflow in the same decision (domain/orders/settlement/run.ts): a success pays the order with all its effects, a
 * failure cancels it, a success for an order no longer awaiting payment is refunded.
 *
 * Two fee payments racing (two tabs, two challenges): the second to succeed finds the fee paid and is refunded.
 * A card check racing another for the same card: the second fails with "This card is already saved.".
 *
 * A refund is owed in the same commit as the success that calls for it (PaymentRefundDecided), then made through the
 * provider (owed-refunds.ts). If that fails, or the process dies first, the refund is still owed and the owed-refunds
 * worker makes it: the answer to the payment does not wait on it, and no refund is ever forgotten.
 */
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context';
import type { AppendResult, EventMetadata } from '../../infra/event-store/types';
import { handleMany, type StreamRef } from '../../infra/commands/multi-stream';
import { paymentDecider } from '../../domain/payments/decide';
import { paymentStream, type PaymentCreated, type PaymentEvent } from '../../domain/payments/events';
import type { PaymentCommand } from '../../domain/payments/commands';
import { awaitsCreation, isPending, type PaymentState } from '../../domain/payments/state';
import { accountDecider } from '../../domain/accounts/decide';
import { userStream } from '../../domain/accounts/events';
import type { AccountState } from '../../domain/accounts/state';
import { cardsDecider } from '../../domain/payments/cards/decide';
import { cardsStream } from '../../domain/payments/cards/events';
import { CARDS_MSG } from '../../domain/payments/cards/card-changes';
import { hasFingerprint, type CardsState } from '../../domain/payments/cards/state';
import { StreamBatch } from '../../domain/shared/stream-batch';
import { settleCardPayment } from '../../domain/orders/settlement/run';
import type { ProviderResult } from './provider';
import { tryOwedRefund } from './owed-refunds';
import { orderPaymentPlan, type OrderPaymentPlan } from '../orders/order-streams';

const FEE_ALREADY_PAID_REFUND = 'The registration fee was already paid.';

export interface Applied {
  state: PaymentState;
  appends: AppendResult[];
  /** The card saved by this call (a card check, or a fee paid with save_card). */
  savedCardId: string | null;
}

type NewPayment = PaymentCreated['data'];

interface Effects { savedCardId: string | null }
const NO_EFFECT: Effects = { savedCardId: null };

interface Taking {
  payment: NewPayment | Omit<NewPayment, 'at'>;
  result: ProviderResult;
  orderPlan: OrderPaymentPlan | null;
  /** The id a card saved by this call gets (chosen once, so every attempt of the decision names the same card). */
  cardId: string;
  now: string;
}

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
    const batch = new StreamBatch(states);
    if (created && awaitsCreation(batch.state<PaymentState>(pay))) batch.run(pay, paymentDecider, { type: 'CreatePayment', payment: created, now });
    const effects = isPending(batch.state<PaymentState>(pay)) ? takeOutcome(batch, { payment, result, orderPlan, cardId, now }) : NO_EFFECT;
    return { events: batch.events, result: { state: batch.state<PaymentState>(pay), ...effects } };
  }, metadata);

  const { state, savedCardId } = outcome.result;
  if (!state.refund_due) return { state, appends: outcome.appends, savedCardId };
  const refunded = await tryOwedRefund(ctx, paymentId, metadata);
  return { state: refunded?.state ?? state, appends: refunded?.append ? [...outcome.appends, refunded.append] : outcome.appends, savedCardId };
}

/** The provider's outcome on a pending payment, and what a success brings with it (the fee, the card, the order). */
function takeOutcome(batch: StreamBatch, taking: Taking): Effects {
  const { payment, result, orderPlan, cardId, now } = taking;
  const pay = paymentStream(payment.payment_id);
  const record = (command: PaymentCommand) => batch.run(pay, paymentDecider, command);
  // The order's side of the outcome (paid, or cancelled with everything given back); answers why the payment is owed
  // back, if it is (a success for an order no longer awaiting payment).
  const settleOrder = (events: PaymentEvent[]) => (orderPlan ? settleCardPayment(batch, orderPlan.order, events).refunds[0]?.reason ?? null : null);
  if (result.status === 'requires_action') {
    record({ type: 'RequireChallenge', now });
    return NO_EFFECT;
  }
  if (result.status === 'failed') {
    // A failed payment has nothing to give back.
    settleOrder(record({ type: 'RecordPaymentFailed', code: result.code, message: result.message, now }));
    return NO_EFFECT;
  }
  const cards = payment.save_card ? batch.state<CardsState>(cardsStream(payment.user_id)) : null;
  const duplicate = cards !== null && hasFingerprint(cards, result.card.fingerprint);
  if (payment.purpose === 'save_card' && duplicate) {
    // Nothing was charged by a card check; the card is simply not saved twice.
    record({ type: 'RecordPaymentFailed', code: 'duplicate_card', message: CARDS_MSG.duplicate, now });
    return NO_EFFECT;
  }
  const refund = settleOrder(record({ type: 'RecordPaymentSucceeded', now }));
  const feeRefund = payment.purpose === 'registration_fee' ? payFee(batch, payment, now) : null;
  const savedCardId = cards && !duplicate ? saveCard(batch, payment, { ...result.card, card_id: cardId }, now) : null;
  const reason = feeRefund ?? refund;
  // Owed in this commit, with the success that calls for it; made by the provider after it.
  if (reason) record({ type: 'DecideRefund', amount_pence: payment.amount_pence, reason, now });
  return { savedCardId };
}

/** A fee paid twice (two tabs) is recorded once; the second payment goes back. */
function payFee(batch: StreamBatch, payment: Taking['payment'], now: string): string | null {
  const account = userStream(payment.user_id);
  const paidBefore = batch.state<AccountState>(account).feePaid;
  batch.run(account, accountDecider, {
    type: 'RecordRegistrationFeePaid', amount_pence: payment.amount_pence, reference: payment.payment_id, by: 'payments',
    method: 'card', payment_id: payment.payment_id, now,
  });
  return paidBefore ? FEE_ALREADY_PAID_REFUND : null;
}

type SucceededCard = Extract<ProviderResult, { status: 'succeeded' }>['card'] & { card_id: string };

function saveCard(batch: StreamBatch, payment: Taking['payment'], card: SucceededCard, now: string): string | null {
  const { card_id: cardId, token, brand, last4, exp_month, exp_year, fingerprint } = card;
  const saved = batch.run(cardsStream(payment.user_id), cardsDecider, {
    type: 'SaveCard', user_id: payment.user_id, payment_id: payment.payment_id, now,
    card: { card_id: cardId, token, brand, last4, exp_month, exp_year, fingerprint, card_holder_name: payment.card_holder_name },
  });
  return saved.length > 0 ? cardId : null;
}
