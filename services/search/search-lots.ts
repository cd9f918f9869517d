/**
 * Running a search: the page of lots (GET /api/search_lots/) and the facet counters of the same search
 * (GET /api/search_lots/filter_counters/). Matching, counting and ranking run on the narrow lot_search rows; only
 * the page's lots are read from lots (the price orderings excepted: the running price lives in lots only). The
 * listing's filters apply unchanged (lotConditions: lot_search has the same column names), so a counter is exactly
 * the count the search gives with that value chosen.
 */
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../../infra/db/database';
import type { AppContext } from '../context';
import { assertNever } from '../../domain/shared/decider';
import type { FilterContext } from '../catalogue/lots/lot-query';
import type { LotFilter } from '../catalogue/lots/filter-query';
import type { LotRow } from '../catalogue/lots/shape';
import { relevance, searchConditions } from './conditions';
import type { SearchOrdering, SearchScope } from './search-query';
import type { ResolvedQuery } from './resolve';
import './tables';

// The counters live in their own file; routes import both from here.
export { searchCounters } from './search-counters';

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
