/** Input rules of the collection, shared by the decider and the API so the messages match. */
import { ValidationError } from '../shared/errors';

export const REQUIRED = 'This field is required.';
export const TITLE_MAX = 200;
export const DISTILLERY_MAX = 100;
/** £10m: well above any bottle or cask, low enough to catch a mistyped amount. */
export const PRICE_PAID_MAX_PENCE = 1_000_000_000;
export const PRICE_TOO_HIGH = 'Ensure this value is less than or equal to 10000000.';
export const BAD_PRICE = 'Enter a valid amount, e.g. 125.50.';
export const BAD_DATE = 'Enter a valid date (YYYY-MM-DD).';
export const FUTURE_DATE = 'The date cannot be in the future.';
export const TOO_MANY = 'At most 100 items at a time.';
export const REMOVE_MAX = 100;

export function checkInstant(now: string): string {
  const t = Date.parse(now);
  if (!Number.isFinite(t)) throw new ValidationError({ now: ['Enter a valid date and time.'] });
  return new Date(t).toISOString();
}

export function checkPricePaid(pence: number | null): number | null {
  if (pence === null) return null;
  if (!Number.isInteger(pence) || pence < 0) throw new ValidationError({ price_paid: [BAD_PRICE] });
  if (pence > PRICE_PAID_MAX_PENCE) throw new ValidationError({ price_paid: [PRICE_TOO_HIGH] });
  return pence;
}

/** The furthest time zone ahead of UTC: a buyer there may already live in tomorrow (UTC) and pick that day. */
const AHEAD_MS = 14 * 3_600_000;

/** A real calendar day, YYYY-MM-DD, not after today anywhere on Earth (`now` + 14 h, UTC). */
export function checkDay(day: string, now: string, field = 'date'): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  if (!d || d.toISOString().slice(0, 10) !== day || Number(m![1]) < 1900) throw new ValidationError({ [field]: [BAD_DATE] });
  if (day > new Date(Date.parse(now) + AHEAD_MS).toISOString().slice(0, 10)) throw new ValidationError({ [field]: [FUTURE_DATE] });
  return day;
}

/** Regauged litres of alcohol: bulk litres × ABV, to 0.01 l (null when either is unknown). */
export function rla(bulkLitres: number | null, abv: number | null): number | null {
  if (bulkLitres === null || abv === null) return null;
  return Math.round(bulkLitres * abv) / 100;
}
