/**
 * The counters of a search (GET /api/search_lots/filter_counters/): the listing's shape and rule (a facet's counts
 * ignore its own selection), within the search. One pass over the matched lots counts every (distillery, region,
 * type, VAT, cask type) combination under the other filters, with the bounds of the cask values in each; every
 * facet is then tallied from the combinations that pass the facet filters but its own.
 */
import { sql } from 'kysely';
import type { AppContext } from '../context';
import type { FilterContext } from '../catalogue/lots/lot-query';
import { REST_OF_WORLD, type LotFilter } from '../catalogue/lots/filter-query';
import type { FilterCounters } from '../catalogue/lots/listing';
import { hasCaskFilter, rangeAggregates, rangesOf, SEARCH_CASK_COLUMNS, withoutCaskRanges, type RangeRow } from '../catalogue/lots/cask-filter';
import { searchConditions } from './conditions';
import type { SearchScope } from './search-query';
import type { ResolvedQuery } from './resolve';
import './tables';

type Facet = 'distillery' | 'region' | 'type' | 'vat_enabled' | 'cask_type';

interface Combination extends RangeRow {
  distillery: string;
  region: string | null;
  item_type: string;
  vat_enabled: boolean;
  /** Set on cask lots only (lot_search keeps no cask type for bottles). */
  cask_type: string | null;
  count: number;
}

/** Whether a combination passes the facet filters, all but `except` (a facet's counts ignore its own selection). */
function passes(c: Combination, f: LotFilter, except: Facet): boolean {
  return (except === 'distillery' || f.distillery.length === 0 || f.distillery.includes(c.distillery))
    && (except === 'region' || f.region.length === 0 || f.region.includes(c.region ?? REST_OF_WORLD))
    && (except === 'type' || f.type.length === 0 || (f.type as string[]).includes(c.item_type))
    && (except === 'vat_enabled' || f.vat_enabled !== false || !c.vat_enabled)
    && (except === 'cask_type' || f.cask_type.length === 0 || (c.item_type === 'cask' && c.cask_type !== null && f.cask_type.includes(c.cask_type)));
}

function tally(combos: Combination[], f: LotFilter, facet: Facet, key: (c: Combination) => string | null): { value: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const c of combos) {
    const k = key(c);
    if (k !== null && passes(c, f, facet)) counts.set(k, (counts.get(k) ?? 0) + c.count);
  }
  const rest = (v: string) => (v === REST_OF_WORLD ? 1 : 0);
  return [...counts].map(([value, count]) => ({ value, count })).sort((a, b) => rest(a.value) - rest(b.value) || a.value.localeCompare(b.value));
}

async function combinations(ctx: AppContext, f: LotFilter, scope: SearchScope, q: ResolvedQuery, fctx: FilterContext): Promise<Combination[]> {
  // The facets are tallied in memory: the pass runs without them.
  const unfaceted: LotFilter = { ...f, distillery: [], region: [], type: [], vat_enabled: undefined, cask_type: [] };
  const rows = await ctx.db
    .selectFrom('lot_search')
    .select(['distillery', 'region', 'item_type', 'vat_enabled', 'cask_type', sql<number>`count(*)::int`.as('count')])
    .select(rangeAggregates(SEARCH_CASK_COLUMNS))
    .where((eb) => searchConditions(eb, unfaceted, scope, q, fctx))
    .groupBy(['distillery', 'region', 'item_type', 'vat_enabled', 'cask_type'])
    .execute();
  return rows as Combination[];
}

export async function searchCounters(ctx: AppContext, f: LotFilter, scope: SearchScope, q: ResolvedQuery, fctx: FilterContext): Promise<FilterCounters> {
  // The range bounds ignore the ranges themselves: with a range chosen they need a pass without the ranges.
  const rangesChosen = hasCaskFilter(f, true);
  const [combos, rangeCombos] = await Promise.all([
    combinations(ctx, f, scope, q, fctx),
    rangesChosen ? combinations(ctx, withoutCaskRanges(f), scope, q, fctx) : Promise.resolve(null),
  ]);
  const vat = tally(combos, f, 'vat_enabled', (c) => String(c.vat_enabled));
  // Among the cask lots passing every facet (the type aside: a cask range implies casks).
  const casks = (rangeCombos ?? combos).filter((c) => c.item_type === 'cask' && passes(c, f, 'type'));
  return {
    distillery: tally(combos, f, 'distillery', (c) => c.distillery),
    region: tally(combos, f, 'region', (c) => c.region ?? REST_OF_WORLD),
    type: tally(combos, f, 'type', (c) => c.item_type),
    vat_enabled: { true: vat.find((r) => r.value === 'true')?.count ?? 0, false: vat.find((r) => r.value === 'false')?.count ?? 0 },
    cask_type: tally(combos, f, 'cask_type', (c) => (c.item_type === 'cask' ? c.cask_type : null)),
    cask_ranges: rangesOf(casks),
  };
}
