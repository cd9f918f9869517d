/**
 * Staff calls (docs/api.md): the user list of the /staff screen (the money calls: the api.ts of features/wallet/staff,
 * withdrawal/staff and payments/staff).
 */
import { toPage } from '../lib/normalize';
import type { Page } from '../lib/types';
import type { StaffUser } from './contract';
import { get } from './http';

export type { StaffUser } from './contract';

export type FeeFilter = '' | 'true' | 'false';

export const fetchStaffUsers = async (q: { search: string; fee: FeeFilter; page: number }, signal?: AbortSignal): Promise<Page<StaffUser>> =>
  toPage<StaffUser>(await get('/api/staff/users/', { search: q.search.trim(), registration_fee_status: q.fee, page: q.page }, { signal }));
