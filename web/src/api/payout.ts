/** Payout methods behind the emailed access code (docs/payments-api.md "Payout methods and the access code"). */
import type { AccessGranted, AccessStatus, CodeSent, PayoutMethod, PayoutMethodBody } from './contract';
import { get, patch, post } from './http';
import { toList, unwrap } from '../lib/normalize';

export type { PayoutMethod } from './contract';

export const sendAccessCode = async (): Promise<CodeSent> => unwrap(await post('/api/send_code/'));

export const verifyAccessCode = async (code: string): Promise<AccessGranted> => unwrap(await post('/api/verify_code/', { code }));

/** Without a code: is an access confirmed in the last 15 minutes still open? */
export const checkAccess = async (signal?: AbortSignal): Promise<AccessStatus> =>
  unwrap(await post('/api/check_user_access_code/', {}, { signal }));

export const fetchPayoutMethods = async (userId: string, signal?: AbortSignal): Promise<PayoutMethod[]> =>
  toList<PayoutMethod>(await get(`/api/users/${encodeURIComponent(userId)}/payment_method/`, undefined, { signal }));

export const createPayoutMethod = async (body: PayoutMethodBody): Promise<PayoutMethod> =>
  unwrap(await post('/api/payment_methods/', body));

export const updatePayoutMethod = async (id: string, body: PayoutMethodBody): Promise<PayoutMethod> =>
  unwrap(await patch(`/api/payment_methods/${encodeURIComponent(id)}/`, body));
