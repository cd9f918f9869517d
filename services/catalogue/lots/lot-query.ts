/**
 * Lot filters as SQL conditions over the lots table, ordering, and the facet counters. Auction-level filters (live,
 * past, year) become an `auction_id IN (...)` list computed from the (small) auctions table first.
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../../../infra/db/database';
import { assertNever } from '../../../domain/shared/decider';
import type { AuctionView } from '../auctions/read';
import { REST_OF_WORLD, type LotFilter, type Ordering } from './filter-query';
import { caskConditions, LOTS_CASK_COLUMNS, type CaskColumns } from './cask-filter';

export type Facet = 'distillery' | 'region' | 'type' | 'vat_enabled' | 'cask_type';
type Eb = ExpressionBuilder<Database, 'lots'>;
type Condition = Expression<SqlBool>;

export interface FilterContext {
  now: Date;
  auctions: AuctionView[];
}

const never = sql<SqlBool>`false`;

function inList(eb: Eb, column: 'auction_id' | 'distillery' | 'item_type', values: string[]): Condition {
  return values.length === 0 ? never : eb(column, 'in', values);
}

function auctionIds(f: LotFilter, ctx: FilterContext): string[] | null {
  let ids: string[] | null = null;
  const keep = (pred: (a: AuctionView) => boolean) => {
    const chosen = ctx.auctions.filter(pred).map((a) => a.id);
    ids = ids === null ? chosen : ids.filter((id) => chosen.includes(id));
  };
  if (f.live || f.past) keep((a) => (f.live === true && a.status === 'live') || (f.past === true && a.status === 'past'));
  if (f.year.length > 0) keep((a) => f.year.includes(a.year));
  if (f.auction.length > 0) keep((a) => f.auction.includes(a.id));
  return ids;
}

/**
 * Every active filter, except the facet being counted (a facet's counts ignore its own selection). `cask` says where
 * the cask values are: the listings run on lots, search on lot_search (services/catalogue/lots/cask-filter.ts).
 */
export function lotConditions(eb: Eb, f: LotFilter, ctx: FilterContext, except?: Facet, cask: CaskColumns = LOTS_CASK_COLUMNS): Condition {
  const c: Condition[] = [];
  const ids = auctionIds(f, ctx);
  if (ids !== null) c.push(inList(eb, 'auction_id', ids));
  if (f.featured !== undefined) c.push(eb('featured', '=', f.featured));
  if (f.still_on_bidding) {
    c.push(eb('outcome', 'is', null), eb('starts_at', '<=', ctx.now), eb('ends_at', '>', ctx.now));
  }
  // vat_enabled=false hides lots with VAT on the hammer; true (the client's default) hides nothing.
  if (f.vat_enabled === false && except !== 'vat_enabled') c.push(eb('vat_enabled', '=', false));
  if (f.min_end_date) c.push(eb('ends_at', '>=', f.min_end_date));
  if (f.max_end_date) c.push(eb('ends_at', '<', f.max_end_date));
  if (f.distillery.length > 0 && except !== 'distillery') c.push(inList(eb, 'distillery', f.distillery));
  if (f.region.length > 0 && except !== 'region') c.push(regionCondition(eb, f.region));
  if (f.type.length > 0 && except !== 'type') c.push(inList(eb, 'item_type', f.type));
  if (f.age_min !== undefined) c.push(eb('age', '>=', f.age_min));
  if (f.age_max !== undefined) c.push(eb('age', '<=', f.age_max));
  c.push(...caskConditions(eb, f, cask, except === 'cask_type'));
  return eb.and(c);
}

function regionCondition(eb: Eb, regions: string[]): Condition {
  const named = regions.filter((r) => r !== REST_OF_WORLD);
  const parts: Condition[] = [];
  if (named.length > 0) parts.push(eb('region', 'in', named));
  if (named.length < regions.length) parts.push(eb('region', 'is', null));
  return eb.or(parts);
}

/** Ordering plus a stable tie-break on consign order, so pages never repeat or skip a lot. */
export function orderLots<O>(q: SelectQueryBuilder<Database, 'lots', O>, ordering: Ordering): SelectQueryBuilder<Database, 'lots', O> {
  switch (ordering) {
    case '-price':
      return q.orderBy('price_sort', 'desc').orderBy('consign_position', 'asc');
    case 'price':
      return q.orderBy('price_sort', 'asc').orderBy('consign_position', 'asc');
    case 'name':
      return q.orderBy('name_sort', 'asc').orderBy('consign_position', 'asc');
    case '-name':
      return q.orderBy('name_sort', 'desc').orderBy('consign_position', 'asc');
    case '-id':
      return q.orderBy('consign_position', 'desc');
    case 'id':
      return q.orderBy('consign_position', 'asc');
    default:
      return assertNever(ordering);
  }
}
