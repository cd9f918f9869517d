/**
 * The body of POST /api/checkout/{service}/create_order/: the checkout draft (ONE definition with check_costs:
 * services/checkout/draft-schema.ts) plus what placing needs: a payment method ("This field is required"), the card
 * (a new card under the card rules of domain/payments/cards/card-rules.ts, or a saved card's id), the callback to return to
 * after a 3-D Secure challenge, and the browser data for strong customer authentication (accepted, not stored:
 * the sandbox provider does not use it).
 */
import { z } from 'zod';
import { PAYMENT_METHODS } from '../../domain/checkout/types';
import { cardErrors, type CardInput } from '../../domain/payments/cards/card-rules';
import { draftFields } from '../checkout/draft-schema';
import { RETURN_PATH_MSG } from '../payments/schemas';

const REQUIRED = 'This field is required';
const CARD_NOT_FOUND = 'Card not found.';

const asText = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : typeof v === 'string' ? v : '');

/** Where the browser goes back to after a challenge when the request names no callback. */
export const DEFAULT_ORDER_RETURN = '/checkout-success?flow_type=checkout';

/** A path on this site (the client's success page, its own query allowed): no scheme, no host, no "//". */
const callback = z.preprocess(
  (v) => (v === null || v === undefined || v === '' ? DEFAULT_ORDER_RETURN : v),
  z.string({ error: RETURN_PATH_MSG }).max(300, RETURN_PATH_MSG).regex(/^\/(?![/\\])[A-Za-z0-9\-._~/%]*(\?[A-Za-z0-9\-._~%=&]*)?$/, RETURN_PATH_MSG),
);

const paymentMethod = z.preprocess((v) => (v === null ? undefined : v), z.object({
  method: z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), z.enum(PAYMENT_METHODS, { error: REQUIRED })),
  details: z.preprocess((v) => (v === null || v === undefined ? {} : v), z.record(z.string(), z.unknown(), { error: 'Must be an object.' })),
}, { error: REQUIRED }));

const sca = z.preprocess((v) => (v === null || v === undefined ? {} : v), z.record(z.string(), z.unknown(), { error: 'Must be an object.' }));

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function cardInput(details: Record<string, unknown>): CardInput {
  return {
    card_number: asText(details.card_number), expiry_date: asText(details.expiry_date),
    card_holder_name: asText(details.card_holder_name), cvv: asText(details.cvv),
  };
}

/** The saved card's id, when the card is given by id. */
export function savedCardId(details: Record<string, unknown>): string | null {
  const id = details.card_id;
  return id === undefined || id === null || id === '' ? null : String(id);
}

/** Built once for the route: the card rules read the clock (`now`) at each parse. */
export function createOrderSchema(now: () => Date) {
  return z.object({
    ...draftFields,
    payment_method: paymentMethod,
    callback,
    strong_customer_authentication_data: sca,
  }).superRefine((body, zctx) => {
    if (!body.billing_address) zctx.addIssue({ code: 'custom', path: ['billing_address'], message: REQUIRED });
    if (body.payment_method.method !== 'CARD') return;
    const details = body.payment_method.details;
    const cardId = savedCardId(details);
    if (cardId !== null) {
      if (!UUID_RE.test(cardId)) zctx.addIssue({ code: 'custom', path: ['payment_method', 'details', 'card_id'], message: CARD_NOT_FOUND });
      return;
    }
    for (const [field, messages] of Object.entries(cardErrors(cardInput(details), now()))) {
      for (const message of messages) zctx.addIssue({ code: 'custom', path: ['payment_method', 'details', field], message });
    }
  });
}

export type CreateOrderBody = z.infer<ReturnType<typeof createOrderSchema>>;
