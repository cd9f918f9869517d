/**
 * Voucher codes and their messages (spec 1 section 5, docs/checkout-api.md check_discount_code). Codes are 3 to 10
 * letters or digits, kept upper case (a code is typed case-insensitively). Pure: shared by the voucher decider,
 * create_order and check_discount_code.
 */
import { MAX_AMOUNT } from '../../catalogue/lot/increments';

export const VOUCHER_MSG = {
  required: 'This field is required',
  tooShort: 'Code characters limit - min 3 symbols',
  tooLong: 'Code characters limit - max 10 symbols',
  characters: 'Only letters and digits are allowed.',
  notValid: 'This voucher code is not valid.',
  expired: 'This voucher code has expired.',
  alreadyUsed: 'You have already used this voucher code.',
  exists: 'This voucher code already exists.',
  fixedValue: 'Enter an amount greater than 0.',
  fixedValueTooHigh: 'Enter an amount of at most £10,000,000.00.',
  percentValue: 'Enter a percentage between 0.01 and 100.',
  expiryPast: 'The expiry must be in the future.',
  maxUses: 'Enter a whole number of 1 or more.',
  maxUsesTooMany: 'Enter a whole number of at most 1,000,000.',
  activated: 'Success! Voucher code has been activated.',
} as const;

/**
 * The most a fixed voucher is worth (pence) and the most uses one may have. A voucher worth more than the highest bid a
 * lot can take (£10M) makes no sense, and both bounds keep the read model's columns able to hold what the event says:
 * an event its projection cannot store stops that read model for good (a max_uses of 3,000,000,000 did, 2026-11-29).
 */
export const VOUCHER_MAX_VALUE = MAX_AMOUNT;
export const VOUCHER_MAX_USES = 1_000_000;

const CODE_MIN = 3;
const CODE_MAX = 10;

export const normaliseCode = (code: string): string => code.trim().toUpperCase();

/** The first problem with a typed code, or null. */
export function codeError(raw: string): string | null {
  const code = normaliseCode(raw);
  if (code === '') return VOUCHER_MSG.required;
  if (code.length < CODE_MIN) return VOUCHER_MSG.tooShort;
  if (code.length > CODE_MAX) return VOUCHER_MSG.tooLong;
  if (!/^[A-Z0-9]+$/.test(code)) return VOUCHER_MSG.characters;
  return null;
}
