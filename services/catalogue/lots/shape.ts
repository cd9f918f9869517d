/**
 * The Lot API shape (docs/api.md "Lots, auctions, bids") from a lots row and what the caller may see: the reserve
 * only for the lot's seller and staff, the caller's own maximum only to the caller. Money as decimal strings.
 */
import type { Selectable } from 'kysely';
import type { LotsTable } from '../../../projections/catalogue/lots/tables';
import type { Distillery, GroupItem, LotPhoto, Warehouse } from '../../../domain/catalogue/lot/events';
import { penceToDecimal } from '../../../domain/shared/money';
import { nextMinimumBid, stepFor } from '../../../domain/catalogue/lot/increments';
import { slugify } from '../../../projections/catalogue/lots/slug';
import { itemKey } from '../../../domain/alerts/item-key';
import { rla } from '../../../domain/collection/rules';
import type { BidStatsApi, DistilleryApi, LotApi } from './lot-answer';

export type { BidStatsApi, DistilleryApi, LotApi };

export type LotRow = Selectable<LotsTable>;
export type LotStatus = 'scheduled' | 'live' | 'sold' | 'unsold';

export interface Viewer {
  userId: string | null;
  isStaff: boolean;
}

export const ANONYMOUS: Viewer = { userId: null, isStaff: false };

/** The caller's own standing on a lot. */
export interface Personal {
  maxBid: number | null;
  watched: boolean;
  /** Item keys the caller follows (item alerts): `is_notification` on the item and group items. */
  followedItems?: ReadonlySet<string>;
}

export const NO_PERSONAL: Personal = { maxBid: null, watched: false };

const money = (pence: number | null): string | null => (pence === null ? null : penceToDecimal(pence));

export function distilleryShape(d: Distillery): DistilleryApi {
  return { name: d.name, description: null, region: d.region === null ? null : { name: d.region } };
}

/** Bids are accepted when the lot has started, has not reached its (possibly extended) end and is not closed. */
export function isOnBidding(row: Pick<LotRow, 'starts_at' | 'ends_at' | 'outcome'>, now: Date): boolean {
  const t = now.getTime();
  return row.outcome === null && row.starts_at.getTime() <= t && t < row.ends_at.getTime();
}

export function lotStatus(row: Pick<LotRow, 'starts_at' | 'outcome'>, now: Date): LotStatus {
  if (row.outcome === 'sold' || row.outcome === 'unsold') return row.outcome;
  return now.getTime() < row.starts_at.getTime() ? 'scheduled' : 'live';
}

export function extraTime(row: Pick<LotRow, 'ends_at' | 'original_ends_at'>): string | null {
  return row.ends_at.getTime() !== row.original_ends_at.getTime() ? row.ends_at.toISOString() : null;
}

export function bidStats(row: LotRow, viewer: Viewer, personal: Personal): BidStatsApi {
  const current = row.current_price_pence;
  return {
    step: penceToDecimal(stepFor(current ?? row.opening_bid_pence)),
    current_bid: money(current),
    is_winning: viewer.userId !== null && row.leader_id === viewer.userId,
    current_user_bid: viewer.userId === null ? null : money(personal.maxBid),
    opening_bid: penceToDecimal(row.opening_bid_pence),
    next_minimum_bid: penceToDecimal(nextMinimumBid({ openingBid: row.opening_bid_pence, currentPrice: current })),
    has_bids: current !== null,
  };
}

/** The lot's answer (lot-answer.ts lotAnswer). */
export function lotShape(row: LotRow, now: Date, viewer: Viewer, personal: Personal = NO_PERSONAL): LotApi {
  const maySeeReserve = viewer.isStaff || (viewer.userId !== null && viewer.userId === row.seller_id);
  const item = row.item;
  // item.id and group_items[].id are item keys (docs/notifications.md), stable across lots of the same bottle.
  const itemId = itemKey(item.distillery.name, item.title);
  const follows = (key: string) => personal.followedItems?.has(key) ?? false;
  return {
    id: row.id,
    slug: row.slug,
    reference_no: row.reference_no,
    auction: row.auction_id,
    warehouse: row.warehouse as Warehouse | null,
    reserve_fee: penceToDecimal(row.reserve_fee_pence),
    reserve_price: maySeeReserve ? money(row.reserve_price_pence) : null,
    has_reserve: row.reserve_price_pence !== null,
    reserve_met: row.reserve_met,
    is_watched: personal.watched,
    is_group_lot: row.is_group_lot,
    group_items: (row.group_items as GroupItem[]).map((g) => {
      const key = itemKey(g.distillery.name, g.title);
      return { id: key, title: g.title, is_notification: follows(key), distillery: distilleryShape(g.distillery) };
    }),
    custom_title: row.custom_title,
    custom_subtitle: row.custom_subtitle,
    custom_description: row.custom_description,
    on_bidding: isOnBidding(row, now),
    extra_time: extraTime(row),
    start_date: row.starts_at.toISOString(),
    end_date: row.ends_at.toISOString(),
    featured: row.featured,
    vat_enabled: row.vat_enabled,
    bid_count: row.bid_count,
    // A withdrawn lot's status stays 'unsold' (it ended with no winner); these say why, the reason only to its seller and staff.
    withdrawn: row.withdrawn_at !== null,
    withdrawal_reason: maySeeReserve ? row.withdrawal_reason : null,
    status: lotStatus(row, now),
    hammer_price: money(row.hammer_price_pence),
    photos: row.photos as LotPhoto[],
    item: {
      id: itemId,
      slug: slugify(item.title),
      estimated_value: penceToDecimal(row.estimated_value_pence),
      title: item.title,
      subtitle: item.subtitle,
      description: item.description,
      distillery: distilleryShape(item.distillery),
      is_notification: follows(itemId),
      type: item.type,
      age: item.age,
      volume_ml: item.volume_ml,
      abv: item.abv,
      cask_type: item.cask_type,
      cask_number: item.cask_number,
      bottled_at: item.bottled_at,
      distilled_at: item.distilled_at,
      // Cask lots: absent on lots consigned before these existed. RLA (litres of alcohol) is computed, never stored.
      bulk_litres: item.bulk_litres ?? null,
      regauge_date: item.regauge_date ?? null,
      rla: rla(item.bulk_litres ?? null, item.abv),
    },
    bid_stats: bidStats(row, viewer, personal),
  };
}
