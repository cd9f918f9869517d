/**
 * Staff catalogue calls (docs/staff-api.md "Staff back office"): auctions (list, create, stagger the lot ends, live
 * progress) and lots (the auction's list with a staff status, consign, edit before the start, feature, withdraw).
 */
import { get, patch, post } from '../../api/http';
import type {
  Auction, ConsignBody, CreateAuctionBody, FeaturedBody, LotAnswer, LotEditBody, LotWithdrawBody, ScheduleBody, StaffAuctionLots,
  StaffAuctionProgress, StaffLot, StaggerBody,
} from '../../api/contract';

export type { StaffLot };
/** An auction as the staff desk lists it (the public auction answer). */
export type StaffAuction = Auction;
type StaffLotStatus = StaffLot['staff_status'];
/** The fields a staff edit changes (only those sent are changed). */
export type LotEdit = LotEditBody;

export const fetchStaffAuctions = (signal?: AbortSignal) => get<StaffAuction[]>('/api/staff/auctions/', undefined, { signal });
export const createAuction = (body: CreateAuctionBody) => post<StaffAuction>('/api/staff/auctions/', body);
export const staggerAuction = (id: string, intervalSeconds: number) =>
  post<StaffAuctionLots>(`/api/staff/auctions/${id}/stagger/`, { interval_seconds: intervalSeconds } satisfies StaggerBody);
export const rescheduleAuction = (id: string, body: ScheduleBody) => post<StaffAuctionLots>(`/api/staff/auctions/${id}/schedule/`, body);
export const fetchProgress = (id: string, signal?: AbortSignal) => get<StaffAuctionProgress>(`/api/staff/auctions/${id}/progress/`, undefined, { signal });

export const fetchStaffLots = (auctionId: string, signal?: AbortSignal) => get<StaffLot[]>('/api/staff/lots/', { auction_id: auctionId }, { signal });
export const consignLot = (body: ConsignBody) => post<LotAnswer>('/api/staff/lots/', body);
export const editLot = (id: string, body: LotEdit) => patch<StaffLot>(`/api/staff/lots/${id}/`, body);
export const setFeatured = (id: string, featured: boolean) => post<LotAnswer>(`/api/staff/lots/${id}/featured/`, { featured } satisfies FeaturedBody);
export const withdrawLot = (id: string, reason: string) => post<StaffLot>(`/api/staff/lots/${id}/withdraw/`, { reason } satisfies LotWithdrawBody);

export const auctionLabel = (a: Pick<StaffAuction, 'year' | 'sequence_no'>) => `Auction ${a.year}/${String(a.sequence_no).padStart(2, '0')}`;

export const STATUS_LABEL: Record<StaffLotStatus, string> = {
  scheduled: 'Scheduled',
  live: 'Live',
  ending: 'Closing',
  sold: 'Sold',
  unsold: 'Not sold',
  withdrawn: 'Withdrawn',
};

/** A datetime-local value (the staff member's local time) as an ISO instant; '' when empty or invalid. */
export function localToIso(value: string): string {
  const ms = value ? new Date(value).getTime() : NaN;
  return Number.isFinite(ms) ? new Date(ms).toISOString() : '';
}
