/**
 * Lot listing filters for /auction (live) and /past-auction (past): defaults, the query string sent to
 * GET /api/lots/filters/ (and its filter_counters), and saving them in session storage per listing.
 */
export type ListingMode = 'live' | 'past';

export const SORT_OPTIONS = [
  { value: '-price', label: 'Price (highest first)' },
  { value: 'price', label: 'Price (lowest first)' },
  { value: 'name', label: 'Name (A-Z)' },
  { value: '-name', label: 'Name (Z-A)' },
  { value: '-id', label: 'Lot ID (Most Recent)' },
  { value: 'id', label: 'Lot ID (Oldest)' },
] as const;

export const PAGE_SIZES = [40, 80, 100, 120] as const;

export interface ListingFilters {
  page: number;
  page_size: number;
  ordering: string;
  still_on_bidding: boolean;
  /** On by default: lots with VAT on the hammer are included; off sends vat_enabled=false. */
  vat_enabled: boolean;
  year: number | null;
  min_end_date: string | null;
  max_end_date: string | null;
  /** Multi-choice filters (distillery, region, type, ...), sent as repeated keys. */
  selected: Record<string, string[]>;
}

const iso = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** First day of the previous month to the first day of the current month (by end date). */
export function defaultDateRange(today: Date): { min: string; max: string } {
  const max = new Date(today.getFullYear(), today.getMonth(), 1);
  const min = new Date(today.getFullYear(), today.getMonth() - 1, 1);
  return { min: iso(min), max: iso(max) };
}

export function defaultFilters(mode: ListingMode, today: Date = new Date()): ListingFilters {
  const base: ListingFilters = {
    page: 1, page_size: PAGE_SIZES[0], ordering: SORT_OPTIONS[0].value, still_on_bidding: false, vat_enabled: true,
    year: null, min_end_date: null, max_end_date: null, selected: {},
  };
  if (mode === 'live') return base;
  const range = defaultDateRange(today);
  return { ...base, year: Number(range.min.slice(0, 4)), min_end_date: range.min, max_end_date: range.max };
}

function shiftYear(date: string | null, delta: number): string | null {
  if (!date) return date;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return date;
  const year = Number(m[1]) + delta;
  // 29 February shifted into a common year becomes 28 February.
  const lastDay = new Date(year, Number(m[2]), 0).getDate();
  return `${year}-${m[2]}-${String(Math.min(Number(m[3]), lastDay)).padStart(2, '0')}`;
}

/** Choosing another year moves the date range into that year, keeping its months and days. */
export function withYear(f: ListingFilters, year: number): ListingFilters {
  const from = f.min_end_date ? Number(f.min_end_date.slice(0, 4)) : f.year ?? year;
  const delta = year - from;
  return {
    ...f, year, page: 1,
    min_end_date: shiftYear(f.min_end_date ?? `${from}-01-01`, delta),
    max_end_date: shiftYear(f.max_end_date ?? `${from + 1}-01-01`, delta),
  };
}

/** The query of GET /api/lots/filters/ and /api/lots/filters/filter_counters/; arrays as repeated keys. */
export function buildListingQuery(f: ListingFilters, mode: ListingMode): string {
  const q = new URLSearchParams();
  q.set(mode, 'true');
  q.set('page', String(f.page));
  q.set('page_size', String(f.page_size));
  q.set('ordering', f.ordering);
  if (f.still_on_bidding) q.set('still_on_bidding', 'true');
  if (!f.vat_enabled) q.set('vat_enabled', 'false');
  if (mode === 'past') {
    if (f.min_end_date) q.set('min_end_date', f.min_end_date);
    if (f.max_end_date) q.set('max_end_date', f.max_end_date);
  }
  for (const key of Object.keys(f.selected).sort()) {
    for (const value of f.selected[key] ?? []) if (value !== '') q.append(key, value);
  }
  return q.toString();
}

/** Toggles one value of a multi-choice filter and goes back to page 1. */
export function toggleValue(f: ListingFilters, key: string, value: string): ListingFilters {
  const current = f.selected[key] ?? [];
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  const selected = { ...f.selected, [key]: next };
  if (next.length === 0) delete selected[key];
  return { ...f, selected, page: 1 };
}

export const STORAGE_KEYS: Record<ListingMode, string> = {
  live: 'auction-filters:current',
  past: 'auction-filters:past',
};

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
type Log = (message: string, error: unknown) => void;
const defaultLog: Log = (m, e) => console.warn(m, e);

export function saveFilters(store: StorageLike, mode: ListingMode, f: ListingFilters, log: Log = defaultLog): void {
  try {
    store.setItem(STORAGE_KEYS[mode], JSON.stringify(f));
  } catch (e) {
    log('Could not save the auction filters', e);
  }
}

export function clearFilters(store: StorageLike, mode: ListingMode, log: Log = defaultLog): void {
  try {
    store.removeItem(STORAGE_KEYS[mode]);
  } catch (e) {
    log('Could not clear the auction filters', e);
  }
}

/** Saved filters over the defaults; anything malformed falls back to the default value. */
export function loadFilters(store: StorageLike, mode: ListingMode, today = new Date(), log: Log = defaultLog): ListingFilters {
  const d = defaultFilters(mode, today);
  let raw: unknown;
  try {
    const text = store.getItem(STORAGE_KEYS[mode]);
    raw = text ? JSON.parse(text) : null;
  } catch (e) {
    log('Could not read the auction filters', e);
    return d;
  }
  if (!raw || typeof raw !== 'object') return d;
  const r = raw as Partial<ListingFilters>;
  const selected: Record<string, string[]> = {};
  if (r.selected && typeof r.selected === 'object') {
    for (const [k, v] of Object.entries(r.selected)) {
      if (Array.isArray(v)) selected[k] = v.filter((x): x is string => typeof x === 'string');
    }
  }
  const dateOr = (v: unknown, fb: string | null) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : v === null ? null : fb);
  return {
    page: Number.isInteger(r.page) && r.page! > 0 ? r.page! : d.page,
    page_size: (PAGE_SIZES as readonly number[]).includes(r.page_size as number) ? r.page_size! : d.page_size,
    ordering: SORT_OPTIONS.some((o) => o.value === r.ordering) ? r.ordering! : d.ordering,
    still_on_bidding: typeof r.still_on_bidding === 'boolean' ? r.still_on_bidding : d.still_on_bidding,
    vat_enabled: typeof r.vat_enabled === 'boolean' ? r.vat_enabled : d.vat_enabled,
    year: typeof r.year === 'number' ? r.year : r.year === null ? null : d.year,
    min_end_date: mode === 'past' ? dateOr(r.min_end_date, d.min_end_date) : null,
    max_end_date: mode === 'past' ? dateOr(r.max_end_date, d.max_end_date) : null,
    selected,
  };
}
