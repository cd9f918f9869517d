/** SellRequestView (docs/selling.md "Sell requests"), read from the sell-requests read model. */
import type { AppContext } from '../context';
import { NotFound } from '../../domain/shared/errors';
import { SELL_MSG } from '../../domain/selling/sell-requests/messages';
import { z } from 'zod';
import { imageLinks, imageLinksSchema } from '../uploads/image-route';
import type { SellItem } from '../../domain/selling/sell-requests/events';
import '../../projections/selling/tables';
import '../../projections/accounts/tables';

/** What the seller described of an item (distillery, type, age, volume, ABV, estimate): staff consign from it. */
const itemDetails: z.ZodType<Omit<SellItem, 'item_id' | 'title' | 'quantity'>> = z.object({
  distillery: z.string().nullable(), type: z.enum(['bottle', 'cask']).nullable(), age: z.number().nullable(), volume_ml: z.number().nullable(),
  abv: z.number().nullable(), description: z.string().nullable(), estimate_low_pence: z.number().int().nullable(), estimate_high_pence: z.number().int().nullable(),
  source_lot_id: z.string().nullable(),
});

export const sellRequestView = z.object({
  id: z.string(), reference: z.string(), type: z.string().nullable(), kind: z.enum(['new_items', 'from_storage']),
  status: z.enum(['submitted', 'partly_received', 'received', 'consigned', 'closed']),
  auction_id: z.string(), created_at: z.string(), pick_up_date: z.string().nullable(), boxes: z.number().int().nullable(),
  items: z.array(z.object({
    id: z.string(), title: z.string(), quantity: z.number().int(), status: z.string(), condition_note: z.string().nullable(), lot_id: z.string().nullable(),
    details: itemDetails,
    /** Photos staff took on receipt (owner and staff only, through SELL_REQUEST_IMAGES). */
    photos: z.array(imageLinksSchema),
  })),
});
type SellRequestView = z.infer<typeof sellRequestView>;

export const staffSellRequestView = sellRequestView.extend({ user: z.object({ id: z.string(), email: z.string(), first_name: z.string(), last_name: z.string() }) });
type StaffSellRequestView = z.infer<typeof staffSellRequestView>;

/** POST /api/sell_request/?type=new_items (201): the request and its PDF (base64), to save or print. */
export const newItemsSubmitted = z.object({
  id: z.string(), reference: z.string(), status: z.literal('submitted'),
  file_data: z.string().meta({ description: 'The PDF, base64.', contentEncoding: 'base64', contentMediaType: 'application/pdf' }), file_name: z.string(),
});
export type NewItemsSubmitted = z.infer<typeof newItemsSubmitted>;

/** POST /api/sell_request/?type=from_storage (201): the request, already consigned, and the new lots. */
export const relistAnswer = z.object({ id: z.string(), reference: z.string(), status: z.string(), lots: z.array(z.object({ lot_id: z.string(), title: z.string() })) });
export type RelistAnswer = z.infer<typeof relistAnswer>;

/** A staff action that makes a lot (consign an item, relist a lot): 201 with the new lot's id. */
export const lotMade = z.object({ lot_id: z.string() });

/** Where the photos of received items are served (receive.ts). */
export const SELL_REQUEST_IMAGES = '/api/sell_request_images/';

interface Filter { userId?: string; id?: string; status?: string }

async function load(ctx: AppContext, f: Filter): Promise<(SellRequestView & { user_id: string })[]> {
  let q = ctx.db.selectFrom('sell_requests').selectAll();
  if (f.userId) q = q.where('user_id', '=', f.userId);
  if (f.id) q = q.where('id', '=', f.id);
  if (f.status) q = q.where('status', '=', f.status as SellRequestView['status']);
  const rows = await q.orderBy('created_at', 'desc').orderBy('reference', 'desc').limit(500).execute();
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const items = await ctx.db.selectFrom('sell_request_items').selectAll().where('request_id', 'in', ids).orderBy('position').execute();
  const photos = await ctx.db.selectFrom('sell_request_images').select(['image_id', 'item_id']).where('request_id', 'in', ids).orderBy('position').execute();
  const photosOf = (itemId: string) => photos.filter((p) => p.item_id === itemId).map((p) => imageLinks(SELL_REQUEST_IMAGES, p.image_id));
  return rows.map((r) => ({
    id: r.id, reference: r.reference, type: r.delivery, kind: r.kind, status: r.status, auction_id: r.auction_id, created_at: r.created_at.toISOString(),
    pick_up_date: r.pick_up_date, boxes: r.boxes, user_id: r.user_id,
    items: items.filter((i) => i.request_id === r.id).map((i) => ({ id: i.id, title: i.title, quantity: i.quantity, status: i.status, condition_note: i.condition_note, lot_id: i.lot_id,
      details: detailsOf(i.details), photos: photosOf(i.id),
    })),
  }));
}

function detailsOf({ item_id: _id, title: _title, quantity: _quantity, ...details }: SellItem): SellRequestView['items'][number]['details'] {
  return details;
}

const strip = ({ user_id: _omit, ...view }: SellRequestView & { user_id: string }): SellRequestView => view;

export async function ownRequests(ctx: AppContext, userId: string): Promise<SellRequestView[]> {
  return (await load(ctx, { userId })).map(strip);
}

/** Another user's request is answered exactly like a missing one. */
export async function ownRequest(ctx: AppContext, userId: string, id: string): Promise<SellRequestView> {
  const [row] = await load(ctx, { userId, id });
  if (!row) throw new NotFound(SELL_MSG.notFound);
  return strip(row);
}

export async function staffRequests(ctx: AppContext, status?: string): Promise<StaffSellRequestView[]> {
  const rows = await load(ctx, { status });
  const ids = [...new Set(rows.map((r) => r.user_id))];
  const users = ids.length === 0 ? [] : await ctx.db.selectFrom('users').select(['id', 'email', 'first_name', 'last_name']).where('id', 'in', ids).execute();
  return rows.map((r) => {
    const u = users.find((x) => x.id === r.user_id);
    return { ...strip(r), user: { id: r.user_id, email: u?.email ?? '', first_name: u?.first_name ?? '', last_name: u?.last_name ?? '' } };
  });
}
