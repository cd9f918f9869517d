/** Request shapes of the card payment endpoints (zod), with the card rules of domain/payments/cards/card-rules.ts folded in. */
import { z } from 'zod';
import { cardErrors, type CardInput } from '../../domain/payments/cards/card-rules';

/** Missing or null reads as empty, so the card rules answer "This field is required" rather than a type error. */
const text = (max: number) => z.preprocess(
  (v) => (v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : v),
  z.string({ error: 'Must be text.' }).max(max, 'Too long.'),
);

const flag = z.preprocess((v) => (v === null || v === undefined ? false : v), z.boolean({ error: 'Must be true or false.' }));

/** A path on this site to come back to after a challenge: no scheme, no host, no "//", no query. */
export const RETURN_PATH_MSG = 'Enter a path on this site.';
const returnPath = z.preprocess(
  (v) => (v === null || v === undefined || v === '' ? '/' : v),
  z.string({ error: RETURN_PATH_MSG }).max(300, RETURN_PATH_MSG).regex(/^\/(?![/\\])[A-Za-z0-9\-._~/%]*(\?[A-Za-z0-9\-._~%=&]*)?$/, RETURN_PATH_MSG),
);

const cardFields = {
  card_number: text(100),
  expiry_date: text(20),
  card_holder_name: text(200),
  cvv: text(10),
};

function checkCard(card: CardInput, now: Date, zctx: z.RefinementCtx): void {
  for (const [path, messages] of Object.entries(cardErrors(card, now))) {
    for (const message of messages) zctx.addIssue({ code: 'custom', path: [path], message });
  }
}

/** POST /api/user_payment_cards/: a new card. Built once for the route: the card rules read the clock at each parse. */
export function newCardSchema(now: () => Date) {
  return z.object({ ...cardFields, return_path: returnPath }).superRefine((card, zctx) => checkCard(card, now(), zctx));
}

/** POST /api/registration_fee/: a new card (optionally saved), or a saved card by id (the clock read at each parse). */
export function feeBodySchema(now: () => Date) {
  return z.object({
    ...cardFields,
    card_id: z.preprocess((v) => (v === null || v === '' ? undefined : v), z.string().uuid({ message: 'Card not found.' }).optional()),
    save_card: flag,
    return_path: returnPath,
  }).superRefine((body, zctx) => {
    if (!body.card_id) checkCard(body, now(), zctx);
  });
}

/** Query parameters handed back to the client after a challenge (a bid waiting for the fee). */
export const feeQuerySchema = z.object({
  lot: z.string().uuid({ message: 'Not found.' }).optional(),
  bid: z.string().regex(/^\d{1,9}(\.\d{1,2})?$/, 'Enter a valid amount.').optional(),
});

export const cardPatchSchema = z.object({
  default: z.literal(true, { error: 'Choose another card as the default instead.' }),
});

export const prefixParam = z.object({ prefix: z.string().regex(/^\d{6}$/, 'Enter exactly 6 digits.') });
