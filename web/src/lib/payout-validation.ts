/**
 * Payout method form (spec 2 section 5). The rules and messages are the server's own, from domain/withdrawal/payout-method/rules.ts
 * (sort code nn-nn-nn, account number 8 digits, IBAN 15-31 characters and a valid checksum, BIC 8 or 11 letters or
 * digits, bank address 3-80 characters), so the browser refuses what the server refuses, with the same words. Here:
 * the sort code's typing mask, one validator per field (the message, or null), the whole form, and the body sent.
 */
import {
  ACCOUNT_NUMBER_FORMAT, BANK_ADDRESS_LENGTH, BIC_FORMAT, BIC_INVALID, checkAccountNumber, checkBankAddress, checkBic,
  checkIban, checkOwner, checkSortCode, IBAN_INVALID, IBAN_LENGTH, REQUIRED, SORT_CODE_FORMAT,
} from '../../../domain/withdrawal/payout-method/rules';

export const PAYOUT_MSG = {
  required: REQUIRED,
  sortCode: SORT_CODE_FORMAT,
  accountNumber: ACCOUNT_NUMBER_FORMAT,
  ibanLength: IBAN_LENGTH,
  ibanInvalid: IBAN_INVALID,
  bicLength: BIC_FORMAT,
  bicInvalid: BIC_INVALID,
  bankAddress: BANK_ADDRESS_LENGTH,
} as const;

export type PayoutType = 'UK_BANK' | 'INT_BANK';

export const TYPE_LABEL: Record<PayoutType, string> = { UK_BANK: 'UK bank account', INT_BANK: 'International bank account' };

interface UkFields {
  account_owner_uk: string;
  sort_code_uk: string;
  account_number_uk: string;
}

interface IntFields {
  account_owner_int: string;
  iban_int: string;
  bic_swift_int: string;
  bank_address_int: string;
}

export type PayoutForm = { type: PayoutType } & UkFields & IntFields;

export const emptyPayoutForm = (type: PayoutType = 'UK_BANK'): PayoutForm => ({
  type, account_owner_uk: '', sort_code_uk: '', account_number_uk: '',
  account_owner_int: '', iban_int: '', bic_swift_int: '', bank_address_int: '',
});

/** Spaces (and a sort code's dashes) are how people write these numbers; the rules apply to the characters. */
const compact = (v: string) => v.replace(/\s+/g, '').toUpperCase();

/** Digits typed into the sort code shown as nn-nn-nn as they come ("1234" -> "12-34"); at most six digits. */
export function maskSortCode(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 6);
  return digits.replace(/^(\d{2})(\d{1,2})?(\d{1,2})?$/, (_, a: string, b?: string, c?: string) => [a, b, c].filter(Boolean).join('-'));
}

const message = (check: { error?: string }) => check.error ?? null;

export const validateOwner = (v: string) => message(checkOwner(v));
/** Typed with the mask, so only nn-nn-nn is complete; "__-__-__" (an untouched mask) counts as empty. */
export const validateSortCode = (v: string) => (/^[-_\s]*$/.test(v) ? REQUIRED : /_/.test(v) ? SORT_CODE_FORMAT : message(checkSortCode(v)));
export const validateAccountNumber = (v: string) => message(checkAccountNumber(v));
export const validateIban = (v: string) => message(checkIban(v));
export const validateBic = (v: string) => message(checkBic(v));
export const validateBankAddress = (v: string) => message(checkBankAddress(v));

export type PayoutErrors = Partial<Record<keyof UkFields | keyof IntFields, string>>;

/** Every message for the form's type; empty when it may be sent. */
export function validatePayoutForm(f: PayoutForm): PayoutErrors {
  const checks: [keyof UkFields | keyof IntFields, string | null][] = f.type === 'UK_BANK'
    ? [
        ['account_owner_uk', validateOwner(f.account_owner_uk)],
        ['sort_code_uk', validateSortCode(f.sort_code_uk)],
        ['account_number_uk', validateAccountNumber(f.account_number_uk)],
      ]
    : [
        ['account_owner_int', validateOwner(f.account_owner_int)],
        ['iban_int', validateIban(f.iban_int)],
        ['bic_swift_int', validateBic(f.bic_swift_int)],
        ['bank_address_int', validateBankAddress(f.bank_address_int)],
      ];
  const out: PayoutErrors = {};
  for (const [k, m] of checks) if (m) out[k] = m;
  return out;
}

/** The body of POST/PATCH /api/payment_methods/: only the chosen type's fields, tidied. */
export function payoutBody(f: PayoutForm): Record<string, string> {
  if (f.type === 'UK_BANK') {
    return {
      type: f.type,
      account_owner_uk: f.account_owner_uk.trim(),
      sort_code_uk: f.sort_code_uk.trim(),
      account_number_uk: f.account_number_uk.replace(/\s+/g, ''),
    };
  }
  return {
    type: f.type,
    account_owner_int: f.account_owner_int.trim(),
    iban_int: compact(f.iban_int),
    bic_swift_int: compact(f.bic_swift_int),
    bank_address_int: f.bank_address_int.trim(),
  };
}
