/**
 * Placing an order (POST /api/checkout/{service}/create_order/): priced on the server from its own records, then in
 * ONE transaction the order, every lot held, the wallet use debited, the voucher used, and, when nothing is left to
 * pay, paid at once with all its effects (the order settlement workflow, domain/orders/settlement). A card is then
 * charged through the provider (purpose 'order'): paid at once, or a 3-D Secure challenge whose return pays or
 * cancels the order (domain/orders/settlement/card-payment.ts). Bank and in-store orders wait for staff to mark the payment received.
 *
 * The order and payment ids come from the Idempotency-Key (infra/http/keyed-ids.ts), so a retry after a
 * crash finds the same order and the provider's same payment instead of making new ones. The route resumes
 * (infra/http/idempotency-keys.ts): when the card payment fails after the order committed (the provider or the database
 * down), the order is answered as placed, awaiting its payment, with a sentence saying to try again (202, never an
 * error: the order committed), and the retry with the same key carries on here.
 */
import type { AppContext } from '../context';
import type { EventMetadata } from '../../infra/event-store/types';
import type { Service } from '../../domain/checkout/types';
import { priceSummary } from '../../domain/checkout/price-summary';
import { orderStream, type OrderPlaced } from '../../domain/orders/events';
import { orderDecider } from '../../domain/orders/decide';
import { settleOrderCommand } from '../../domain/orders/settlement/run';
import { ORDER_MSG } from '../../domain/orders/messages';
import { checkCardLimit } from '../../domain/orders/place-order';
import type { OrderState } from '../../domain/orders/state';
import { validateCard } from '../../domain/payments/cards/card-rules';
import { cardsDecider } from '../../domain/payments/cards/decide';
import { cardsStream } from '../../domain/payments/cards/events';
import { findCard } from '../../domain/payments/cards/state';
import { CARDS_MSG } from '../../domain/payments/cards/card-changes';
import { DomainError, NotFound, RuleBroken, Unavailable } from '../../domain/shared/errors';
import { savedCardSource, startCardPayment, tokenize } from '../payments/card-payments';
import { cardInput, savedCardId, type CreateOrderBody } from './create-order-schema';
import { orderInput } from './order-input';
import { nextOrderNumber } from './order-numbers';
import { runOrderBatch } from './order-streams';

interface PlaceOrderRequest {
  userId: string;
  service: Service;
  body: CreateOrderBody;
  /** Derived from the Idempotency-Key when there is one. */
  orderId: string;
  paymentId: string;
  metadata: EventMetadata;
}

/** `interrupted`: the order is placed and its card payment could not be completed (the same request carries it on). */
type Placed =
  | { kind: 'challenge'; html: string }
  | { kind: 'order'; order: OrderPlaced['data']; status: OrderState['status'] }
  | { kind: 'interrupted'; order: OrderPlaced['data'] };

/** docs/checkout-api.md: create_order's 202, the order committed and its card payment not completed. */
export const CARD_PAYMENT_INTERRUPTED =
  'Your order is placed and its lots are held for you, but the card payment could not be completed. Please try again in a moment.';

type CardSource = Awaited<ReturnType<typeof tokenize>> | ReturnType<typeof savedCardSource>;

/** The card to charge: a saved card of the caller's (another user's is 404) or the new card as a provider token. */
async function cardSource(ctx: AppContext, userId: string, details: Record<string, unknown>): Promise<CardSource> {
  const id = savedCardId(details);
  if (id !== null) {
    const saved = findCard((await ctx.commands.load(cardsStream(userId), cardsDecider)).state, id);
    if (!saved) throw new NotFound(CARDS_MSG.notFound);
    return savedCardSource(saved);
  }
  return tokenize(ctx, validateCard(cardInput(details), ctx.clock.now()));
}

const paysByCard = (order: Pick<OrderPlaced['data'], 'payment_method' | 'summary'>) =>
  order.payment_method === 'CARD' && order.summary.credit_debit_card > 0;

