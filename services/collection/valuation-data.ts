/**
 * The data behind the valuation (domain/collection/valuation.ts): a user's items as owned items, and the sold lots
 * that could match them (same distillery, lower-cased; the pure function then picks same item or same bottling).
 */
import { sql } from 'kysely';
import type { AppContext } from '../context';
import { itemKey } from '../../domain/alerts/item-key';
import type { CollectionItemDescription } from '../../domain/collection/events';
import type { OwnedItem, Sale } from '../../domain/collection/valuation';
import type { LotItem, LotPhoto } from '../../domain/catalogue/lot/events';
import type { LotRow } from '../catalogue/lots/shape';
import '../../projections/collection/tables';

export interface ItemRow {
  id: string;
  user_id: string;
  source: string;
  lot_id: string | null;
  order_id: string | null;
  title: string;
  distillery: string;
  item: CollectionItemDescription;
  price_paid_pence: number | null;
  acquired_on: string;
  added_at: Date;
  updated_at: Date;
  removed_at: Date | null;
}

/** Every item the user ever had (removed ones too: the graph needs them), newest first. */
export async function loadItems(ctx: AppContext, userId: string): Promise<ItemRow[]> {
  const rows = await ctx.db.selectFrom('collection_items').selectAll().where('user_id', '=', userId)
    .orderBy('added_at', 'desc').orderBy('id').execute();
  return rows as ItemRow[];
}

export function ownedItem(row: ItemRow): OwnedItem {
  const i = row.item;
  return {
    title: i.title, distillery: i.distillery, type: i.type, age: i.age, volume_ml: i.volume_ml, bottled_year: i.bottled_year,
    estimate_pence: i.estimate_pence, price_paid_pence: row.price_paid_pence, acquired_on: row.acquired_on,
    removed_at: row.removed_at ? row.removed_at.toISOString() : null,
  };
}

function bottledYear(bottledAt: string | null | undefined): number | null {
  const m = /^(\d{4})/.exec(bottledAt ?? '');
  return m ? Number(m[1]) : null;
}

/** Hammer prices of sold lots from the distilleries of these items. */
export async function loadSales(ctx: AppContext, items: readonly { distillery: string }[]): Promise<Sale[]> {
  const names = [...new Set(items.map((i) => i.distillery.trim().toLowerCase()))];
  if (names.length === 0) return [];
  const rows = await ctx.db.selectFrom('lots')
    .select(['id', 'item', 'item_type', 'age', 'volume_ml', 'hammer_price_pence', 'closed_at', 'ends_at'])
    .where('outcome', '=', 'sold').where(sql<string>`lower(distillery)`, 'in', names)
    .execute();
  return rows.map((r) => {
    const item = r.item as LotItem;
    return {
      lot_id: r.id, item_key: itemKey(item.distillery.name, item.title), distillery: item.distillery.name, type: r.item_type,
      age: r.age, volume_ml: r.volume_ml, bottled_year: bottledYear(item.bottled_at), hammer_pence: r.hammer_price_pence ?? 0,
      sold_at: (r.closed_at ?? r.ends_at).toISOString(),
    };
  });
}

/** What a catalogue lot's item is, as the collection keeps it. */
export function describeLot(row: LotRow): CollectionItemDescription {
  const item = row.item as LotItem;
  const photo = (row.photos as LotPhoto[])[0]?.file ?? null;
  return {
    title: item.title, subtitle: item.subtitle, distillery: item.distillery.name, type: item.type, age: item.age,
    volume_ml: item.volume_ml, abv: item.abv, bottled_year: bottledYear(item.bottled_at), estimate_pence: row.estimated_value_pence,
    photo,
    cask: item.type === 'cask'
      ? { cask_type: item.cask_type, cask_number: item.cask_number, bulk_litres: item.bulk_litres ?? null, abv: item.abv, regauge_date: item.regauge_date ?? null }
      : null,
  };
}
