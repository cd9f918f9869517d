/** Item alerts, lot notes, the dashboard, recently viewed lots and the watching list PDF (docs/account-area.md). */
import { unwrap } from '../lib/normalize';
import type { Lot } from '../lib/types';
import type { DashboardLots, FollowBody, LotAnswer, LotNote, NoteCreateBody, NoteEditBody, Page } from './contract';
import { downloadFrom } from './files';
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
  await downloadFrom('/api/create_lots_pdf/');
}

export async function fetchRecentlyViewed(): Promise<Lot[]> {
  return (await get<Page<LotAnswer>>('/api/recently_viewed_lots/')).results;
}

/** One auction of the dashboard: the answer's auction, counts and amount, and its page of lots as the store's lots. */
export type DashboardAuction = Pick<DashboardLots, 'auction' | 'counts' | 'total_amount'> & { lots: Lot[] };

export async function fetchDashboard(which: 'current_auction' | 'most_recent_auction'): Promise<DashboardAuction> {
  const { auction, counts, total_amount, results } = await get<DashboardLots>(`/api/dashboard_lots/${which}/`, { page_size: 40 });
  return { auction, counts, total_amount, lots: results };
}
