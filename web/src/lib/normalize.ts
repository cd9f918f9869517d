/** Tolerant readers of API answers whose exact wrapping may vary ({data: ...}, {results: ...}, bare arrays). */
import { toPence, type Pence } from './money';
import type { FilterCounters } from '../api/contract';
import type { Auction, BidStats, Lot, LotItem, Page } from './types';

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** `{data: X}` -> X (when X is the payload rather than a field of a list answer). */
export function unwrap<T = unknown>(v: unknown): T {
  let cur = v;
  for (let i = 0; i < 2 && isObj(cur) && 'data' in cur && !('results' in cur) && !('id' in cur); i++) cur = cur.data;
  return cur as T;
}

export function toPage<T>(v: unknown): Page<T> {
  const d = unwrap(v);
  if (Array.isArray(d)) return { count: d.length, total_pages: 1, next: null, previous: null, results: d as T[] };
  if (isObj(d) && Array.isArray(d.results)) {
    const results = d.results as T[];
    const count = typeof d.count === 'number' ? d.count : results.length;
    const total = typeof d.total_pages === 'number' ? d.total_pages : typeof d.count_page === 'number' ? d.count_page : 1;
    const link = (v: unknown) => (typeof v === 'string' ? v : null);
    return { count, total_pages: Math.max(1, total as number), results, next: link(d.next), previous: link(d.previous) };
  }
  return { count: 0, total_pages: 1, next: null, previous: null, results: [] };
}

export const toList = <T>(v: unknown): T[] => toPage<T>(v).results;

/**
 * A lot read from JSON the client did not ask the API for (the lot page's data block, state/page-data.ts), bare or
 * under `data`: null when it is no lot. The API's own lot answers are typed by the contract and need no reading; a
 * lot without its item or stats (never the server's) gets empty ones, so the cards can still draw it.
 */
export function toLot(v: unknown): Lot | null {
  const d = unwrap<Record<string, unknown>>(v);
  if (!isObj(d) || (typeof d.id !== 'number' && typeof d.id !== 'string') || d.id === '') return null;
  const lot = d as unknown as Lot;
  lot.id = String(d.id);
  lot.item ??= emptyItem(lot.id, lot.custom_title ?? `Lot ${lot.id}`);
  lot.bid_stats ??= { ...NO_STATS };
  return lot;
}

const NO_STATS: BidStats = { step: '0.00', current_bid: null, is_winning: false, current_user_bid: null, opening_bid: '0.00', next_minimum_bid: '0.00', has_bids: false };

const emptyItem = (id: string, title: string): LotItem => ({
  id, slug: '', estimated_value: '0.00', title, subtitle: '', description: '', distillery: { name: '', description: null, region: null },
  is_notification: false, type: 'bottle', age: null, volume_ml: null, abv: null, cask_type: null, cask_number: null, bottled_at: null,
  distilled_at: null, bulk_litres: null, regauge_date: null, rla: null,
});

interface IncrementRow {
  from: Pence;
  to: Pence | null;
  step: Pence;
}

/** GET /api/bid_increments/: `[{from, to, step}]` decimal strings; also min/max/increment spellings. */
export function parseIncrements(v: unknown): IncrementRow[] {
  const d = unwrap(v);
  const list = Array.isArray(d) ? d : isObj(d) ? (d.results ?? d.increments ?? []) : [];
  if (!Array.isArray(list)) return [];
  const rows: IncrementRow[] = [];
  for (const r of list) {
    if (!isObj(r)) continue;
    const from = toPence((r.from ?? r.price_from ?? r.min ?? r.start ?? 0) as string);
    const toRaw = r.to ?? r.price_to ?? r.max ?? r.end ?? null;
    const step = toPence((r.step ?? r.increment ?? r.bid_increment ?? null) as string);
    if (from === null || step === null) continue;
    rows.push({ from, to: toRaw === null || toRaw === '' ? null : toPence(toRaw as string), step });
  }
  return rows.sort((a, b) => a.from - b.from);
}

/** One counted choice of a facet, as the filter counters answer it. */
export type CounterOption = FilterCounters['distillery'][number];

/** Filter counters: `{distillery: [{value, count}], ...}`; also `{name, count}` rows or `{value: count}` maps. */
export function parseCounters(v: unknown): Record<string, CounterOption[]> {
  let d = unwrap(v);
  if (isObj(d) && isObj(d.filters)) d = d.filters;
  if (isObj(d) && isObj(d.filter_counters)) d = d.filter_counters;
  const out: Record<string, CounterOption[]> = {};
  if (!isObj(d)) return out;
  for (const [key, raw] of Object.entries(d)) {
    let options: CounterOption[] = [];
    if (Array.isArray(raw)) {
      for (const r of raw) {
        if (typeof r === 'string') options.push({ value: r, count: 0 });
        else if (isObj(r)) {
          const value = r.value ?? r.name ?? r.title ?? r.key ?? r.id;
          if (value === undefined || value === null) continue;
          options.push({ value: String(value), count: Number(r.count ?? r.total ?? r.lots_count ?? 0) || 0 });
        }
      }
    } else if (isObj(raw)) {
      // A yes/no facet ({true: n, false: m}, e.g. vat_enabled) belongs to a toggle, not a choice list.
      if (Object.keys(raw).every((k) => k === 'true' || k === 'false')) continue;
      options = Object.entries(raw).filter(([, c]) => typeof c === 'number').map(([value, c]) => ({ value, count: c as number }));
    } else continue;
    if (options.length) out[key] = options;
  }
  return out;
}

/** GET /api/auction_years/: numbers or {year} rows, sorted descending. */
export function parseYears(v: unknown): number[] {
  const d = unwrap(v);
  const list = Array.isArray(d) ? d : isObj(d) ? (d.results ?? d.years ?? []) : [];
  if (!Array.isArray(list)) return [];
  const years = list
    .map((y) => (isObj(y) ? Number(y.year) : Number(y)))
    .filter((y) => Number.isInteger(y) && y > 1900);
  return [...new Set(years)].sort((a, b) => b - a);
}

/** "region" -> "Region", "cask_type" -> "Cask type", "bottle" -> "Bottle". */
export function filterLabel(key: string): string {
  const s = key.replace(/_/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export const lotTitle = (lot: Pick<Lot, 'custom_title' | 'id'> & { item?: Pick<LotItem, 'title'> }) => lot.custom_title || lot.item?.title || `Lot ${lot.id}`;
export const lotSubtitle = (lot: Pick<Lot, 'custom_subtitle'> & { item?: Pick<LotItem, 'subtitle'> }) => lot.custom_subtitle || lot.item?.subtitle || '';

/** A person as the staff screens name them: first and last name, else the email. */
export const personName = (p: { first_name?: string; last_name?: string; email?: string }) =>
  `${p.first_name ?? ''} ${p.last_name ?? ''}`.trim() || p.email || '—';
/** "Auction No. 12 · 2026": the server's auctions have no title, and always a sequence number (at least 1) and a year. */
export const auctionName = (a: Pick<Auction, 'sequence_no' | 'year'>) => `Auction No. ${a.sequence_no} · ${a.year}`;
