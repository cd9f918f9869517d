/** Staff calls (docs/api.md): the user list of the /staff screen (money calls: features/staff-money/api.ts). */
import { toPage } from '../lib/normalize';
import type { Page } from '../lib/types';
import { get } from './http';

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
