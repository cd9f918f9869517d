/**
 * Card form rules (spec 1 section 5): the card type guessed from the first digits, the number and expiry masks, and
 * one validator per field answering the message to show or null. The rules and messages themselves are the server's
 * (domain/payments/cards/card-rules.ts), so the form and the API always agree. Pure: "today" comes in as an argument.
 */
import {
  CARD_MAX_DIGITS, CARD_MSG as RULE_MSG, cardNumberError, cvcError, expiryError,
} from '../../../domain/payments/cards/card-rules';

export { CARD_MAX_DIGITS, CARD_MIN_DIGITS, luhnValid } from '../../../domain/payments/cards/card-rules';

type CardBrand = 'amex' | 'visa' | 'mastercard' | 'unknown';

export interface CardFormat {
  brand: CardBrand | string;
  /** Digit groups of the mask: amex [4, 6, 5], the others [4, 4, 4, 4]. */
  groups: number[];
  /** The longest number of this type (the field takes no more digits). */
  maxLength: number;
  cvcLength: number;
}

export const CARD_MSG = {
  required: RULE_MSG.required,
  tooShort: RULE_MSG.numberTooShort,
  tooLong: RULE_MSG.numberTooLong,
  invalid: RULE_MSG.numberInvalid,
  expiryFormat: RULE_MSG.expiryFormat,
  expiryMonth: RULE_MSG.expiryMonth,
  expired: RULE_MSG.expired,
  cvc: RULE_MSG.cvcMissing,
  cvcExact: RULE_MSG.cvc,
} as const;

/** Format rules are looked up on the server only when exactly this many digits are entered (spec 1 section 9). */
export const FORMAT_PREFIX_LENGTH = 6;

const BRAND_NAMES: Record<string, string> = {
  amex: 'American Express',
  visa: 'Visa',
  mastercard: 'Mastercard',
  unknown: 'Card',
};

/** The short name on the brand tag beside the number (the full name is too wide on a phone). */
const SHORT_NAMES: Record<string, string> = { amex: 'Amex', mastercard: 'Mastercard', visa: 'Visa', unknown: 'Card' };

export const brandShortName = (brand: string | null | undefined): string => SHORT_NAMES[brand ?? 'unknown'] ?? brandName(brand);

export const brandName = (brand: string | null | undefined): string =>
  BRAND_NAMES[brand ?? 'unknown'] ?? (brand ? brand.charAt(0).toUpperCase() + brand.slice(1) : 'Card');

export const digitsOf = (value: string): string => value.replace(/\D/g, '');

/** The spec's guess: 34 or 37 amex (4-6-5), 4 visa, 5 or 2 mastercard, otherwise unknown (4x4). */
export function guessFormat(number: string): CardFormat {
  const d = digitsOf(number);
  if (/^3[47]/.test(d)) return { brand: 'amex', groups: [4, 6, 5], maxLength: 15, cvcLength: 4 };
  if (d.startsWith('4')) return { brand: 'visa', groups: [4, 4, 4, 4], maxLength: CARD_MAX_DIGITS, cvcLength: 3 };
  if (/^[52]/.test(d)) return { brand: 'mastercard', groups: [4, 4, 4, 4], maxLength: 16, cvcLength: 3 };
  return { brand: 'unknown', groups: [4, 4, 4, 4], maxLength: CARD_MAX_DIGITS, cvcLength: 3 };
}

/** The server's answer to GET /api/get_credit_card_format/{prefix}/, as a format (null when it says nothing useful). */
export function formatFromLookup(answer: unknown): CardFormat | null {
  if (!answer || typeof answer !== 'object') return null;
  const a = answer as { brand?: unknown; groups?: unknown; lengths?: unknown; cvc_length?: unknown };
  if (typeof a.brand !== 'string' || a.brand === 'unknown') return null;
  const groups = Array.isArray(a.groups) && a.groups.every((g) => Number.isInteger(g) && g > 0) ? (a.groups as number[]) : null;
  const lengths = Array.isArray(a.lengths) ? (a.lengths as unknown[]).filter((n): n is number => Number.isInteger(n)) : [];
  const cvc = Number.isInteger(a.cvc_length) ? (a.cvc_length as number) : null;
  if (!groups || !cvc) return null;
  const maxLength = Math.min(CARD_MAX_DIGITS, Math.max(...(lengths.length ? lengths : [groups.reduce((s, g) => s + g, 0)])));
  return { brand: a.brand, groups, maxLength, cvcLength: cvc };
}

