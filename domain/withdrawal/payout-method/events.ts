/**
 * Payout-method events, on the stream `payout-methods-<userId>`: the bank accounts a user's withdrawals are paid to.
 * Each event carries the method's resulting details (normalised), so the read model is a plain upsert.
 */

export type PayoutMethodType = 'UK_BANK' | 'INT_BANK';

export const PAYOUT_METHOD_TYPES: readonly PayoutMethodType[] = ['UK_BANK', 'INT_BANK'];

/** A UK account: sort code "nn-nn-nn", 8-digit account number. */
export interface UkBankDetails {
  type: 'UK_BANK';
  account_owner_uk: string;
  sort_code_uk: string;
  account_number_uk: string;
}

/** An international account: IBAN and BIC in electronic format (upper case, no spaces). */
export interface IntBankDetails {
  type: 'INT_BANK';
  account_owner_int: string;
  iban_int: string;
  bic_swift_int: string;
  bank_address_int: string;
}

export type PayoutDetails = UkBankDetails | IntBankDetails;

interface PayoutMethodAdded {
  type: 'PayoutMethodAdded';
  data: { user_id: string; method_id: string; details: PayoutDetails; label: string; is_default: boolean; at: string };
}

/** The method's details after the change (all of them, not a diff). */
interface PayoutMethodChanged {
  type: 'PayoutMethodChanged';
  data: { user_id: string; method_id: string; details: PayoutDetails; label: string; at: string };
}

interface DefaultPayoutMethodChanged {
  type: 'DefaultPayoutMethodChanged';
  data: { user_id: string; method_id: string; previous_method_id: string | null; at: string };
}

export type PayoutEvent = PayoutMethodAdded | PayoutMethodChanged | DefaultPayoutMethodChanged;

export const PAYOUT_EVENT_TYPES: readonly PayoutEvent['type'][] = ['PayoutMethodAdded', 'PayoutMethodChanged', 'DefaultPayoutMethodChanged'];

export const payoutMethodsStream = (userId: string) => `payout-methods-${userId}`;
