/**
 * Lot detail side blocks: GET /api/lots/related_lots/, /api/similar_lots/, /api/people_also_bid_on/ (lots) and
 * /api/historical_performance/ (past hammer prices of the same item). All take `lot_id` (related_lots may omit it).
 */
import { z } from 'zod';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { parseQuery } from '../../../infra/http/validation';
import { pageAnswer, paginate } from '../../../infra/http/pagination';
import { answers } from '../../../infra/http/answers';
import { penceToDecimal } from '../../../domain/shared/money';
import { idOr404, requireLot } from '../http';
import { filterContext } from '../lots/listing';
import { idsWithStatus } from '../auctions/read';
import { presentLots, viewerOf } from '../lots/present';
import type { LotRow } from '../lots/shape';
import { lotPageAnswer } from '../lots/lot-answer';
import { historicalSaleAnswer } from '../lots/list-answers';

const blockQuery = (required: boolean, pageSize: number) =>
  z.object({
    lot_id: required ? z.string() : z.string().optional(),
    page: z.coerce.number().int().min(1).default(1),
    page_size: z.coerce.number().int().min(1).max(100).default(pageSize),
  });

type Ranked = { rows: LotRow[]; count: number };

export function lotRelatedRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const block = (url: string, summary: string, required: boolean, find: (lot: LotRow | null, page: number, size: number) => Promise<Ranked>) => {
    const query = blockQuery(required, 6);
    app.get(url, { schema: { summary, querystring: query, response: answers({ 200: lotPageAnswer }, 400, 404) } }, async (request) => {
      const q = parseQuery(query, request.query);
      const lot = q.lot_id === undefined ? null : await requireLot(ctx, idOr404(q.lot_id, 'Lot not found.'));
      const { rows, count } = await find(lot, q.page, q.page_size);
      return paginate(await presentLots(ctx, rows, viewerOf(request)), count, q.page, q.page_size, request.url);
    });
  };

  block('/api/lots/related_lots/', 'Lots related to a lot (or featured lots)', false, (lot, page, size) => relatedLots(ctx, lot, page, size));
  block('/api/similar_lots/', 'Lots similar to a lot', true, (lot, page, size) => similarLots(ctx, lot!, page, size));
  block('/api/people_also_bid_on/', 'Lots that bidders on a lot also bid on', true, (lot, page, size) => peopleAlsoBidOn(ctx, lot!, page, size));

  const historyQuery = blockQuery(true, 100);
  app.get('/api/historical_performance/', { schema: { summary: 'Past hammer prices of the same item', querystring: historyQuery, response: answers({ 200: pageAnswer(historicalSaleAnswer) }, 400, 404) } }, async (request) => {
    const q = parseQuery(historyQuery, request.query);
    const lot = await requireLot(ctx, idOr404(q.lot_id, 'Lot not found.'));
    const base = ctx.db
      .selectFrom('lots as l')
      .innerJoin('auctions as a', 'a.id', 'l.auction_id')
      .where('l.outcome', '=', 'sold')
      .where('l.id', '<>', lot.id)
      .where(sql<boolean>`lower(l.title) = lower(${lot.title})`)
      .where('l.distillery', '=', lot.distillery);
    const [rows, total] = await Promise.all([
      base
        .select(['l.id', 'l.reference_no', 'l.title', 'l.hammer_price_pence', 'l.ends_at', 'a.id as auction_id', 'a.end_date', 'a.year', 'a.sequence_no'])
        .orderBy('a.end_date', 'asc')
        .orderBy('l.consign_position', 'asc')
        .limit(q.page_size)
        .offset((q.page - 1) * q.page_size)
        .execute(),
      base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    ]);
    const results = rows.map((r) => ({
      id: r.id,
      reference_no: r.reference_no,
      title: r.title,
      hammer_price: penceToDecimal(r.hammer_price_pence ?? 0),
      date: r.end_date.toISOString(),
      auction: { id: r.auction_id, year: r.year, sequence_no: r.sequence_no, end_date: r.end_date.toISOString() },
    }));
    return paginate(results, total.n, q.page, q.page_size, request.url);
  });
}

/** Other lots of live auctions: same distillery first, then same region; without a lot, the most bid-on. */
async function relatedLots(ctx: AppContext, lot: LotRow | null, page: number, size: number): Promise<Ranked> {
  const live = idsWithStatus((await filterContext(ctx)).auctions, 'live');
  if (live.length === 0) return { rows: [], count: 0 };
  let q = ctx.db.selectFrom('lots').where('auction_id', 'in', live);
  if (lot) {
    q = q.where('id', '<>', lot.id).where((eb) =>
      eb.or([eb('distillery', '=', lot.distillery), lot.region === null ? eb('region', 'is', null) : eb('region', '=', lot.region)]),
    );
  }
  const ordered = lot
    ? q.orderBy(sql`(distillery = ${lot.distillery})`, 'desc').orderBy('consign_position', 'asc')
    : q.orderBy('bid_count', 'desc').orderBy('consign_position', 'asc');
  const [rows, total] = await Promise.all([
    ordered.selectAll().limit(size).offset((page - 1) * size).execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: total.n };
}

/** Lots still to be sold (live or next) of the same type and distillery or region, nearest estimate first. */
async function similarLots(ctx: AppContext, lot: LotRow, page: number, size: number): Promise<Ranked> {
  const q = ctx.db
    .selectFrom('lots')
    .where('outcome', 'is', null)
    .where('id', '<>', lot.id)
    .where('item_type', '=', lot.item_type)
    .where((eb) => eb.or([eb('distillery', '=', lot.distillery), lot.region === null ? eb('region', 'is', null) : eb('region', '=', lot.region)]));
  const [rows, total] = await Promise.all([
    q.selectAll()
      .orderBy(sql`(distillery = ${lot.distillery})`, 'desc')
      .orderBy(sql`abs(estimated_value_pence - ${lot.estimated_value_pence})`, 'asc')
      .orderBy('consign_position', 'asc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: total.n };
}

/** Other lots the bidders of this lot bid on: open lots first, then by how many of them bid there. */
async function peopleAlsoBidOn(ctx: AppContext, lot: LotRow, page: number, size: number): Promise<Ranked> {
  const shared = ctx.db
    .selectFrom('lot_bidders as other')
    .innerJoin('lot_bidders as mine', 'mine.user_id', 'other.user_id')
    .where('mine.lot_id', '=', lot.id)
    .where('other.lot_id', '<>', lot.id)
    .select(['other.lot_id', sql<number>`count(*)::int`.as('shared')])
    .groupBy('other.lot_id');
  const q = ctx.db.selectFrom('lots').innerJoin(shared.as('s'), 's.lot_id', 'lots.id');
  const [rows, total] = await Promise.all([
    q.selectAll('lots')
      .orderBy(sql`(lots.outcome is null)`, 'desc')
      .orderBy('s.shared', 'desc')
      .orderBy('lots.consign_position', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: total.n };
}
