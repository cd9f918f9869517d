/**
 * The payout-method form rules (spec 2 section 5, messages of docs/payments-api.md), pure: the server checks and
 * normalises what any client sends; the client shows the same messages. IBAN and BIC checksums/structure come from
 * ibantools (country lengths, mod-97), after the spec's own length rules.
 */
import { isValidBIC, isValidIBAN } from 'ibantools';
import { ValidationError, type FieldErrors } from '../../shared/errors';
import { PAYOUT_METHOD_TYPES, type PayoutDetails, type PayoutMethodType } from './events';

export const REQUIRED = 'This field is required';
const TYPE_UNKNOWN = 'Choose UK_BANK or INT_BANK.';
export const SORT_CODE_FORMAT = 'Enter the sort code as nn-nn-nn';
export const ACCOUNT_NUMBER_FORMAT = 'Account number must be 8 digits';
export const IBAN_LENGTH = 'IBAN must be 15 to 31 characters';
export const IBAN_INVALID = 'IBAN is not valid';
export const BIC_FORMAT = 'BIC must be 8 or 11 letters or digits';
export const BIC_INVALID = 'BIC is not valid';
export const BANK_ADDRESS_LENGTH = 'Bank address must be 3 to 80 characters';
const OWNER_MAX = 100;
const OWNER_TOO_LONG = `Ensure this field has no more than ${OWNER_MAX} characters.`;

/** What a client may send (any field may be missing or of the other type; extra ones are ignored). */
export interface PayoutInput {
  type?: string | null;
  account_owner_uk?: string | null;
  sort_code_uk?: string | null;
  account_number_uk?: string | null;
  account_owner_int?: string | null;
  iban_int?: string | null;
  bic_swift_int?: string | null;
  bank_address_int?: string | null;
}

export const PAYOUT_FIELDS = [
  'account_owner_uk', 'sort_code_uk', 'account_number_uk', 'account_owner_int', 'iban_int', 'bic_swift_int', 'bank_address_int',
] as const;

const text = (v: string | null | undefined) => (typeof v === 'string' ? v.trim() : '');
const compact = (v: string | null | undefined) => text(v).replace(/\s+/g, '').toUpperCase();

type Check<T> = { value: T; error?: undefined } | { value?: undefined; error: string };

export function checkOwner(v: string | null | undefined): Check<string> {
  const owner = text(v).replace(/\s+/g, ' ');
  if (owner === '') return { error: REQUIRED };
  if (owner.length > OWNER_MAX) return { error: OWNER_TOO_LONG };
  return { value: owner };
}

/** "12-34-56" (also typed as "123456" or "12 34 56"): stored as nn-nn-nn. A masked field's "_" placeholders fail. */
export function checkSortCode(v: string | null | undefined): Check<string> {
  const raw = text(v);
  if (raw === '') return { error: REQUIRED };
  const m = /^(\d{2})[- ]?(\d{2})[- ]?(\d{2})$/.exec(raw);
  return m ? { value: `${m[1]}-${m[2]}-${m[3]}` } : { error: SORT_CODE_FORMAT };
}

export function checkAccountNumber(v: string | null | undefined): Check<string> {
  const raw = text(v).replace(/ /g, '');
  if (raw === '') return { error: REQUIRED };
  return /^\d{8}$/.test(raw) ? { value: raw } : { error: ACCOUNT_NUMBER_FORMAT };
}

/** Spaces removed and upper case; 15-31 characters (spec), then country length and checksum (ibantools). */
export function checkIban(v: string | null | undefined): Check<string> {
  const iban = compact(v);
  if (iban === '') return { error: REQUIRED };
  if (iban.length < 15 || iban.length > 31) return { error: IBAN_LENGTH };
  return isValidIBAN(iban) ? { value: iban } : { error: IBAN_INVALID };
}

export function checkBic(v: string | null | undefined): Check<string> {
  const bic = compact(v);
  if (bic === '') return { error: REQUIRED };
  if (!/^[A-Z0-9]{8}([A-Z0-9]{3})?$/.test(bic)) return { error: BIC_FORMAT };
  return isValidBIC(bic) ? { value: bic } : { error: BIC_INVALID };
}

export function checkBankAddress(v: string | null | undefined): Check<string> {
  const address = text(v).replace(/\s+/g, ' ');
  if (address === '') return { error: REQUIRED };
  return address.length >= 3 && address.length <= 80 ? { value: address } : { error: BANK_ADDRESS_LENGTH };
}

function isPayoutMethodType(v: unknown): v is PayoutMethodType {
  return typeof v === 'string' && (PAYOUT_METHOD_TYPES as readonly string[]).includes(v);
}

/** The normalised details, or a ValidationError with every field's message (in form order). */
export function payoutDetails(input: PayoutInput): PayoutDetails {
  const errors: FieldErrors = {};
  const take = <T>(field: string, check: Check<T>): T => {
    if (check.error !== undefined) errors[field] = [check.error];
    return check.value as T;
  };
  if (!isPayoutMethodType(input.type)) {
    throw new ValidationError({ type: [text(input.type) === '' ? REQUIRED : TYPE_UNKNOWN] });
  }
  let details: PayoutDetails;
  if (input.type === 'UK_BANK') {
    details = {
      type: 'UK_BANK',
      account_owner_uk: take('account_owner_uk', checkOwner(input.account_owner_uk)),
      sort_code_uk: take('sort_code_uk', checkSortCode(input.sort_code_uk)),
      account_number_uk: take('account_number_uk', checkAccountNumber(input.account_number_uk)),
    };
  } else {
    details = {
      type: 'INT_BANK',
      account_owner_int: take('account_owner_int', checkOwner(input.account_owner_int)),
      iban_int: take('iban_int', checkIban(input.iban_int)),
      bic_swift_int: take('bic_swift_int', checkBic(input.bic_swift_int)),
      bank_address_int: take('bank_address_int', checkBankAddress(input.bank_address_int)),
    };
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return details;
}

/** The masked name shown wherever the full details are not needed: "UK account ••••5678", "IBAN ••••1234". */
export function payoutLabel(details: PayoutDetails): string {
  return details.type === 'UK_BANK'
    ? `UK account ••••${details.account_number_uk.slice(-4)}`
    : `IBAN ••••${details.iban_int.slice(-4)}`;
}

/** What identifies the account itself (the same account saved twice is refused). */
export function accountKey(details: PayoutDetails): string {
  return details.type === 'UK_BANK' ? `UK:${details.sort_code_uk}:${details.account_number_uk}` : `INT:${details.iban_int}`;
}
