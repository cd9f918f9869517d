/** Request bodies of the sell-request calls (zod, at the edge): shapes and limits; the rules live in the domain. */
import { z } from 'zod';
import { moneyInput } from '../catalogue/money-input';

const REQUIRED = 'This field is required';
const requiredText = (max: number) => z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(max, `Ensure this field has no more than ${max} characters.`);
const optionalText = (max: number) => z.string().trim().max(max, `Ensure this field has no more than ${max} characters.`).nullish().transform((v) => v || null);
const id = z.string({ error: REQUIRED }).uuid({ message: 'Not found.' });

const sellItemBody = z.object({
  title: requiredText(200),
  distillery: optionalText(120),
  type: z.enum(['bottle', 'cask'], { message: 'Choose bottle or cask.' }).nullish().transform((v) => v ?? null),
  age: z.number().int().min(0).max(200).nullish().transform((v) => v ?? null),
  volume_ml: z.number().int().min(1).max(2_000_000).nullish().transform((v) => v ?? null),
  abv: z.number().min(0).max(100).nullish().transform((v) => v ?? null),
  quantity: z.number({ error: 'Enter a whole number from 1 to 100.' }).int('Enter a whole number from 1 to 100.').min(1, 'Enter a whole number from 1 to 100.')
    .max(100, 'Enter a whole number from 1 to 100.').default(1),
  description: optionalText(5_000),
  estimate_low: moneyInput.nullish().transform((v) => v ?? null),
  estimate_high: moneyInput.nullish().transform((v) => v ?? null),
});

/** Shapes only: the address rules and messages are the address book's (domain/addresses/rules.ts), applied in the service. */
const addressLine = z.string().max(300, 'Ensure this field has no more than 300 characters.').nullish();
const addressBody = z.object({ apartment: addressLine, country: addressLine, region: addressLine, city: addressLine, zip_code: addressLine, street: addressLine },
  { error: REQUIRED });

/** POST /api/sell_request/?type=new_items (user_data and payment_data are checked by their own services' rules). */
export const newItemsBody = z.object({
  items: z.array(sellItemBody, { error: REQUIRED }).min(1, 'Add at least one item.').max(50, 'At most 50 items per request.'),
  type: z.enum(['send_items', 'drop_items', 'courier_collection'], { error: 'Choose send_items, drop_items or courier_collection.' }),
  payment_id: z.string().uuid({ message: 'Payout method not found.' }).nullish(),
  payment_data: z.record(z.string(), z.unknown()).nullish(),
  address: addressBody,
  auction_id: id,
  note: optionalText(2_000),
  valuation_id: z.string().trim().max(100).nullish().transform((v) => v || null),
  user_data: z.record(z.string(), z.unknown()).nullish(),
  boxes: z.number({ error: 'Enter a whole number from 1 to 50.' }).int('Enter a whole number from 1 to 50.').min(1, 'Enter a whole number from 1 to 50.')
    .max(50, 'Enter a whole number from 1 to 50.').nullish().transform((v) => v ?? null),
  insurance: z.boolean({ error: 'Must be true or false.' }).nullish().transform((v) => v ?? null),
  pick_up_date: z.string().max(20, 'Enter correct future date').nullish().transform((v) => v || null),
}).superRefine((b, ctx) => {
  if (b.type !== 'courier_collection') return;
  if (b.boxes === null) ctx.addIssue({ code: 'custom', path: ['boxes'], message: REQUIRED });
  if (b.pick_up_date === null) ctx.addIssue({ code: 'custom', path: ['pick_up_date'], message: REQUIRED });
});
export type NewItemsBody = z.infer<typeof newItemsBody>;

export const fromStorageBody = z.object({
  items: z.array(id, { error: REQUIRED }).min(1, 'Choose at least one lot.').max(50, 'At most 50 lots per request.')
    .refine((ids) => new Set(ids).size === ids.length, 'Each lot once.'),
  auction_id: id,
});

export const typeQuery = z.object({ type: z.enum(['new_items', 'from_storage'], { error: 'Choose type new_items or from_storage.' }) });
export const statusQuery = z.object({ status: z.enum(['submitted', 'partly_received', 'received', 'consigned', 'closed']).optional() });
export const receiveBody = z.object({ condition_note: z.string().trim().max(2_000).default('') });
export const relistBody = z.object({ auction_id: id });
export const returnBody = z.object({ note: z.string().trim().max(2_000).default('') });

/** The staff consign form: prefilled from the item for whatever is left out. */
export const consignItemBody = z.object({
  auction_id: id,
  title: z.string().trim().max(200).optional(),
  subtitle: z.string().trim().max(200).optional(),
  description: z.string().trim().max(10_000).optional(),
  distillery: z.object({ name: z.string().trim().max(120), region: z.string().trim().max(80).nullish() }).optional(),
  type: z.enum(['bottle', 'cask']).optional(),
  age: z.number().int().min(0).max(200).nullish(),
  volume_ml: z.number().int().min(1).max(2_000_000).nullish(),
  abv: z.number().min(0).max(100).nullish(),
  cask_type: z.string().trim().max(120).nullish(),
  estimated_value: z.union([z.string(), z.number()]).optional(),
  opening_bid: z.union([z.string(), z.number()]).optional(),
  reserve_price: z.union([z.string(), z.number()]).nullish(),
});
