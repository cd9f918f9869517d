/**
 * Staff catalogue calls (docs/staff-api.md "Staff back office"): auctions (list, create, stagger the lot ends, live
 * progress) and lots (the auction's list with a staff status, consign, edit before the start, feature, withdraw).
 */
import { get, patch, post } from '../../api/http';

export interface StaffAuction {
  id: string;
  start_date: string;
  end_date: string;
  year: number;
  sequence_no: number;
  status: 'next' | 'live' | 'past';
  finished: boolean;
  lot_count: number;
}

type StaffLotStatus = 'scheduled' | 'live' | 'ending' | 'sold' | 'unsold' | 'withdrawn';

export interface StaffLot {
  id: string;
  reference_no: string;
  seller: string;
  start_date: string;
  end_date: string;
  featured: boolean;
  bid_count: number;
  reserve_price: string | null;
  hammer_price: string | null;
  staff_status: StaffLotStatus;
  editable: boolean;
  withdrawn: boolean;
  withdrawal_reason: string | null;
  withdrawn_at: string | null;
  bid_stats: { current_bid: string | null; opening_bid: string };
  item: {
    title: string;
    subtitle: string;
    description: string;
    estimated_value: string;
    distillery: { name: string; region: { name: string } | null };
    type: 'bottle' | 'cask';
    age: number | null;
    volume_ml: number | null;
    abv: number | string | null;
  };
}

interface AuctionProgress {
  auction: StaffAuction;
  now: string;
  lots: { total: number; scheduled: number; open: number; closed: number; sold: number; unsold: number; withdrawn: number };
  bids: number;
  hammer_total: string;
  next_lot: { id: string; reference_no: string; title: string; ends_at: string } | null;
  last_end: string | null;
}

export interface LotEdit {
  title?: string;
  subtitle?: string;
  description?: string;
  distillery?: { name: string; region: string | null };
  estimated_value?: string;
  opening_bid?: string;
  reserve_price?: string | null;
}

interface ConsignInput {
  auction: string;
  seller: string;
  title: string;
  distillery: { name: string; region: string | null };
  estimated_value: string;
  opening_bid?: string;
  reserve_price?: string | null;
}

export const fetchStaffAuctions = (signal?: AbortSignal) => get<StaffAuction[]>('/api/staff/auctions/', undefined, { signal });
export const createAuction = (body: { start_date: string; end_date: string }) => post<StaffAuction>('/api/staff/auctions/', body);
export const staggerAuction = (id: string, intervalSeconds: number) =>
  post<{ auction: StaffAuction; lots: StaffLot[] }>(`/api/staff/auctions/${id}/stagger/`, { interval_seconds: intervalSeconds });
export const rescheduleAuction = (id: string, body: { start_date: string; end_date: string }) =>
  post<{ auction: StaffAuction; lots: StaffLot[] }>(`/api/staff/auctions/${id}/schedule/`, body);
export const fetchProgress = (id: string, signal?: AbortSignal) => get<AuctionProgress>(`/api/staff/auctions/${id}/progress/`, undefined, { signal });

export const fetchStaffLots = (auctionId: string, signal?: AbortSignal) => get<StaffLot[]>('/api/staff/lots/', { auction_id: auctionId }, { signal });
export const consignLot = (body: ConsignInput) => post<{ id: string }>('/api/staff/lots/', body);
export const editLot = (id: string, body: LotEdit) => patch<StaffLot>(`/api/staff/lots/${id}/`, body);
export const setFeatured = (id: string, featured: boolean) => post(`/api/staff/lots/${id}/featured/`, { featured });
export const withdrawLot = (id: string, reason: string) => post<StaffLot>(`/api/staff/lots/${id}/withdraw/`, { reason });

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
