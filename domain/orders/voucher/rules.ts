/**
 * Voucher codes and their messages (spec 1 section 5, docs/checkout-api.md check_discount_code). Codes are 3 to 10
 * letters or digits, kept upper case (a code is typed case-insensitively). Pure: shared by the voucher decider,
 * create_order and check_discount_code.
 */
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
  percentValue: 'Enter a percentage between 0.01 and 100.',
  expiryPast: 'The expiry must be in the future.',
  maxUses: 'Enter a whole number of 1 or more.',
  activated: 'Success! Voucher code has been activated.',
} as const;

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
