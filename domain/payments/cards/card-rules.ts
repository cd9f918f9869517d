/**
 * The rules for card details typed by a user, with the specification's messages (the client shows the same ones).
 * Pure: "now" comes in for the expiry check. The number and CVC only pass through here on their way to the payment
 * provider; nothing in the domain keeps them.
 */
import { ValidationError, type FieldErrors } from '../../shared/errors';

export const CARD_MSG = {
  required: 'This field is required',
  numberTooShort: 'Card number is too short',
  numberTooLong: 'Card number is too long',
  numberInvalid: 'Card number is invalid',
  expiryFormat: 'Invalid format',
  expiryMonth: 'Invalid month',
  expired: 'Card has expired',
  /** Nothing typed yet, and a wrong length: the specification's two CVC messages. */
  cvcMissing: (digits: number) => `CVC must be ${digits} digits`,
  cvc: (digits: number) => `CVC must be exactly ${digits} digits`,
} as const;

/** The card fields as sent (strings; missing fields arrive as ''). */
export interface CardInput {
  card_number: string;
  expiry_date: string;
  card_holder_name: string;
  cvv: string;
}

/** A card that passed every rule: digits only, expiry as numbers. */
export interface ValidCard {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
  holder_name: string;
}

/** Spaces removed (the client groups digits as the user types). */
export function normaliseCardNumber(raw: string): string {
  return raw.replace(/\s+/g, '');
}

/** The Luhn (mod 10) check digit test every card number passes. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** American Express numbers start with 34 or 37 and have a 4-digit CVC. */
function isAmex(digits: string): boolean {
  return /^3[47]/.test(digits);
}

function cvcLength(digits: string): 3 | 4 {
  return isAmex(digits) ? 4 : 3;
}

export const CARD_MIN_DIGITS = 13;
export const CARD_MAX_DIGITS = 19;

/** The card number's message, or null when it is acceptable (digits and spaces, 13 to 19 digits, Luhn). */
export function cardNumberError(raw: string): string | null {
  const digits = normaliseCardNumber(raw);
  if (digits === '') return CARD_MSG.required;
  if (!/^\d+$/.test(digits)) return CARD_MSG.numberInvalid;
  if (digits.length < CARD_MIN_DIGITS) return CARD_MSG.numberTooShort;
  if (digits.length > CARD_MAX_DIGITS) return CARD_MSG.numberTooLong;
  return luhnValid(digits) ? null : CARD_MSG.numberInvalid;
}

/** The CVC's message for a card whose CVC has `wanted` digits, or null. */
export function cvcError(raw: string, wanted: number): string | null {
  const cvv = raw.trim();
  if (cvv === '') return CARD_MSG.cvcMissing(wanted);
  return new RegExp(`^\\d{${wanted}}$`).test(cvv) ? null : CARD_MSG.cvc(wanted);
}

/** The expiry's message, or null. */
export function expiryError(raw: string, now: Date): string | null {
  const expiry = parseExpiry(raw, now);
  return 'error' in expiry ? expiry.error : null;
}

/** "MM/YY", "MMYY" or "MM/YYYY" -> month and four-digit year; a message when it is not a valid, current expiry. */
export function parseExpiry(raw: string, now: Date): { month: number; year: number } | { error: string } {
  const text = raw.trim();
  if (text === '') return { error: CARD_MSG.required };
  const match = /^(\d{2})\/?(\d{2})$/.exec(text) ?? /^(\d{2})\/(\d{4})$/.exec(text);
  if (!match) return { error: CARD_MSG.expiryFormat };
  const month = Number(match[1]);
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return { error: CARD_MSG.expiryMonth };
  // A card is valid to the end of its expiry month.
  if (year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) return { error: CARD_MSG.expired };
  return { month, year };
}

/** Every broken rule, by field (empty when the card is acceptable). */
export function cardErrors(input: CardInput, now: Date): FieldErrors {
  const errors: FieldErrors = {};
  const found: [keyof CardInput, string | null][] = [
    ['card_number', cardNumberError(input.card_number)],
    ['expiry_date', expiryError(input.expiry_date, now)],
    ['cvv', cvcError(input.cvv, cvcLength(normaliseCardNumber(input.card_number)))],
    ['card_holder_name', input.card_holder_name.trim() === '' ? CARD_MSG.required : null],
  ];
  for (const [field, message] of found) if (message) errors[field] = [message];
  return errors;
}

/** The card, checked; a ValidationError with every field's messages otherwise. */
export function validateCard(input: CardInput, now: Date): ValidCard {
  const errors = cardErrors(input, now);
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  const expiry = parseExpiry(input.expiry_date, now) as { month: number; year: number };
  return {
    number: normaliseCardNumber(input.card_number),
    exp_month: expiry.month,
    exp_year: expiry.year,
    cvc: input.cvv.trim(),
    holder_name: input.card_holder_name.trim(),
  };
}