/**
 * Masks what was typed: digits only, cut at the type's longest number, grouped ("4242424242424242" ->
 * "4242 4242 4242 4242", "378282246310005" -> "3782 822463 10005"). Digits past the groups form one last group.
 */
export function maskCardNumber(input: string, format: CardFormat = guessFormat(input)): string {
  const d = digitsOf(input).slice(0, format.maxLength);
  const parts: string[] = [];
  let at = 0;
  for (const size of format.groups) {
    if (at >= d.length) break;
    parts.push(d.slice(at, at + size));
    at += size;
  }
  if (at < d.length) parts.push(d.slice(at));
  return parts.join(' ');
}

/**
 * Inserts the slash while the expiry is typed: "1" -> "1", "4" -> "04/", "1/" -> "01/", "1228" -> "12/28",
 * "122030" -> "12/2030". `previous` is the field's value before this change: deleting back to two digits drops the
 * slash instead of putting it back.
 */
export function maskExpiry(input: string, previous = ''): string {
  let d = digitsOf(input).slice(0, 6);
  // A first digit that cannot start a month, or one followed by a slash, is a one-digit month.
  if (/^[2-9]/.test(d) || /^\d\s*\/$/.test(input.trim())) d = `0${d}`.slice(0, 6);
  if (d.length < 2) return d;
  if (d.length === 2) return input.length > previous.length || input.endsWith('/') ? `${d}/` : d;
  return `${d.slice(0, 2)}/${d.slice(2)}`;
}

export const validateCardNumber = (value: string): string | null => cardNumberError(value);

export const validateExpiry = (value: string, today: Date = new Date()): string | null => expiryError(value, today);

export const validateCvc = (value: string, cvcLength: number): string | null => cvcError(value, cvcLength);

export const validateHolder = (value: string): string | null => (value.trim() ? null : CARD_MSG.required);

/** A new card as the form holds it; the keys are the API's field names, so server errors land on the same keys. */
export interface CardInput {
  card_number: string;
  expiry_date: string;
  cvv: string;
  card_holder_name: string;
}

export const CARD_FIELDS = ['card_number', 'expiry_date', 'cvv', 'card_holder_name'] as const;
export type CardField = (typeof CARD_FIELDS)[number];

export const emptyCard = (): CardInput => ({ card_number: '', expiry_date: '', cvv: '', card_holder_name: '' });

/** Every field's message (only the fields with one), checked as the server checks them. */
export function validateCard(card: CardInput, format: CardFormat = guessFormat(card.card_number), today: Date = new Date()): Partial<Record<CardField, string>> {
  const found: Partial<Record<CardField, string>> = {};
  const checks: [CardField, string | null][] = [
    ['card_number', validateCardNumber(card.card_number)],
    ['expiry_date', validateExpiry(card.expiry_date, today)],
    ['cvv', validateCvc(card.cvv, format.cvcLength)],
    ['card_holder_name', validateHolder(card.card_holder_name)],
  ];
  for (const [field, message] of checks) if (message) found[field] = message;
  return found;
}

/** The body the API takes for a new card: the number without spaces, the rest trimmed. */
export const cardBody = (card: CardInput): CardInput => ({
  card_number: digitsOf(card.card_number),
  expiry_date: card.expiry_date.trim(),
  cvv: card.cvv.trim(),
  card_holder_name: card.card_holder_name.trim().replace(/\s+/g, ' '),
});

/** "12/34" from a saved card's month and year. */
export const expiryLabel = (month: number, year: number): string => `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`;

/** How many digits sit before `caret` in what was typed (to put the caret back after the mask regroups them). */
export const digitsBefore = (value: string, caret: number): number => digitsOf(value.slice(0, caret)).length;

/** The caret position just after the n-th digit of a masked value (skipping the spaces or slash that follow it). */
export function caretAfterDigits(masked: string, n: number): number {
  if (n <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < masked.length; i++) {
    if (/\d/.test(masked[i]) && ++seen === n) return i + 1;
  }
  return masked.length;
}
