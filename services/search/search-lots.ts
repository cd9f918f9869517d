/**
 * Running a search: the page of lots (GET /api/search_lots/) and the facet counters of the same search
 * (GET /api/search_lots/filter_counters/). Matching, counting and ranking run on the narrow lot_search rows; only
 * the page's lots are read from lots (the price orderings excepted: the running price lives in lots only). The
 * listing's filters apply unchanged (lotConditions: lot_search has the same column names), so a counter is exactly
 * the count the search gives with that value chosen.
 */
import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../../projections/database';
import type { AppContext } from '../context';
import { assertNever } from '../../domain/shared/decider';
import { lotConditions, type Facet, type FilterContext } from '../catalogue/lots/lot-query';
import { REST_OF_WORLD, type LotFilter } from '../catalogue/lots/filter-query';
import type { FilterCounters } from '../catalogue/lots/listing';
import type { LotRow } from '../catalogue/lots/shape';
import { matchCondition, populationCondition, relevance } from './conditions';
import type { SearchOrdering, SearchScope } from './search-query';
import type { ResolvedQuery } from './resolve';
import './tables';

type Eb = ExpressionBuilder<Database, 'lot_search'>;
type LotsEb = ExpressionBuilder<Database, 'lots'>;

function searchConditions(eb: Eb, f: LotFilter, scope: SearchScope, q: ResolvedQuery, fctx: FilterContext, except?: Facet) {
  // lotConditions names its columns unqualified, and lot_search carries them under the same names.
  return eb.and([lotConditions(eb as unknown as LotsEb, f, fctx, except), populationCondition(eb, scope, fctx.now), matchCondition(q)]);
}

type IdQuery = SelectQueryBuilder<Database, 'lot_search', { id: string }>;

function orderIds(ids: IdQuery, ordering: Exclude<SearchOrdering, 'price' | '-price'>, q: ResolvedQuery): IdQuery {
  switch (ordering) {
    case 'relevance':
      // Relevance without a term has nothing to rank by: newest first.
      return q === null ? ids.orderBy('consign_position', 'desc') : ids.orderBy(relevance(q), 'desc').orderBy('consign_position', 'desc');
    case 'name':
      return ids.orderBy('name_sort', 'asc').orderBy('consign_position', 'asc');
    case '-name':
      return ids.orderBy('name_sort', 'desc').orderBy('consign_position', 'asc');
    case '-id':
      return ids.orderBy('consign_position', 'desc');
    case 'id':
      return ids.orderBy('consign_position', 'asc');
    default:
      return assertNever(ordering);
  }
}

export async function searchLots(
  ctx: AppContext, f: LotFilter, scope: SearchScope, q: ResolvedQuery, fctx: FilterContext,
  ordering: SearchOrdering, page: number, pageSize: number,
): Promise<{ rows: LotRow[]; count: number }> {
  const matched = ctx.db.selectFrom('lot_search').where((eb) => searchConditions(eb, f, scope, q, fctx));
  const offset = (page - 1) * pageSize;
  const rows = async (): Promise<LotRow[]> => {
    if (ordering === 'price' || ordering === '-price') {
      // The matched ids first (a MATERIALIZED CTE is planned on its own: the GIN bitmap scan), then a top-N sort of
      // just those lots; `+ 0` keeps the planner from walking the whole price index probing each lot instead.
      return ctx.db
        .with((cte) => cte('matched').materialized(), () => matched.select('id'))
        .selectFrom('lots')
        .selectAll('lots')
        .where('lots.id', 'in', (eb) => eb.selectFrom('matched').select('matched.id'))
        .orderBy(sql`price_sort + 0`, ordering === '-price' ? 'desc' : 'asc').orderBy('consign_position', 'asc')
        .limit(pageSize).offset(offset).execute();
    }
    const ids = (await orderIds(matched.select('id'), ordering, q).limit(pageSize).offset(offset).execute()).map((r) => r.id);
    if (ids.length === 0) return [];
    const byId = new Map((await ctx.db.selectFrom('lots').selectAll().where('id', 'in', ids).execute()).map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id)).filter((r): r is LotRow => r !== undefined);
  };
  const [list, total] = await Promise.all([rows(), matched.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()]);
  return { rows: list, count: total.n };
}

interface Combination {
  distillery: string;
  region: string | null;
  item_type: string;
  vat_enabled: boolean;
  count: number;
}

/** Whether a combination passes the facet filters, all but `except` (a facet's counts ignore its own selection). */
function passes(c: Combination, f: LotFilter, except: Facet): boolean {
  return (except === 'distillery' || f.distillery.length === 0 || f.distillery.includes(c.distillery))
    && (except === 'region' || f.region.length === 0 || f.region.includes(c.region ?? REST_OF_WORLD))
    && (except === 'type' || f.type.length === 0 || (f.type as string[]).includes(c.item_type))
    && (except === 'vat_enabled' || f.vat_enabled !== false || !c.vat_enabled);
}

function tally(combos: Combination[], f: LotFilter, facet: Facet, key: (c: Combination) => string): { value: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const c of combos) if (passes(c, f, facet)) counts.set(key(c), (counts.get(key(c)) ?? 0) + c.count);
  const rest = (v: string) => (v === REST_OF_WORLD ? 1 : 0);
  return [...counts].map(([value, count]) => ({ value, count })).sort((a, b) => rest(a.value) - rest(b.value) || a.value.localeCompare(b.value));
}

/**
 * The listing's counters (same shape, same "a facet ignores its own selection" rule), within the search. One pass
 * over the matched lots: the count of every (distillery, region, type, VAT) combination under the other filters,
 * then each facet is tallied from the few hundred combinations that pass the facet filters but its own.
 */
export async function searchCounters(ctx: AppContext, f: LotFilter, scope: SearchScope, q: ResolvedQuery, fctx: FilterContext): Promise<FilterCounters> {
  const unfaceted: LotFilter = { ...f, distillery: [], region: [], type: [], vat_enabled: undefined };
  const combos: Combination[] = await ctx.db
    .selectFrom('lot_search')
    .select(['distillery', 'region', 'item_type', 'vat_enabled', sql<number>`count(*)::int`.as('count')])
    .where((eb) => searchConditions(eb, unfaceted, scope, q, fctx))
    .groupBy(['distillery', 'region', 'item_type', 'vat_enabled'])
    .execute();
  const vat = tally(combos, f, 'vat_enabled', (c) => String(c.vat_enabled));
  return {
    distillery: tally(combos, f, 'distillery', (c) => c.distillery),
    region: tally(combos, f, 'region', (c) => c.region ?? REST_OF_WORLD),
    type: tally(combos, f, 'type', (c) => c.item_type),
    vat_enabled: { true: vat.find((r) => r.value === 'true')?.count ?? 0, false: vat.find((r) => r.value === 'false')?.count ?? 0 },
  };
}
