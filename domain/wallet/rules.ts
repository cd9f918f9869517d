/** Checks shared by the wallet's commands. Messages are user-facing (staff screens, withdrawal form). */
import { ValidationError, type FieldErrors } from '../shared/errors';
import type { Pence } from '../shared/money';
import { formatPounds } from '../catalogue/lot/format';

export const AMOUNT_NOT_POSITIVE = 'Amount must be greater than 0';
const AMOUNT_NOT_WHOLE = 'Amount must be a whole number of pence.';
export const REQUIRED = 'This field is required';

export { formatPounds };

/** Collects field errors and throws them together, so a form shows every problem at once. */
export class FieldCheck {
  private readonly fields: FieldErrors = {};

  add(field: string, message: string): this {
    this.fields[field] = [...(this.fields[field] ?? []), message];
    return this;
  }

  amount(field: string, value: Pence): this {
    if (!Number.isSafeInteger(value)) return this.add(field, AMOUNT_NOT_WHOLE);
    if (value <= 0) this.add(field, AMOUNT_NOT_POSITIVE);
    return this;
  }

  required(field: string, value: string | null | undefined): this {
    if (typeof value !== 'string' || value.trim() === '') this.add(field, REQUIRED);
    return this;
  }

  /** Throws when anything was added. */
  done(): void {
    if (Object.keys(this.fields).length > 0) throw new ValidationError(this.fields);
  }
}

/** The command's time as a canonical ISO string (the domain never reads a clock). */
export function instant(now: string): string {
  const ms = Date.parse(now);
  if (!Number.isFinite(ms)) throw new ValidationError({ now: ['Enter a valid date and time.'] });
  return new Date(ms).toISOString();
}

/** Trimmed text, or null when blank. */
export function optionalText(value: string | null | undefined): string | null {
  const text = value?.trim() ?? '';
  return text === '' ? null : text;
}
