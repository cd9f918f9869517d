/**
 * GET /api/search_lots/suggestions/: what to offer while the user types. A mix of lots (best matches first, each
 * with the price that matters: the hammer price of a sold lot, the current bid of a live one), and distilleries and
 * regions whose names match (search_names: a lookup in a few hundred names, no lot counting, so a suggestion stays
 * cheap however broad the term). The same resolved query as the search.
 */
import { sql } from 'kysely';
import { z } from 'zod';
import { money } from '../../infra/http/answers';
import type { AppContext } from '../context';
import { penceToDecimal } from '../../domain/shared/money';
import { matchCondition, populationCondition, relevance } from './conditions';
import type { ResolvedQuery } from './resolve';
import type { SearchScope } from './search-query';
import './tables';

export const SUGGESTED_LOTS = 6;
export const SUGGESTED_NAMES = 3;

export type PriceLabel = 'hammer_price' | 'current_bid' | 'opening_bid';

export const suggestionSchema = z.union([
  z.object({
    kind: z.literal('lot'), id: z.string(), slug: z.string(), title: z.string(), distillery: z.string(), region: z.string().nullable(),
    status: z.enum(['scheduled', 'live', 'sold']), price: money, price_label: z.enum(['hammer_price', 'current_bid', 'opening_bid'] satisfies PriceLabel[]),
  }),
  z.object({ kind: z.enum(['distillery', 'region']), value: z.string() }),
]);
export type Suggestion = z.infer<typeof suggestionSchema>;

export async function suggestions(ctx: AppContext, scope: SearchScope, q: ResolvedQuery): Promise<Suggestion[]> {
  if (q === null) return [];
  const now = ctx.clock.now();
  const inScope = ctx.db.selectFrom('lot_search').where((eb) => populationCondition(eb, scope, now));

  const [lots, names] = await Promise.all([
    inScope
      .select('id')
      .where(matchCondition(q))
      .orderBy(relevance(q), 'desc')
      .orderBy('consign_position', 'desc')
      .limit(SUGGESTED_LOTS)
      .execute()
      .then(async (ids) => {
        if (ids.length === 0) return [];
        const rows = await ctx.db
          .selectFrom('lots')
          .select(['id', 'slug', 'title', 'custom_title', 'distillery', 'region', 'outcome', 'starts_at', 'hammer_price_pence', 'current_price_pence', 'opening_bid_pence'])
          .where('id', 'in', ids.map((r) => r.id))
          .execute();
        const byId = new Map(rows.map((r) => [r.id, r]));
        return ids.map((r) => byId.get(r.id)).filter((r) => r !== undefined);
      }),
    sql<{ kind: 'distillery' | 'region'; name: string }>`
      SELECT kind, name FROM search_names WHERE to_tsvector('simple', name) @@ to_tsquery('simple', ${q}) ORDER BY kind, length(name), name
    `.execute(ctx.db).then((r) => r.rows),
  ]);

  return [
    ...lots.map((l): Suggestion => {
      const sold = l.outcome === 'sold';
      const [price, price_label]: [number, PriceLabel] = sold
        ? [l.hammer_price_pence ?? 0, 'hammer_price']
        : l.current_price_pence !== null ? [l.current_price_pence, 'current_bid'] : [l.opening_bid_pence, 'opening_bid'];
      return {
        kind: 'lot', id: l.id, slug: l.slug, title: l.custom_title ?? l.title, distillery: l.distillery, region: l.region,
        status: sold ? 'sold' : l.starts_at.getTime() > now.getTime() ? 'scheduled' : 'live',
        price: penceToDecimal(price), price_label,
      };
    }),
    ...(['distillery', 'region'] as const).flatMap((kind) =>
      names.filter((n) => n.kind === kind).slice(0, SUGGESTED_NAMES).map((n): Suggestion => ({ kind, value: n.name }))),
  ];
}
