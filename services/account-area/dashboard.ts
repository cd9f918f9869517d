/**
 * The buyer's dashboard: GET /api/dashboard_lots/current_auction/ and /api/dashboard_lots/most_recent_auction/.
 * The caller's lots (bid on or watched) in one auction, in the lot list shape plus `auction`, `counts`,
 * `total_amount` and a `dashboard_state` on each lot (docs/account-area.md "Dashboard").
 *
 * One user's lots in one auction are few (at most a few hundred), so they are loaded whole, classified here and
 * paged in memory: the counts always describe all of them, whatever the page.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { requireUser } from '../../infra/http/auth';
import { parseQuery } from '../../infra/http/validation';
import { paginate } from '../../infra/http/pagination';
import { answers } from '../../infra/http/answers';
import { penceToDecimal } from '../../domain/shared/money';
import { auctionShape, loadAuctions, type AuctionView } from '../catalogue/auctions/read';
import { lotPageQuery } from '../catalogue/lots/lot-page';
import { presentLots, viewerOf } from '../catalogue/lots/present';
import type { LotRow } from '../catalogue/lots/shape';
import { dashboardAnswer, type DashboardAnswer } from './answer-schemas';

type DashboardState = 'winning' | 'outbid' | 'won' | 'lost' | 'watching';

interface DashboardCounts { total: number; winning: number; outbid: number; won: number; lost: number; watching: number }

/** Where the caller stands on one lot: closed lots are won or lost, open ones winning or outbid; not bid on, watching. */
function dashboardState(row: Pick<LotRow, 'outcome' | 'winner_id' | 'leader_id'>, me: string, hasBid: boolean): DashboardState {
  if (!hasBid) return 'watching';
  if (row.outcome !== null) return row.winner_id === me ? 'won' : 'lost';
  return row.leader_id === me ? 'winning' : 'outbid';
}

/** The live auction (the newest started if two overlap) or the most recently ended past one. */
function pickAuction(auctions: AuctionView[], which: 'current' | 'most_recent'): AuctionView | null {
  if (which === 'current') return auctions.find((a) => a.status === 'live') ?? null;
  const past = auctions.filter((a) => a.status === 'past');
  past.sort((a, b) => b.end_date.getTime() - a.end_date.getTime() || a.id.localeCompare(b.id));
  return past[0] ?? null;
}

async function dashboard(ctx: AppContext, request: FastifyRequest, which: 'current' | 'most_recent'): Promise<DashboardAnswer> {
  const me = requireUser(request).id;
  const q = parseQuery(lotPageQuery, request.query);
  const auction = pickAuction(await loadAuctions(ctx.db, ctx.clock.now()), which);
  const counts: DashboardCounts = { total: 0, winning: 0, outbid: 0, won: 0, lost: 0, watching: 0 };
  if (auction === null) return { ...paginate([], 0, q.page, q.page_size, request.url), auction: null, counts, total_amount: '0.00' };

  const bidOn = ctx.db.selectFrom('lot_bidders').select('lot_id').where('user_id', '=', me);
  const watched = ctx.db.selectFrom('watching_list').select('lot_id').where('user_id', '=', me).where('watched', '=', true);
  const [rows, bids] = await Promise.all([
    ctx.db.selectFrom('lots').selectAll()
      .where('auction_id', '=', auction.id)
      .where((eb) => eb.or([eb('id', 'in', bidOn), eb('id', 'in', watched)]))
      .orderBy('ends_at', 'asc').orderBy('consign_position', 'asc')
      .execute(),
    ctx.db.selectFrom('lot_bidders').select('lot_id').where('user_id', '=', me)
      .where('lot_id', 'in', ctx.db.selectFrom('lots').select('id').where('auction_id', '=', auction.id))
      .execute(),
  ]);
  const withBid = new Set(bids.map((b) => b.lot_id));
  let amount = 0;
  const states = new Map<string, DashboardState>();
  for (const row of rows) {
    const state = dashboardState(row, me, withBid.has(row.id));
    states.set(row.id, state);
    counts[state] += 1;
    if (state === 'won') amount += row.hammer_price_pence ?? 0;
    if (state === 'winning') amount += row.current_price_pence ?? 0;
  }
  counts.total = rows.length;
  const pageRows = rows.slice((q.page - 1) * q.page_size, q.page * q.page_size);
  const lots = (await presentLots(ctx, pageRows, viewerOf(request))).map((lot) => ({ ...lot, dashboard_state: states.get(lot.id)! }));
  return { ...paginate(lots, rows.length, q.page, q.page_size, request.url), auction: auctionShape(auction), counts, total_amount: penceToDecimal(amount) };
}

export function dashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/dashboard_lots/current_auction/', { schema: { summary: "Dashboard: the user's lots in the live auction", querystring: lotPageQuery, response: answers({ 200: dashboardAnswer }, 400, 401) } }, (request) => dashboard(ctx, request, 'current'));
  app.get('/api/dashboard_lots/most_recent_auction/', { schema: { summary: "Dashboard: the user's lots in the last ended auction", querystring: lotPageQuery, response: answers({ 200: dashboardAnswer }, 400, 401) } }, (request) => dashboard(ctx, request, 'most_recent'));
}
