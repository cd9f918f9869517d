/**
 * Starting a card payment: tokenise a new card (or take a saved card's token), ask the provider, and record the
 * payment with its first outcome in one go. The caller has already checked the input and its own rules (fee not
 * paid yet, card not saved yet), so nothing is charged for a request that is going to be refused.
 */
import type { AppContext } from '../context';
import type { EventMetadata } from '../../infra/event-store/types';
import { lastCursor } from '../../infra/commands/multi-stream';
import { DomainError, RuleBroken, Unavailable } from '../../domain/shared/errors';
import type { ValidCard } from '../../domain/payments/cards/card-rules';
import type { SavedCardState } from '../../domain/payments/cards/state';
import { paymentStream, type PaymentPurpose, type ReturnQuery } from '../../domain/payments/events';
import { paymentDecider } from '../../domain/payments/decide';
import { applyOutcome, type Applied } from './apply-outcome';
import { paymentProvider, type CardSummary, type ChallengeAction } from './provider';
import { awaitViews } from '../../infra/http/read-your-writes';

const returnRoute = (paymentId: string) => `/payments/return/${paymentId}`;

/**
 * Payment HTML is answered as a JSON string. Fastify sends a string body as it is when the content type is already
 * JSON, so the HTML is serialised here (and stored so by the idempotency layer, whose replays then match).
 */
export const JSON_TYPE = 'application/json; charset=utf-8';
export const jsonString = (html: string) => JSON.stringify(html);

interface CardPaymentInput {
  paymentId: string;
  userId: string;
  purpose: PaymentPurpose;
  amountPence: number;
  description: string;
  card: { summary: CardSummary; holderName: string; savedCardId: string | null };
  saveCard: boolean;
  returnPath: string;
  returnQuery: ReturnQuery;
  /** Purpose 'order': the order paid. */
  orderId?: string;
}

type Started =
  | { status: 'succeeded'; applied: Applied }
  | { status: 'requires_action'; action: ChallengeAction };

/** A new card as the provider's token; a refusal at this step (a number it rejects) is a 400. */
export async function tokenize(ctx: AppContext, card: ValidCard): Promise<{ summary: CardSummary; holderName: string; savedCardId: null }> {
  const made = await orUnavailable(ctx, 'card tokenisation interrupted', () => paymentProvider(ctx).tokenizeCard(card));
  if (made.status === 'failed') throw new RuleBroken(made.message);
  return { summary: made.card, holderName: card.holder_name, savedCardId: null };
}

export function savedCardSource(card: SavedCardState): { summary: CardSummary; holderName: string; savedCardId: string } {
  const { token, brand, last4, exp_month, exp_year, fingerprint } = card;
  return { summary: { token, brand, last4, exp_month, exp_year, fingerprint }, holderName: card.card_holder_name, savedCardId: card.card_id };
}

/**
 * Pays (or, for purpose save_card, checks the card) and records it. A refusal is recorded (PaymentFailed) and then
 * answered as a 400 with the provider's message. Resolves once the read models show what was recorded.
 */
/** Whether the payment of this id was made already: a request carried on after its payment committed. */
export async function paymentExists(ctx: AppContext, paymentId: string): Promise<boolean> {
  return (await ctx.commands.load(paymentStream(paymentId), paymentDecider)).state.payment !== null;
}

/** docs/payments.md: the provider or the database failed during a card payment (503; the same key carries it on). */
export const PAYMENT_INTERRUPTED = 'The card payment could not be completed. Please try again in a moment.';
const INTERRUPTED_RETRY_AFTER_S = 5;

/**
 * Charges (or checks) a card through the provider and records the outcome. A refusal (a declined card) is the answer;
 * an outage in between (the provider unreachable, the database gone for a moment) is a 503 that says to try again,
 * not a bare server error: the provider's key is the payment id, so the same request again is answered with the
 * payment made, if any, never a second one.
 */
export async function startCardPayment(ctx: AppContext, input: CardPaymentInput, metadata: EventMetadata): Promise<Started> {
  return orUnavailable(ctx, `card payment ${input.paymentId} interrupted`, () => chargeCard(ctx, input, metadata));
}

/** A refusal is the answer; anything else is logged and answered as the 503 above. */
async function orUnavailable<T>(ctx: AppContext, what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainError) throw error;
    ctx.log.error({ err: error }, what);
    throw new Unavailable(INTERRUPTED_RETRY_AFTER_S, PAYMENT_INTERRUPTED);
  }
}

async function chargeCard(ctx: AppContext, input: CardPaymentInput, metadata: EventMetadata): Promise<Started> {
  const provider = paymentProvider(ctx);
  const { brand, last4, exp_month, exp_year } = input.card.summary;
  const request = {
    payment_id: input.paymentId, user_id: input.userId, purpose: input.purpose, amount_pence: input.amountPence,
    card: { brand, last4, exp_month, exp_year }, card_holder_name: input.card.holderName, save_card: input.saveCard,
    saved_card_id: input.card.savedCardId, provider: provider.name,
    return_path: input.returnPath, return_query: input.returnQuery, ...(input.orderId ? { order_id: input.orderId } : {}),
  };
  // Recorded before the provider is asked: if its answer is lost, the pending pass finds the payment by its key.
  await ctx.commands.handle(paymentStream(input.paymentId), paymentDecider, { type: 'RequestPayment', payment: request, now: ctx.clock.now().toISOString() }, metadata);
  const source = { token: input.card.summary.token };
  const returnUrl = returnRoute(input.paymentId);
  const result = input.purpose === 'save_card'
    ? await provider.setupCard({ source, return_url: returnUrl, idempotency_key: input.paymentId })
    : await provider.createPayment({
      amount_pence: input.amountPence, purpose: input.purpose, description: input.description, source, return_url: returnUrl,
      idempotency_key: input.paymentId,
    });
  const applied = await applyOutcome(ctx, input.paymentId, { ...request, provider_ref: result.provider_ref }, result, metadata);
  const { state } = applied;
  const cursor = lastCursor(applied.appends);
  await awaitViews(ctx, cursor);
  if (state.status === 'failed') throw new RuleBroken(state.failure?.message ?? 'Your card was declined.');
  if (state.status === 'succeeded') return { status: 'succeeded', applied };
  // Pending: the provider's challenge (a repeated request gets a fresh link from the provider).
  if (result.status !== 'requires_action' || !result.action) throw new Error(`payment ${input.paymentId}: pending without a challenge`);
  return { status: 'requires_action', action: result.action };
}
