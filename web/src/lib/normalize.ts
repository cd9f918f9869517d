/**
 * Readers of API answers: the tolerant `unwrap`/`toPage` for answers whose wrapping may vary ({data: ...}, bare
 * arrays), the checked reader of the lot page's data block, and the listing filters' readers of the server's typed
 * answers.
 */
import { toPence, type Pence } from './money';
import type { BidIncrement, FilterCounters, LotPageData } from '../api/contract';
import type { Auction, Lot, LotItem, Page } from './types';

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
 * The lot page's HTML data block (state/page-data.ts), already parsed: the lot as the server's writer declares it
 * (`LotPageData`, services/pages/lot-page-meta.ts), so a field renamed there fails the type check here. It is JSON the
 * client did not ask for, so the parts the page draws from are checked before it is trusted: null for anything else
 * (a garbled or foreign block; the page then reads the lot itself, as it does with no block).
 */
export function readLotBlock(v: unknown): LotPageData | null {
  if (!isObj(v)) return null;
  const d: Partial<Record<keyof LotPageData, unknown>> = v;
  if (typeof d.id !== 'string' || d.id === '' || !isObj(d.item) || !isObj(d.bid_stats) || !Array.isArray(d.photos)) return null;
  return v as LotPageData;
}

interface IncrementRow {
  from: Pence;
  to: Pence | null;
  step: Pence;
}

/** GET /api/bid_increments/ (`[{from, to, step}]`, decimal strings; `to` null on the open top band) in pence, lowest band first. */
export function parseIncrements(bands: readonly BidIncrement[]): IncrementRow[] {
  const rows: IncrementRow[] = [];
  for (const band of bands) {
    const from = toPence(band.from);
    const step = toPence(band.step);
    if (from === null || step === null) continue;
    rows.push({ from, to: toPence(band.to), step });
  }
  return rows.sort((a, b) => a.from - b.from);
}

/** One counted choice of a facet, as the filter counters answer it. */
export type CounterOption = FilterCounters['distillery'][number];

/** The counters' choice facets (the yes/no `vat_enabled` belongs to a toggle, `cask_ranges` to the range inputs). */
const FACETS = ['distillery', 'region', 'type', 'cask_type'] as const satisfies readonly (keyof FilterCounters)[];

/** The filter counters' choice lists by facet; a facet with no choice is left out (its group is not shown). */
export function parseCounters(counters: FilterCounters): Record<string, CounterOption[]> {
  const out: Record<string, CounterOption[]> = {};
  for (const key of FACETS) if (counters[key].length > 0) out[key] = counters[key];
  return out;
}

/** GET /api/auction_years/, latest first, each once. */
export const parseYears = (years: readonly number[]): number[] => [...new Set(years)].sort((a, b) => b - a);

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
