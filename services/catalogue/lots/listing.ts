/** Running a filtered, ordered, paged lot listing, and the facet counters of the same filters. */
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { loadAuctions } from '../auctions/read';
import { lotConditions, orderLots, type Facet, type FilterContext } from './lot-query';
import { REST_OF_WORLD, type LotFilter, type Ordering } from './filter-query';
import type { LotRow } from './shape';
import type { FacetCount, FilterCounters } from './list-answers';
import { LOTS_CASK_COLUMNS, rangeAggregates, rangesOf, withoutCaskRanges, type CaskRanges, type RangeRow } from './cask-filter';

// The counters' answer (list-answers.ts filterCountersAnswer): cask_type counts cask lots only; the cask ranges are
// bounded among the cask lots under the other filters (the ranges ignore their own).
export type { FacetCount, FilterCounters };

export async function filterContext(ctx: AppContext): Promise<FilterContext> {
  const now = ctx.clock.now();
  return { now, auctions: await loadAuctions(ctx.db, now) };
}

export async function listLots(
  ctx: AppContext, f: LotFilter, fctx: FilterContext, ordering: Ordering, page: number, pageSize: number,
): Promise<{ rows: LotRow[]; count: number }> {
  const [rows, total] = await Promise.all([
    orderLots(ctx.db.selectFrom('lots').selectAll().where((eb) => lotConditions(eb, f, fctx)), ordering)
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    ctx.db.selectFrom('lots').select(sql<number>`count(*)::int`.as('n')).where((eb) => lotConditions(eb, f, fctx)).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: total.n };
}

const FACET_COLUMN = { distillery: 'distillery', region: 'region', type: 'item_type', vat_enabled: 'vat_enabled', cask_type: 'cask_type' } as const;

async function countFacet(ctx: AppContext, f: LotFilter, fctx: FilterContext, facet: Facet): Promise<{ value: unknown; count: number }[]> {
  const column = FACET_COLUMN[facet];
  return ctx.db
    .selectFrom('lots')
    .select([sql<unknown>`${sql.ref(column)}`.as('value'), sql<number>`count(*)::int`.as('count')])
    .where((eb) => lotConditions(eb, f, fctx, facet))
    .$if(facet === 'cask_type', (q) => q.where('item_type', '=', 'cask').where('cask_type', 'is not', null))
    .groupBy(column)
    .orderBy(column)
    .execute();
}

/** For each facet, how many lots each value would give under the other active filters. */
export async function filterCounters(ctx: AppContext, f: LotFilter, fctx: FilterContext): Promise<FilterCounters> {
  const [[distillery, region, type, vat, caskType], ranges] = await Promise.all([
    Promise.all((['distillery', 'region', 'type', 'vat_enabled', 'cask_type'] as const).map((facet) => countFacet(ctx, f, fctx, facet))),
    caskRanges(ctx, f, fctx),
  ]);
  const named = (rows: { value: unknown; count: number }[]) => rows.map((r) => ({ value: r.value === null ? REST_OF_WORLD : String(r.value), count: r.count }));
  return {
    distillery: named(distillery),
    region: named(region),
    type: named(type),
    vat_enabled: { true: vat.find((r) => r.value === true)?.count ?? 0, false: vat.find((r) => r.value === false)?.count ?? 0 },
    cask_type: named(caskType),
    cask_ranges: ranges,
  };
}

/** Among the cask lots under every other filter (the type filter aside: a cask range implies casks). */
async function caskRanges(ctx: AppContext, f: LotFilter, fctx: FilterContext): Promise<CaskRanges> {
  const rows = await ctx.db
    .selectFrom('lots')
    .select(rangeAggregates(LOTS_CASK_COLUMNS))
    .where((eb) => eb.and([lotConditions(eb, withoutCaskRanges(f), fctx, 'type'), eb('item_type', '=', 'cask')]))
    .execute();
  return rangesOf(rows as RangeRow[]);
}
