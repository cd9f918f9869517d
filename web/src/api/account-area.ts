/** Item alerts, lot notes, the dashboard, recently viewed lots and the watching list PDF (docs/account-area.md). */
import { toLot, toPage, unwrap } from '../lib/normalize';
import type { Auction, Lot } from '../lib/types';
import type { FollowBody, LotNote, NoteCreateBody, NoteEditBody } from './contract';
import { downloadFile, type FilePayload } from './files';
import { get, patch, post } from './http';

/** Follows (true) or stops following (false) items: a lot's item.id or a group item's id. */
export const setItemNotification = (ids: string[], status: boolean) =>
  post('/api/item_notification/', { pk: ids, notification_status: status } satisfies FollowBody);

/** The caller's note: a new one is posted (user null: the server assigns the caller), an existing one patched. */
export async function saveLotNote(lotId: string, text: string, noteId?: string): Promise<LotNote> {
  const answer = noteId
    ? await patch(`/api/lot_notes/${noteId}/`, { text } satisfies NoteEditBody)
    : await post('/api/lot_notes/', { text, lot: lotId, user: null } satisfies NoteCreateBody);
  return unwrap<LotNote>(answer);
}

export async function downloadWatchingListPdf(): Promise<void> {
  downloadFile(unwrap<FilePayload>(await get('/api/create_lots_pdf/')));
}

const lots = (results: unknown[]) => results.map((l) => toLot(l)).filter((l): l is Lot => !!l);

export async function fetchRecentlyViewed(): Promise<Lot[]> {
  return lots(toPage<Lot>(await get('/api/recently_viewed_lots/')).results);
}

interface DashboardCounts { total: number; winning: number; outbid: number; won: number; lost: number; watching: number }
export interface DashboardAuction { auction: Auction | null; counts: DashboardCounts; total_amount: string; lots: Lot[] }

const ZERO: DashboardCounts = { total: 0, winning: 0, outbid: 0, won: 0, lost: 0, watching: 0 };

export async function fetchDashboard(which: 'current_auction' | 'most_recent_auction'): Promise<DashboardAuction> {
  const raw = unwrap<Record<string, unknown>>(await get(`/api/dashboard_lots/${which}/`, { page_size: 40 }));
  return {
    auction: (raw.auction as Auction | null) ?? null,
    counts: { ...ZERO, ...(raw.counts as Partial<DashboardCounts> | undefined) },
    total_amount: String(raw.total_amount ?? '0.00'),
    lots: lots(toPage<Lot>(raw).results),
  };
}
