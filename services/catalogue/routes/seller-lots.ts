/**
 * The seller area (the caller's own lots as seller): GET /api/reserve_met/, /api/reserve_not_met/ (lots open for
 * bidding), /api/sheduled_auction/ (not started yet; path spelled so), /api/recent_auctions_result/ and
 * /api/no_sold_recent_auctions_result/ (sold / unsold in the most recent finished auction they sold in),
 * /api/past_auctions_result/ and /api/no_sold_past_auctions_result/ (sold / unsold in earlier auctions, or in the
 * `auction` given). Each page adds total_amount_bid: the current bids (or hammer prices) of all listed lots.
 * Each lot adds seller_costs, payment_status and paid_to_wallet_at (docs/selling.md; null unless sold).
 */
import { z } from 'zod';
import { sql, type SqlBool } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { parseQuery } from '../../../infra/http/validation';
import { requireUser } from '../../../infra/http/auth';
import { answers } from '../../../infra/http/answers';
import { penceToDecimal } from '../../../domain/shared/money';
import { lotPage, lotPageQuery, type LotCondition } from '../lots/lot-page';
import { sellerLotPageAnswer } from '../lots/lot-answer';
import { loadLotSales, saleFields } from '../../selling/statements/sale-status';
// The "recent" auction here is the seller statement's: one definition for both.
import { lastAuctionIdOf } from '../../selling/statements/statement-data';

const sellerQuery = lotPageQuery.extend({ auction: z.string().uuid({ message: 'Enter a valid auction id.' }).optional() });

type Results = 'recent' | 'past';

export function sellerLotRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const list = (url: string, condition: (me: string, now: Date, auction?: string) => Promise<LotCondition>, order: 'ends_asc' | 'ends_desc', summary: string) =>
    app.get(url, { schema: { summary, querystring: sellerQuery, response: answers({ 200: sellerLotPageAnswer }, 400, 401) } }, async (request) => {
      const me = requireUser(request).id;
      const q = parseQuery(sellerQuery, request.query);
      const where = await condition(me, ctx.clock.now(), q.auction);
      const { rows_total_pence, ...page } = await lotPage(ctx, request, (eb) => eb.and([eb('seller_id', '=', me), where(eb)]), {
        page: q.page, pageSize: q.page_size, order,
      });
      const sales = await loadLotSales(ctx.db, me, page.results.map((l) => l.id));
      const results = page.results.map((l) => ({ ...l, ...saleFields(sales.get(l.id)) }));
      return { ...page, results, total_amount_bid: penceToDecimal(rows_total_pence) };
    });

  const open = (met: boolean) => async (_me: string, now: Date): Promise<LotCondition> => (eb) =>
    eb.and([eb('outcome', 'is', null), eb('starts_at', '<=', now), eb('reserve_met', '=', met)]);
  list('/api/reserve_met/', open(true), 'ends_asc', "Seller: open lots whose reserve is met");
  list('/api/reserve_not_met/', open(false), 'ends_asc', "Seller: open lots whose reserve is not met");
  list('/api/sheduled_auction/', async (_me, now) => (eb) => eb.and([eb('outcome', 'is', null), eb('starts_at', '>', now)]), 'ends_asc', 'Seller: lots in scheduled auctions');

  const results = (which: Results, outcome: 'sold' | 'unsold') => async (me: string, _now: Date, auction?: string): Promise<LotCondition> => {
    const recent = await lastAuctionIdOf(ctx.db, me);
    return (eb) => {
      const inAuction = auction
        ? eb('auction_id', '=', auction)
        : which === 'recent'
          ? recent === null ? sql<SqlBool>`false` : eb('auction_id', '=', recent)
          : recent === null ? sql<SqlBool>`true` : eb('auction_id', '<>', recent);
      return eb.and([eb('outcome', '=', outcome), inAuction]);
    };
  };
  list('/api/recent_auctions_result/', results('recent', 'sold'), 'ends_desc', 'Seller: sold lots of the last auction');
  list('/api/no_sold_recent_auctions_result/', results('recent', 'unsold'), 'ends_desc', 'Seller: unsold lots of the last auction');
  list('/api/past_auctions_result/', results('past', 'sold'), 'ends_desc', 'Seller: sold lots of earlier auctions');
  list('/api/no_sold_past_auctions_result/', results('past', 'unsold'), 'ends_desc', 'Seller: unsold lots of earlier auctions');
}
