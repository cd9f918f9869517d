/**
 * The cask filters of the listings and search (docs/search.md "Cask filters"): cask type (counted choices) and the
 * ABV, bulk litres, RLA and regauge date ranges. They live in the filters' `selected` map under their query names
 * (`cask_type`, `abv_min`, ...; a range value as a one-item list), so both query builders send them unchanged.
 */
import type { CaskRanges, FilterCounters } from '../api/contract';
import type { CounterOption } from './normalize';

interface CaskRangeSpec {
  key: 'abv' | 'bulk_litres' | 'rla' | 'regauge_date';
  label: string;
  kind: 'number' | 'date';
  max?: number;
}

export const CASK_RANGES: readonly CaskRangeSpec[] = [
  { key: 'abv', label: 'ABV (%)', kind: 'number', max: 100 },
  { key: 'bulk_litres', label: 'Bulk litres', kind: 'number', max: 2000 },
  { key: 'rla', label: 'RLA (litres of alcohol)', kind: 'number', max: 2000 },
  { key: 'regauge_date', label: 'Regauge date', kind: 'date' },
];

const CASK_KEYS = ['cask_type', ...CASK_RANGES.flatMap((r) => [`${r.key}_min`, `${r.key}_max`])];

/** The bounds of each range among the cask lots (null when there are none); empty until the counters come. */
export type CaskRangeBounds = Partial<CaskRanges>;

export type RangeDraft = Record<string, string>;

/** The range values chosen now (`{abv_min: '55'}`), for the inputs. */
export function rangeDraft(selected: Record<string, readonly string[]>): RangeDraft {
  const out: RangeDraft = {};
  for (const r of CASK_RANGES) for (const edge of ['min', 'max']) out[`${r.key}_${edge}`] = selected[`${r.key}_${edge}`]?.[0] ?? '';
  return out;
}

/** Why a draft cannot be applied (by field), or null: the same rules the API answers 400 for. */
export function rangeErrors(draft: RangeDraft): Record<string, string> | null {
  const errors: Record<string, string> = {};
  for (const r of CASK_RANGES) {
    const min = draft[`${r.key}_min`]?.trim() ?? '';
    const max = draft[`${r.key}_max`]?.trim() ?? '';
    for (const [edge, v] of [['min', min], ['max', max]] as const) {
      if (v === '') continue;
      if (r.kind === 'number' && (!Number.isFinite(Number(v)) || Number(v) < 0 || Number(v) > (r.max ?? Infinity))) {
        errors[`${r.key}_${edge}`] = `Enter a number from 0 to ${r.max}.`;
      }
      if (r.kind === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(v)) errors[`${r.key}_${edge}`] = 'Enter a valid date.';
    }
    if (min !== '' && max !== '' && !errors[`${r.key}_min`] && !errors[`${r.key}_max`]) {
      const below = r.kind === 'number' ? Number(max) < Number(min) : max < min;
      if (below) errors[`${r.key}_max`] = 'Must not be below the minimum.';
    }
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/** The selection with the draft's ranges in place of the old ones (empty inputs drop their key). */
export function applyRanges(selected: Record<string, readonly string[]>, draft: RangeDraft): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(selected)) if (!(k in draft)) out[k] = [...v];
  for (const [k, v] of Object.entries(draft)) if (v.trim() !== '') out[k] = [v.trim()];
  return out;
}

const hasCaskFilter = (selected: Record<string, readonly string[]>) => CASK_KEYS.some((k) => (selected[k]?.length ?? 0) > 0);

/**
 * The Cask group shows when there are casks to filter (the type counter counts some under the other filters) and
 * the type choice does not rule casks out, or when a cask filter is set (so it can be seen and cleared).
 */
export function showCaskGroup(selected: Record<string, readonly string[]>, counters: Record<string, readonly CounterOption[]>): boolean {
  if (hasCaskFilter(selected)) return true;
  const types = selected.type ?? [];
  const casks = counters.type?.find((o) => o.value === 'cask')?.count ?? 0;
  return casks > 0 && (types.length === 0 || types.includes('cask'));
}

/** `cask_ranges` of a filter_counters answer: the bounds for the inputs' hints. */
export const parseCaskRanges = (counters: Pick<FilterCounters, 'cask_ranges'>): CaskRangeBounds => counters.cask_ranges;
