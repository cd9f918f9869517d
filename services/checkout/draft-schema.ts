/**
 * The checkout draft (spec 1 section 3; docs/checkout-api.md): the body of check_costs and of create_order. ONE
 * definition for both (create_order extends `draftFields` with its callback and 3-D Secure data).
 *
 * This checks the shape and the field rules that need nothing else (voucher code length, note length, the wallet
 * amount's format). What needs the server's records (whose lots, the wallet balance, the voucher, the shipping zone,
 * the storage period for the service) is checked where the price input is built: services/checkout/price-input.ts.
 * Money comes out in pence. Addresses are taken as sent (or by saved `id`); their full rules (postcode, phone, city)
 * are the address slice's and are applied when an order is placed, not on every price check.
 */
import { z } from 'zod';
import { PAYMENT_METHODS } from '../../domain/checkout/types';
import { decimalToPence } from '../../domain/shared/money';
import { codeError, VOUCHER_MSG } from '../../domain/orders/voucher/rules';

/** The voucher messages are the voucher domain's (domain/orders/voucher/rules.ts): one wording for every call. */
export const VOUCHER_MESSAGES = {
  required: VOUCHER_MSG.required,
  invalid: VOUCHER_MSG.notValid,
  expired: VOUCHER_MSG.expired,
  used: VOUCHER_MSG.alreadyUsed,
  activated: VOUCHER_MSG.activated,
} as const;

const WALLET_MESSAGES = { positive: 'Amount must be greater than 0', overBalance: 'Amount cannot exceed the balance' } as const;
const NOTE_MAX_MESSAGE = 'Max 600 symbols';

const blankToUndefined = (v: unknown) => (v === null || v === '' ? undefined : v);
const text = (max: number) => z.preprocess((v) => (v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : v),
  z.string({ error: 'Must be text.' }).max(max, 'Too long.'));

/** A voucher code as typed: trimmed, 3 to 10 letters or digits (the spec's messages, domain/orders/voucher/rules.ts). */
export const voucherCode = z.preprocess((v) => (v === null || v === undefined ? '' : v), z.string({ error: VOUCHER_MSG.required })
  .transform((s, zctx) => {
    const code = s.trim();
    const message = codeError(code);
    if (message) {
      zctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return code;
  }));

/** "0.00" (or absent) = no wallet use; otherwise a positive amount in pounds. Out: pence. */
const walletAmount = z.preprocess((v) => (v === null || v === undefined || v === '' ? '0' : v), z.union([z.string(), z.number()], { error: WALLET_MESSAGES.positive }))
  .transform((v, zctx) => {
    const pence = decimalToPence(v);
    if (pence === null) {
      zctx.addIssue({ code: 'custom', message: WALLET_MESSAGES.positive });
      return z.NEVER;
    }
    return pence;
  });

const draftAddress = z.object({
  id: z.preprocess(blankToUndefined, z.string().uuid({ message: 'Address not found.' }).optional()),
  country: text(100),
  region: text(150),
  city: text(150),
  street: text(255),
  apartment: text(100),
  zip_code: text(20),
  type_delivery: text(50).optional(),
  name: text(150).optional(),
  company: text(150).optional(),
  phone_number: text(40).optional(),
});
export type DraftAddress = z.infer<typeof draftAddress>;

const personalInformation = z.object({
  first_name: text(150), last_name: text(150), phone_number: text(40), additional_phone_number: text(40), email: text(254),
});

const paymentMethod = z.object({
  method: z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), z.enum(PAYMENT_METHODS, { error: 'Choose a payment method.' })),
  /** Card: {card_number, expiry_date, card_holder_name, cvv} or {card_id}; bank: {bank_location}. Checked by create_order. */
  details: z.preprocess((v) => (v === null || v === undefined ? {} : v), z.record(z.string(), z.unknown(), { error: 'Must be an object.' })),
});

export const draftFields = {
  lots_from_storage: z.preprocess((v) => (v === null || v === undefined ? [] : v),
    z.array(z.string().uuid({ message: 'Not found.' }), { error: 'Must be a list of lot ids.' }).max(500, 'Too many lots.'))
    .transform((ids) => [...new Set(ids)]),
  insurance: z.preprocess((v) => (v === null || v === undefined ? true : v), z.boolean({ error: 'Must be true or false.' })),
  discount_code: z.preprocess(blankToUndefined, voucherCode.optional()).transform((v) => v ?? null),
  used_from_wallet: walletAmount,
  note_from_customer: z.preprocess((v) => (v === null || v === undefined ? '' : v), z.string({ error: 'Must be text.' }).max(600, NOTE_MAX_MESSAGE)),
  personal_information: personalInformation.nullable().optional().transform((v) => v ?? null),
  billing_address: draftAddress.nullable().optional().transform((v) => v ?? null),
  shipping_address: draftAddress.nullable().optional().transform((v) => v ?? null),
  payment_method: paymentMethod.nullable().optional().transform((v) => v ?? null),
  storage_type: z.preprocess(blankToUndefined, z.enum(['days', 'months'], { error: 'Choose one of the offered storage periods.' }).default('days')),
  storage_days: z.preprocess(blankToUndefined, z.coerce.number({ error: 'Choose one of the offered storage periods.' }).int('Choose one of the offered storage periods.').default(45)),
  storage_months: z.preprocess(blankToUndefined, z.coerce.number({ error: 'Choose one of the offered storage periods.' }).int('Choose one of the offered storage periods.').default(0)),
};

export const draftSchema = z.object(draftFields);

/** The parsed draft: money in pence (`used_from_wallet`), absent parts as null. */
export type Draft = z.infer<typeof draftSchema>;
