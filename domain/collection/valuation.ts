/**
 * The estimated auction value of a collection item, from real results (docs/collection.md "How the value is
 * estimated"). Pure: the caller hands in the sold lots that could match and the moment to value at.
 *
 * 1. Same item: lots sold (hammer price) whose item has the same stable key (distillery + title, normalised as the
 *    item alerts do). 2. Otherwise the same bottling: same distillery, same age, same bottle size, same bottling year
 *    and same type. The value is the median hammer price of the most recent RECENT_SALES such sales up to the moment.
 * 3. With no sale: the catalogue estimate of the lot the item came from; 4. else the price paid; 5. else 0.
 */
import { itemKey, normaliseItemName } from '../alerts/item-key';

const RECENT_SALES = 5;

export interface Sale {
  lot_id: string;
  /** itemKey(distillery, title) of the sold lot's item. */
  item_key: string;
  distillery: string;
  type: string;
  age: number | null;
  volume_ml: number | null;
  bottled_year: number | null;
  hammer_pence: number;
  /** ISO instant the lot closed. */
  sold_at: string;
}

interface ValuedItem {
  title: string;
  distillery: string;
  type: string;
  age: number | null;
  volume_ml: number | null;
  bottled_year: number | null;
  estimate_pence: number | null;
  price_paid_pence: number | null;
}

type ValueMethod = 'same_item' | 'same_bottling' | 'estimate' | 'price_paid' | 'none';

export interface Valuation {
  value_pence: number;
  method: ValueMethod;
  /** How many sales the value rests on (0 for the fallbacks). */
  sales: number;
  /** The newest sale used, or null. */
  last_sale_at: string | null;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

const sameBottling = (item: ValuedItem, sale: Sale) =>
  item.age !== null && sale.age === item.age && sale.volume_ml === item.volume_ml && sale.bottled_year === item.bottled_year
  && sale.type === item.type && normaliseItemName(sale.distillery) === normaliseItemName(item.distillery);

function fromSales(matching: Sale[], method: ValueMethod): Valuation {
  const recent = [...matching].sort((a, b) => b.sold_at.localeCompare(a.sold_at)).slice(0, RECENT_SALES);
  return { value_pence: median(recent.map((s) => s.hammer_pence)), method, sales: recent.length, last_sale_at: recent[0]!.sold_at };
}

/** The item's value at `asOf` (ISO instant), from the sales closed by then. */
export function estimateValue(item: ValuedItem, sales: readonly Sale[], asOf: string): Valuation {
  const known = sales.filter((s) => s.sold_at <= asOf);
  const key = itemKey(item.distillery, item.title);
  const same = known.filter((s) => s.item_key === key);
  if (same.length > 0) return fromSales(same, 'same_item');
  const like = known.filter((s) => sameBottling(item, s));
  if (like.length > 0) return fromSales(like, 'same_bottling');
  if (item.estimate_pence !== null) return { value_pence: item.estimate_pence, method: 'estimate', sales: 0, last_sale_at: null };
  if (item.price_paid_pence !== null) return { value_pence: item.price_paid_pence, method: 'price_paid', sales: 0, last_sale_at: null };
  return { value_pence: 0, method: 'none', sales: 0, last_sale_at: null };
}

export interface OwnedItem extends ValuedItem {
  /** YYYY-MM-DD. */
  acquired_on: string;
  /** ISO instant, or null while owned. */
  removed_at: string | null;
}

interface GraphPoint { month: string; date: string; value_pence: number }

/** At most this many monthly points (the last ten years). */
const GRAPH_MONTHS = 120;

/** Items owned at `asOf`: bought on or before its day and not removed by then. */
const ownedAt = (items: readonly OwnedItem[], asOf: string) =>
  items.filter((i) => i.acquired_on <= asOf.slice(0, 10) && (i.removed_at === null || i.removed_at > asOf));

function collectionValue(items: readonly OwnedItem[], sales: readonly Sale[], asOf: string): number {
  return ownedAt(items, asOf).reduce((sum, i) => sum + estimateValue(i, sales, asOf).value_pence, 0);
}

/**
 * The collection's value at the end of each month, from the month of the first purchase to the current month,
 * whose point is `now` itself: the last point always equals the current total.
 */
export function monthlyValues(items: readonly OwnedItem[], sales: readonly Sale[], now: string): GraphPoint[] {
  if (items.length === 0) return [];
  const first = items.map((i) => i.acquired_on).sort()[0]!; // ISO dates: text order is date order
  const end = new Date(now);
  let y = Number(first.slice(0, 4));
  let m = Number(first.slice(5, 7)) - 1;
  const months = (end.getUTCFullYear() - y) * 12 + end.getUTCMonth() - m;
  if (months >= GRAPH_MONTHS) {
    const start = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - (GRAPH_MONTHS - 1), 1));
    y = start.getUTCFullYear();
    m = start.getUTCMonth();
  }
  const points: GraphPoint[] = [];
  for (;;) {
    const monthEnd = new Date(Date.UTC(y, m + 1, 1) - 1);
    const last = monthEnd >= end;
    const asOf = last ? end.toISOString() : monthEnd.toISOString();
    points.push({ month: `${y}-${String(m + 1).padStart(2, '0')}`, date: asOf, value_pence: collectionValue(items, sales, asOf) });
    if (last) return points;
    m += 1;
    if (m === 12) { m = 0; y += 1; }
  }
}
