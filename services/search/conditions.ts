/**
 * The SQL of search (docs/search.md), over lot_search (migration 0700): which lots match the resolved tsquery, who is in the population (the sold
 * and live switches), and the relevance score. Raw SQL against the columns and indexes of migration 0700.
 */
import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../infra/db/database';
import type { ResolvedQuery } from './resolve';
import { lotConditions, type Facet, type FilterContext } from '../catalogue/lots/lot-query';
import type { LotFilter } from '../catalogue/lots/filter-query';
import { SEARCH_CASK_COLUMNS } from '../catalogue/lots/cask-filter';
import type { SearchScope } from './search-query';
import './tables';

type Eb = ExpressionBuilder<Database, 'lot_search'>;
type Condition = Expression<SqlBool>;

type LotsEb = ExpressionBuilder<Database, 'lots'>;

/** The listing's filters, the population and the match: what results and counters both run. */
export function searchConditions(eb: Eb, f: LotFilter, scope: SearchScope, q: ResolvedQuery, fctx: FilterContext, except?: Facet): Condition {
  // lotConditions names its columns unqualified, and lot_search carries them under the same names (the cask values
  // as columns of their own, migration 0750).
  const listing = lotConditions(eb as unknown as LotsEb, f, fctx, except, SEARCH_CASK_COLUMNS);
  return eb.and([listing, populationCondition(eb, scope, fctx.now), matchCondition(q)]);
}

const tsquery = (q: string) => sql`to_tsquery('simple', ${q})`;

/** The full-text match (GIN index on search_vector); no words: everything matches. */
export function matchCondition(q: ResolvedQuery): RawBuilder<SqlBool> {
  return q === null ? sql<SqlBool>`true` : sql<SqlBool>`search_vector @@ ${tsquery(q)}`;
}

/**
 * Open lots (not closed, which includes withdrawn); with the live switch only those on bidding now. With the sold
 * switch, sold lots too. Closed unsold lots never show: nothing to buy and no price to learn from.
 *
 * With sold lots in, the population is most of the table: it is written so no index matches it (a filter on the
 * rows the full-text index found), as a bitmap of every sold lot costs more than the whole search.
 */
export function populationCondition(eb: Eb, scope: { sold: boolean; live: boolean }, now: Date): Condition {
  const onBidding = [eb('starts_at', '<=', now), eb('ends_at', '>', now)];
  if (!scope.sold) return eb.and([eb('outcome', 'is', null), ...(scope.live ? onBidding : [])]);
  if (!scope.live) return sql<SqlBool>`coalesce(outcome, 'open') <> 'unsold'`;
  return eb.or([eb.and([eb('outcome', 'is', null), ...onBidding]), sql<SqlBool>`coalesce(outcome, 'open') = 'sold'`]);
}

/**
 * ts_rank with the weights of the vector: a title match (A, 1.0) above distillery (B, 0.4), region (C, 0.2) and
 * description (D, 0.1).
 */
export function relevance(q: ResolvedQuery): RawBuilder<number> {
  return q === null ? sql<number>`0` : sql<number>`ts_rank(search_vector, ${tsquery(q)})`;
}
