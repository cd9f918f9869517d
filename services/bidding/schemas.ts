/** Input of the bidding endpoints. Field errors use the client's wording ("This field is required"). */
import { z } from 'zod';
import { ValidationError } from '../../domain/shared/errors';
import { decimalToPence } from '../../domain/shared/money';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const required = (otherwise: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? 'This field is required' : otherwise),
});

/** Pounds as a decimal string ("125", "125.50") or a number; answered in pence. */
const pounds = (message: string) =>
  z.union([z.string(), z.number()], required('A valid number is required.')).transform((value, ctx) => {
    const pence = decimalToPence(value);
    if (pence === null || pence === 0) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return pence;
  });

export const lotId = z
  .string(required('Enter a valid lot id.'))
  .regex(UUID, 'Enter a valid lot id.')
  .transform((id) => id.toLowerCase());

/** PATCH /api/update_reserve_price/{id}/: the lot's id, lower-cased. */
export const lotParams = z.object({ id: lotId });

export const bidBody = z.object({
  bid: pounds('Enter your bid in pounds, e.g. 125 or 125.50.'),
  lot: lotId,
  /** Sent by the client's bid flow; the lot id decides. */
  slug: z.string().max(300).nullish(),
});

export const reserveBody = z.object({
  /** null, "" or 0 = no reserve. Every failure is one message under reserve_price (the client shows the first). */
  reserve_price: z.unknown().transform((value, ctx) => {
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (value === undefined) return fail('This field is required');
    if (value === null || value === '') return null;
    if (typeof value !== 'string' && typeof value !== 'number') return fail('A valid number is required.');
    const pence = decimalToPence(value);
    if (pence === null) return fail('Enter the reserve price in pounds, e.g. 500, or 0 for no reserve.');
    return pence === 0 ? null : pence;
  }),
});

/** `Idempotency-Key`: optional, printable ASCII, at most 255 characters. */
export function idempotencyKey(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  const value = Array.isArray(header) ? header[0] : header;
  if (typeof value === 'string' && /^[\x21-\x7e]{1,255}$/.test(value)) return value;
  throw new ValidationError({ 'Idempotency-Key': ['Send at most 255 printable characters without spaces.'] });
}
