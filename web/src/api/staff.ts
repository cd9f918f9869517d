/** Staff calls (docs/api.md): the user list and the registration-fee switch used by the /staff screen. */
import { toPage } from '../lib/normalize';
import type { Page } from '../lib/types';
import { get, post } from './http';

export interface StaffUser {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  is_verified: boolean;
  is_staff: boolean;
  registration_fee_status: boolean;
  registration_fee_paid_at: string | null;
  registered_at: string;
}

export type FeeFilter = '' | 'true' | 'false';

export const fetchStaffUsers = async (q: { search: string; fee: FeeFilter; page: number }, signal?: AbortSignal): Promise<Page<StaffUser>> =>
  toPage<StaffUser>(await get('/api/staff/users/', { search: q.search.trim(), registration_fee_status: q.fee, page: q.page }, { signal }));

export const markRegistrationFeePaid = (userId: string, reference: string) =>
  post<StaffUser>(`/api/staff/users/${encodeURIComponent(userId)}/registration_fee_paid/`, reference.trim() ? { reference: reference.trim() } : {});
