/**
 * Cask filters of the lot listings and search (docs/search.md "Cask filters"): cask type (a counted facet), ABV,
 * bulk litres, RLA and regauge date ranges. Any of them narrows to cask lots: a bottle's cask_type or ABV never
 * matches. The same conditions run on `lots` (the listings; bulk litres and the regauge date live in the item JSON
 * there) and on `lot_search` (search; migration 0750 keeps them as columns), through the column expressions below.
 */
import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../../infra/db/database';
import { repeated } from '../../../infra/http/validation';
import type { CaskRanges } from './list-answers';

type Eb = ExpressionBuilder<Database, 'lots'>;
type Condition = Expression<SqlBool>;

const day = z.iso.date({ message: 'Enter a valid date (YYYY-MM-DD).' });
const amount = (max: number) => z.coerce.number({ message: 'Enter a number.' }).min(0).max(max);

/** Query fields (spread into every listing and search query). Ranges are inclusive at both ends. */
export const caskFilterFields = {
  cask_type: repeated(z.string().trim().min(1).max(120)),
  abv_min: amount(100).optional(),
  abv_max: amount(100).optional(),
  bulk_litres_min: amount(2_000).optional(),
  bulk_litres_max: amount(2_000).optional(),
  rla_min: amount(2_000).optional(),
  rla_max: amount(2_000).optional(),
  regauge_date_min: day.optional(),
  regauge_date_max: day.optional(),
};

export interface CaskFilter {
  cask_type: string[];
  abv_min?: number;
  abv_max?: number;
  bulk_litres_min?: number;
  bulk_litres_max?: number;
  rla_min?: number;
  rla_max?: number;
  regauge_date_min?: string;
  regauge_date_max?: string;
}

export const CASK_RANGES = ['abv', 'bulk_litres', 'rla', 'regauge_date'] as const;
export type CaskRange = (typeof CASK_RANGES)[number];

/** A range whose minimum is above its maximum is a 400 on the maximum (`{"abv_max": ["..."]}`), not an empty page. */
export function checkCaskRanges<T extends CaskFilter>(f: T, ctx: z.RefinementCtx<T>): void {
  for (const name of CASK_RANGES) {
    const min = f[`${name}_min`];
    const max = f[`${name}_max`];
    if (min === undefined || max === undefined) continue;
    if (typeof min === 'number' && typeof max === 'number' ? min > max : String(min) > String(max)) {
      ctx.addIssue({ code: 'custom', path: [`${name}_max`], message: 'Must not be below the minimum.' });
    }
  }
}

/** The filter without its ranges: what the range bounds (a range ignores its own selection) are counted under. */
export function withoutCaskRanges<F extends CaskFilter>(f: F): F {
  const out = { ...f };
  for (const name of CASK_RANGES) {
    delete out[`${name}_min`];
    delete out[`${name}_max`];
  }
  return out;
}

/** Where each cask value is found: on `lots` (item JSON) or as the `lot_search` columns of the same names. */
export type CaskColumns = Record<'cask_type' | CaskRange, RawBuilder<unknown>>;

const bulkInItem = sql`(item->>'bulk_litres')::numeric`;
export const LOTS_CASK_COLUMNS: CaskColumns = {
  cask_type: sql`cask_type`,
  abv: sql`abv`,
  bulk_litres: bulkInItem,
  // As the Lot API computes it (domain/collection/rules.ts rla): bulk litres × ABV, to 0.01 l.
  rla: sql`round(${bulkInItem} * abv) / 100`,
  // YYYY-MM-DD text: compares as the date does, and a malformed value fails no query.
  regauge_date: sql`(item->>'regauge_date')`,
};
export const SEARCH_CASK_COLUMNS: CaskColumns = {
  cask_type: sql.ref('cask_type'),
  abv: sql.ref('abv'),
  bulk_litres: sql.ref('bulk_litres'),
  rla: sql.ref('rla'),
  regauge_date: sql.ref('regauge_date'),
};

export function hasCaskFilter(f: CaskFilter, exceptType = false): boolean {
  return (!exceptType && f.cask_type.length > 0) || CASK_RANGES.some((n) => f[`${n}_min`] !== undefined || f[`${n}_max`] !== undefined);
}

/** The cask conditions (none when no cask filter is set); `exceptType` leaves the cask type out (its own counts). */
export function caskConditions(eb: Eb, f: CaskFilter, cols: CaskColumns, exceptType: boolean): Condition[] {
  if (!hasCaskFilter(f, exceptType)) return [];
  const c: Condition[] = [eb('item_type', '=', 'cask')];
  if (!exceptType && f.cask_type.length > 0) c.push(eb(cols.cask_type as Expression<string>, 'in', f.cask_type));
  for (const name of CASK_RANGES) {
    const col = cols[name] as Expression<string | number>;
    const min = f[`${name}_min`];
    const max = f[`${name}_max`];
    if (min !== undefined) c.push(eb(col, '>=', min));
    if (max !== undefined) c.push(eb(col, '<=', max));
  }
  return c;
}

/** The answer's bounds (list-answers.ts caskRangesAnswer). */
export type { CaskRanges };

/** Per-row or per-group aggregates of the ranges: `min_abv, max_abv, ...` (the names `rangesOf` reads). */
export function rangeAggregates(cols: CaskColumns) {
  return CASK_RANGES.flatMap((name) => [
    sql<string | null>`min(${cols[name]})::text`.as(`min_${name}`),
    sql<string | null>`max(${cols[name]})::text`.as(`max_${name}`),
  ]);
}

export type RangeRow = Record<`${'min' | 'max'}_${CaskRange}`, string | null>;

/** Combines aggregate rows (one per group) into the bounds; numbers as numbers, dates as YYYY-MM-DD. */
export function rangesOf(rows: RangeRow[]): CaskRanges {
  const pick = (name: CaskRange, edge: 'min' | 'max'): string | null => {
    const values = rows.map((r) => r[`${edge}_${name}`]).filter((v): v is string => v !== null);
    if (values.length === 0) return null;
    const cmp = (a: string, b: string) => (name === 'regauge_date' ? a.localeCompare(b) : Number(a) - Number(b));
    return values.sort(cmp)[edge === 'min' ? 0 : values.length - 1]!;
  };
  const num = (v: string | null) => (v === null ? null : Number(v));
  return {
    abv: { min: num(pick('abv', 'min')), max: num(pick('abv', 'max')) },
    bulk_litres: { min: num(pick('bulk_litres', 'min')), max: num(pick('bulk_litres', 'max')) },
    rla: { min: num(pick('rla', 'min')), max: num(pick('rla', 'max')) },
    regauge_date: { min: pick('regauge_date', 'min'), max: pick('regauge_date', 'max') },
  };
}
