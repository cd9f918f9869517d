/**
 * Staff payment calls (docs/payments-api.md): the registration fee taken by bank transfer or in store (card payments
 * record themselves). The POST carries a new Idempotency-Key.
 */
import type { CurrentUser, FeePaidBody } from '../../../api/contract';
import { post } from '../../../api/http';
import { unwrap } from '../../../lib/normalize';

export type FeeMethod = NonNullable<FeePaidBody['method']>;

/** The registration fee received by bank transfer or in store: the user after it. */
export const markFeePaid = async (userId: string, method: FeeMethod, reference: string): Promise<CurrentUser> =>
  unwrap<CurrentUser>(await post(
    `/api/staff/users/${encodeURIComponent(userId)}/registration_fee_paid/`,
    (reference.trim() ? { method, reference: reference.trim() } : { method }) satisfies FeePaidBody,
  ));
