/** Input checks shared by the lot commands: instants (ISO in, epoch ms inside) and amounts of money. */
import { ValidationError } from '../../shared/errors';
import { MAX_AMOUNT } from './increments';

export function parseInstant(value: string, field: string): number {
  const ms = typeof value === 'string' ? Date.parse(value) : NaN;
  if (!Number.isFinite(ms)) throw new ValidationError({ [field]: ['Enter a valid date and time.'] }, `Invalid ${field}.`);
  return ms;
}

export function toIso(ms: number): string {
  return new Date(ms).toISOString();
}

/** A usable amount of money: whole pence, finite, within the sanity cap. `allowZero` for fees and reserves. */
export function isValidAmount(value: unknown, allowZero = false): value is number {
  return (
    typeof value === 'number' && Number.isSafeInteger(value) && (allowZero ? value >= 0 : value > 0) && value <= MAX_AMOUNT
  );
}
