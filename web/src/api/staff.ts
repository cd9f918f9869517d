/** Staff calls (docs/api.md): the user list of the /staff screen (money calls: features/staff-money/api.ts). */
import { toPage } from '../lib/normalize';
import type { Page } from '../lib/types';
import type { StaffUser } from './contract';
import { get } from './http';

export type { StaffUser } from './contract';

export type FeeFilter = '' | 'true' | 'false';

export const fetchStaffUsers = async (q: { search: string; fee: FeeFilter; page: number }, signal?: AbortSignal): Promise<Page<StaffUser>> =>
  toPage<StaffUser>(await get('/api/staff/users/', { search: q.search.trim(), registration_fee_status: q.fee, page: q.page }, { signal }));