async function newOrder(ctx: AppContext, req: PlaceOrderRequest): Promise<{ order: OrderPlaced['data']; card: CardSource | null }> {
  const { userId, service, body } = req;
  const { basis, input, billing, shipping } = await orderInput(ctx, userId, service, body);
  const summary = priceSummary(input);
  const method = body.payment_method.method;
  // Over the card limit: refused before the card is asked.
  checkCardLimit(method, summary);
  // The card is checked (and tokenised) before anything is placed: a refused card places no order.
  const card = method === 'CARD' && summary.credit_debit_card > 0 ? await cardSource(ctx, userId, body.payment_method.details) : null;
  const now = ctx.clock.now();
  const info = body.personal_information;
  const placed: Omit<OrderPlaced['data'], 'placed_at'> = {
    order_id: req.orderId,
    order_number: await nextOrderNumber(ctx, now),
    user_id: userId,
    service,
    payment_method: method,
    payment_id: card ? req.paymentId : null,
    lots: basis.lots,
    stored_lot_ids: basis.stored_lot_ids,
    summary,
    voucher_code: input.voucher?.code ?? null,
    storage: basis.storage,
    billing_address: billing,
    shipping_address: shipping,
    personal_information: info ? {
      first_name: info.first_name.trim(), last_name: info.last_name.trim(), email: info.email.trim(), phone_number: info.phone_number.trim(),
      additional_phone_number: info.additional_phone_number.trim(),
    } : null,
    note: body.note_from_customer.trim(),
  };
  const outcome = await runOrderBatch(ctx, placed, (batch) => settleOrderCommand(batch, placed, { type: 'PlaceOrder', order: placed, now: now.toISOString() }), req.metadata);
  const order = (outcome.states[orderStream(req.orderId)] as OrderState).order;
  if (!order) throw new Error(`order ${req.orderId} was not placed`);
  return { order, card };
}

export async function placeOrder(ctx: AppContext, req: PlaceOrderRequest): Promise<Placed> {
  const existing = (await ctx.commands.load(orderStream(req.orderId), orderDecider)).state;
  if (existing.order) return carryOn(ctx, req, existing);
  const { order, card } = await newOrder(ctx, req);
  return payAndAnswer(ctx, req, order, card);
}

/**
 * The same request again after a crash or a failed payment: carry on from where it stopped. A card order still
 * awaiting payment goes to the provider again (it answers its first payment, so nothing is charged twice); a cancelled
 * one (the 30-minute sweep) is not charged at all.
 */
async function carryOn(ctx: AppContext, req: PlaceOrderRequest, state: OrderState): Promise<Placed> {
  const order = state.order!;
  if (state.status === 'cancelled') throw new RuleBroken(ORDER_MSG.cancelled);
  if (state.status !== 'awaiting_payment' || !paysByCard(order)) return payAndAnswer(ctx, req, order, null);
  const card = await interruptible(ctx, () => cardSource(ctx, req.userId, req.body.payment_method.details));
  return card ? payAndAnswer(ctx, req, order, card) : { kind: 'interrupted', order };
}

async function payAndAnswer(ctx: AppContext, req: PlaceOrderRequest, order: OrderPlaced['data'], card: CardSource | null): Promise<Placed> {
  if (card && paysByCard(order)) {
    const started = await interruptible(ctx, () => startCardPayment(ctx, {
      paymentId: order.payment_id ?? req.paymentId, userId: req.userId, purpose: 'order', amountPence: order.summary.credit_debit_card,
      description: `Order ${order.order_number}`, card, saveCard: false, returnPath: req.body.callback, returnQuery: {}, orderId: order.order_id,
    }, req.metadata));
    if (!started) return { kind: 'interrupted', order };
    if (started.status === 'requires_action') return { kind: 'challenge', html: started.action.html };
  }
  const after = (await ctx.commands.load(orderStream(order.order_id), orderDecider)).state;
  if (after.status === 'cancelled') throw new RuleBroken(ORDER_MSG.cancelled);
  return { kind: 'order', order, status: after.status };
}

/**
 * The card's part, after the order committed: a refusal (a declined card) is the answer; anything else (the provider
 * or the database failing: startCardPayment's 503, or anything unexpected) is null, the order answered as placed.
 */
async function interruptible<T>(ctx: AppContext, work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainError && !(error instanceof Unavailable)) throw error;
    if (!(error instanceof Unavailable)) ctx.log.error({ err: error }, 'card payment of a placed order interrupted');
    return null;
  }
}
