/** Payout methods behind the emailed access code (docs/payments-api.md "Payout methods and the access code"). */
import { get, patch, post } from './http';
import { toList, unwrap } from '../lib/normalize';
import { idempotent } from './wallet';
import type { PayoutType } from '../lib/payout-validation';

export interface PayoutMethod {
  id: string;
  type: PayoutType;
  account_owner_uk: string | null;
  sort_code_uk: string | null;
  account_number_uk: string | null;
  account_owner_int: string | null;
  iban_int: string | null;
  bic_swift_int: string | null;
  bank_address_int: string | null;
  is_default: boolean;
  created_at: string;
}

interface AccessAnswer {
  access: boolean;
  msg?: string;
  expires_at?: string | null;
}

export const sendAccessCode = async (): Promise<{ msg?: string }> => unwrap(await post('/api/send_code/'));

export const verifyAccessCode = async (code: string): Promise<AccessAnswer> => unwrap(await post('/api/verify_code/', { code }));

/** Without a code: is an access confirmed in the last 15 minutes still open? */
export const checkAccess = async (signal?: AbortSignal): Promise<AccessAnswer> =>
  unwrap(await post('/api/check_user_access_code/', {}, { signal }));

export const fetchPayoutMethods = async (userId: string, signal?: AbortSignal): Promise<PayoutMethod[]> =>
  toList<PayoutMethod>(await get(`/api/users/${encodeURIComponent(userId)}/payment_method/`, undefined, { signal }));

type PayoutBody = Record<string, string | boolean>;

export const createPayoutMethod = async (body: PayoutBody): Promise<PayoutMethod> =>
  unwrap(await post('/api/payment_methods/', body, idempotent()));

export const updatePayoutMethod = async (id: string, body: PayoutBody): Promise<PayoutMethod> =>
  unwrap(await patch(`/api/payment_methods/${encodeURIComponent(id)}/`, body));
