/** Turns lots rows into API lots for one caller: their own maxima and watched flags are loaded in one go. */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { followedAmong } from '../../alerts/followed';
import { lotItemKeys } from '../../../domain/alerts/item-key';
import type { GroupItem, LotItem } from '../../../domain/catalogue/lot/events';
import { lotShape, NO_PERSONAL, type LotApi, type LotRow, type Personal, type Viewer } from './shape';

export function viewerOf(request: FastifyRequest): Viewer {
  return request.user ? { userId: request.user.id, isStaff: request.user.is_staff } : { userId: null, isStaff: false };
}

export async function loadPersonal(ctx: AppContext, userId: string | null, lotIds: string[]): Promise<Map<string, Personal>> {
  const out = new Map<string, Personal>();
  if (userId === null || lotIds.length === 0) return out;
  const [bids, watched] = await Promise.all([
    ctx.db.selectFrom('lot_bidders').select(['lot_id', 'max_bid_pence']).where('user_id', '=', userId).where('lot_id', 'in', lotIds).execute(),
    ctx.db.selectFrom('watching_list').select('lot_id').where('user_id', '=', userId).where('watched', '=', true).where('lot_id', 'in', lotIds).execute(),
  ]);
  for (const id of lotIds) out.set(id, { ...NO_PERSONAL });
  for (const b of bids) out.get(b.lot_id)!.maxBid = b.max_bid_pence;
  for (const w of watched) out.get(w.lot_id)!.watched = true;
  return out;
}

export async function presentLots(ctx: AppContext, rows: LotRow[], viewer: Viewer): Promise<LotApi[]> {
  const keys = rows.flatMap((r) => lotItemKeys({ item: r.item as LotItem, group_items: r.group_items as GroupItem[] }));
  const [personal, followedItems] = await Promise.all([
    loadPersonal(ctx, viewer.userId, rows.map((r) => r.id)),
    followedAmong(ctx.db, viewer.userId, keys),
  ]);
  const now = ctx.clock.now();
  return rows.map((row) => lotShape(row, now, viewer, { ...(personal.get(row.id) ?? NO_PERSONAL), followedItems }));
}

export async function presentLot(ctx: AppContext, row: LotRow, viewer: Viewer): Promise<LotApi> {
  return (await presentLots(ctx, [row], viewer))[0]!;
}
