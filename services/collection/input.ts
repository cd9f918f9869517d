/** Request schemas of the collection calls. */
import { z } from 'zod';
import { decimalToPence } from '../../domain/shared/money';
import { BAD_DATE, BAD_PRICE, DISTILLERY_MAX, PRICE_PAID_MAX_PENCE, PRICE_TOO_HIGH, REMOVE_MAX, REQUIRED, TITLE_MAX, TOO_MANY } from '../../domain/collection/rules';

const uuid = z.string().uuid();
const BAD_IDS = 'Enter valid item ids.';

/** "125.50" or 125.5: pence. */
const priceField = z.union([z.string(), z.number()], { message: REQUIRED }).transform((v, c) => {
  const pence = decimalToPence(v);
  if (pence === null) { c.addIssue({ code: 'custom', message: BAD_PRICE }); return z.NEVER; }
  if (pence > PRICE_PAID_MAX_PENCE) { c.addIssue({ code: 'custom', message: PRICE_TOO_HIGH }); return z.NEVER; }
  return pence;
});

/** YYYY-MM-DD, or DD/MM/YYYY as the forms type it: always answered as YYYY-MM-DD (the decider checks the day). */
const dayField = z.string({ message: REQUIRED }).trim().min(1, REQUIRED).transform((v, c) => {
  const uk = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(v);
  const day = uk ? `${uk[3]}-${uk[2]}-${uk[1]}` : v;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) { c.addIssue({ code: 'custom', message: BAD_DATE }); return z.NEVER; }
  return day;
});

const text = (max: number) => z.string().trim().max(max, `Ensure this field has no more than ${max} characters.`);
const optNumber = (min: number, max: number) => z.coerce.number().min(min).max(max).nullable().optional().transform((v) => v ?? null);

const caskInput = z.object({
  cask_type: text(100).nullable().optional().transform((v) => v || null),
  cask_number: text(50).nullable().optional().transform((v) => v || null),
  bulk_litres: optNumber(0, 2000),
  abv: optNumber(0, 100),
  regauge_date: dayField.nullable().optional().transform((v) => v ?? null),
});

export const addItemBody = z.object({
  /** A catalogue item (an item_list id), or else a description by hand. */
  item: uuid.optional(),
  title: text(TITLE_MAX).optional(),
  subtitle: text(200).optional(),
  distillery: text(DISTILLERY_MAX).optional(),
  type: z.enum(['bottle', 'cask'], { message: 'Choose bottle or cask.' }).optional(),
  age: z.coerce.number().int().min(0).max(100).nullable().optional(),
  volume_ml: z.coerce.number().int().min(1).max(1_000_000).nullable().optional(),
  abv: optNumber(0, 100),
  bottled_year: z.coerce.number().int().min(1800).max(2100).nullable().optional(),
  cask: caskInput.nullable().optional(),
  price_paid: priceField,
  date: dayField,
}).superRefine((b, c) => {
  if (b.item !== undefined && b.title !== undefined) c.addIssue({ code: 'custom', path: ['item'], message: 'Give a catalogue item or a description, not both.' });
  if (b.item === undefined) {
    if (!b.title) c.addIssue({ code: 'custom', path: ['title'], message: REQUIRED });
    if (!b.distillery) c.addIssue({ code: 'custom', path: ['distillery'], message: REQUIRED });
  }
});

export const priceBody = z.object({ price_paid: priceField });

export const removeBody = z.object({
  objects: z.array(z.unknown(), { message: REQUIRED }).min(1, REQUIRED).max(REMOVE_MAX, TOO_MANY)
    .refine((ids) => ids.every((s) => uuid.safeParse(s).success), BAD_IDS).transform((ids) => ids as string[]),
});

const ORDERINGS = ['added_at', '-added_at', 'title', '-title', 'price_paid', '-price_paid', 'estimated_auction_value',
  '-estimated_auction_value', 'date', '-date'] as const;

export const listQuery = z.object({
  search: z.string().trim().max(200, 'Ensure this field has no more than 200 characters.').default(''),
  ordering: z.enum(ORDERINGS, { message: `Choose one of: ${ORDERINGS.join(', ')}.` }).default('-added_at'),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(20),
});
