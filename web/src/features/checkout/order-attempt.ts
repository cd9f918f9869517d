/**
 * One attempt at placing an order: its Idempotency-Key and the exact body sent. A failure that may pass (no answer,
 * 429, 5xx) keeps the attempt, so that pressing Place Order again sends the same request: the server answers a
 * double click with the one order, and carries on an order whose card payment was interrupted after it was placed
 * (a 202, use-place-order.ts; docs/checkout-api.md) instead of refusing a second order for the same lots. A changed draft (another card,
 * address or note) is a new attempt with a new key; the browser data of the first send is sent again as it was, so a
 * resized window does not make the retry another request.
 */
import { mayPass } from '../../api/http';
import type { DraftBody } from './types';

export interface OrderAttempt<Extras> {
  key: string;
  /** The draft as sent (JSON), which decides whether a press is the same attempt. */
  draft: string;
  body: DraftBody & Extras;
}

/** The attempt to send: the previous one when the draft is unchanged, else a new one. */
export function attemptFor<Extras>(
  previous: OrderAttempt<Extras> | null, draft: DraftBody, extras: () => Extras, newKey: () => string,
): OrderAttempt<Extras> {
  const text = JSON.stringify(draft);
  if (previous && previous.draft === text) return previous;
  return { key: newKey(), draft: text, body: { ...draft, ...extras() } };
}

/** After a failed send: keep the attempt when the failure may pass (the order may stand), forget it on a refusal. */
export const attemptAfter = <Extras>(attempt: OrderAttempt<Extras>, error: unknown): OrderAttempt<Extras> | null =>
  mayPass(error) ? attempt : null;
