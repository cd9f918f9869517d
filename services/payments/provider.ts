/**
 * The payment provider seen from our side: everything card-related goes through it, so no card number or CVC ever
 * reaches our events, read models or logs. Raw card data goes in once (to tokenise it or to pay with it); from then
 * on a card is the provider's token with its summary. Chosen by `PAYMENT_PROVIDER` (only 'sandbox' ships).
 */
import type { AppContext } from '../context';
import type { ValidCard } from '../../domain/payments/cards/card-rules';
import type { PaymentPurpose } from '../../domain/payments/events';
import { SandboxProvider } from './sandbox/sandbox-provider';

/** What the provider tells us about a card: never the number. */
export interface CardSummary {
  token: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  /** The same number always gives the same fingerprint (duplicate detection). */
  fingerprint: string;
}

/** A new card (checked by domain/payments/cards/card-rules) or a token the provider gave earlier. */
export type CardSource = { card: ValidCard } | { token: string };

/** A 3-D Secure challenge: the page to send the browser to, and a self-submitting form that goes there. */
export interface ChallengeAction { url: string; html: string }

export type ProviderResult =
  | { status: 'succeeded'; provider_ref: string; card: CardSummary }
  /** `action` is null when only read back (getPayment): the challenge link is handed out when the intent is created. */
  | { status: 'requires_action'; provider_ref: string; card: CardSummary; action: ChallengeAction | null }
  | { status: 'failed'; provider_ref: string; card: CardSummary; code: string; message: string };

export type TokenizeResult = { status: 'tokenized'; card: CardSummary } | { status: 'failed'; code: string; message: string };

export interface PaymentRequest {
  amount_pence: number;
  purpose: PaymentPurpose;
  /** Shown on the challenge page and the statement. */
  description: string;
  source: CardSource;
  /** Where the provider sends the browser after a challenge. */
  return_url: string;
  /** The same key never charges twice: the provider answers the first payment made with it. */
  idempotency_key: string;
}

export interface SetupRequest { source: CardSource; return_url: string; idempotency_key: string }

export interface PaymentProvider {
  readonly name: string;
  /** Turns card details into a token (nothing charged). */
  tokenizeCard(card: ValidCard): Promise<TokenizeResult>;
  createPayment(request: PaymentRequest): Promise<ProviderResult>;
  /** Checks a card and makes its token usable for later payments; may need a challenge like a payment. */
  setupCard(request: SetupRequest): Promise<ProviderResult>;
  /** The current outcome of a payment or set-up (after a challenge: succeeded or failed). */
  getPayment(providerRef: string): Promise<ProviderResult | null>;
  /**
   * The payment or card check made with this idempotency key, if the provider has one (with Stripe: a search of the
   * payment intents by the metadata they are created with; a card check's set-up intent, listed by its customer). For
   * a payment whose answer never reached us: it may have been taken all the same.
   */
  findPayment(idempotencyKey: string): Promise<ProviderResult | null>;
  /** The browser's answer to a challenge (the challenge token proves it came from the page we served). */
  completeChallenge(providerRef: string, challengeToken: string, outcome: 'complete' | 'fail'): Promise<{ return_url: string } | null>;
  refund(providerRef: string, amountPence: number, idempotencyKey: string): Promise<{ refund_ref: string }>;
}

const providers = new WeakMap<AppContext, PaymentProvider>();

/** The configured provider of this process (one per context). */
export function paymentProvider(ctx: AppContext): PaymentProvider {
  let provider = providers.get(ctx);
  if (!provider) {
    provider = createProvider(ctx);
    providers.set(ctx, provider);
  }
  return provider;
}

function createProvider(ctx: AppContext): PaymentProvider {
  switch (ctx.config.paymentProvider) {
    case 'sandbox':
      return new SandboxProvider(ctx);
    default:
      throw new Error(`Unknown PAYMENT_PROVIDER "${ctx.config.paymentProvider}" (supported: sandbox)`);
  }
}
