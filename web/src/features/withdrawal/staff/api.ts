/**
 * Staff withdrawal calls (docs/payments-api.md): the withdrawals to pay out or reject. Each POST moves money and so
 * carries a new Idempotency-Key.
 */
import type { PayOutBody, RejectBody, StaffWithdrawal } from '../../../api/contract';
import { get, post } from '../../../api/http';
import { toPage } from '../../../lib/normalize';
import type { Page } from '../../../lib/types';

export type { StaffWithdrawal } from '../../../api/contract';

export type WithdrawalFilter = StaffWithdrawal['status'];

export const fetchStaffWithdrawals = async (status: WithdrawalFilter, page: number, signal?: AbortSignal): Promise<Page<StaffWithdrawal>> =>
  toPage<StaffWithdrawal>(await get('/api/staff/withdrawals/', { status, page }, { signal }));

export const payOutWithdrawal = (id: string, reference: string) =>
  post(`/api/staff/withdrawals/${encodeURIComponent(id)}/pay_out/`, { reference } satisfies PayOutBody);

export const rejectWithdrawal = (id: string, reason: string) =>
  post(`/api/staff/withdrawals/${encodeURIComponent(id)}/reject/`, { reason } satisfies RejectBody);
