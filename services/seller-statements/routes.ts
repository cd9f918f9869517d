/**
 * The seller statement PDF (docs/selling.md "Seller statement"): GET /api/auctions/get_last_auction_seller_pdf/
 * (the most recent auction in which the caller had a closed lot) and GET /api/auctions/{auctionId}/get_seller_pdf/,
 * answered as `{file (base64), filename, mime_type: 'application/pdf'}` like the other documents. 404 for an
 * unknown auction and for one the caller had no lots in: a statement only ever shows the caller's own lots.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { requireUser } from '../http/auth';
import { NotFound } from '../../domain/shared/errors';
import { lastAuctionIdOf, loadStatement } from './statement-data';
import { renderStatementPdf } from './statement-pdf';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function sellerStatementRoutes(app: FastifyInstance, ctx: AppContext): void {
  const answer = async (sellerId: string, auctionId: string) => {
    const statement = await loadStatement(ctx.db, sellerId, auctionId);
    if (!statement) throw new NotFound('You had no lots in this auction.');
    const file = await renderStatementPdf(statement, ctx.clock.now());
    const { year, sequence_no } = statement.auction;
    return { file: file.toString('base64'), filename: `seller-statement-${year}-${sequence_no}.pdf`, mime_type: 'application/pdf' };
  };

  app.get('/api/auctions/get_last_auction_seller_pdf/', { schema: { summary: "Seller statement PDF of the user's last finished auction" } }, async (request) => {
    const me = requireUser(request).id;
    const auctionId = await lastAuctionIdOf(ctx.db, me);
    if (!auctionId) throw new NotFound('You have no lots in a finished auction yet.');
    return answer(me, auctionId);
  });

  app.get<{ Params: { auctionId: string } }>('/api/auctions/:auctionId/get_seller_pdf/', { schema: { summary: 'Seller statement PDF of one auction' } }, async (request) => {
    const me = requireUser(request).id;
    const { auctionId } = request.params;
    const exists = UUID.test(auctionId) && (await ctx.db.selectFrom('auctions').select('id').where('id', '=', auctionId).executeTakeFirst());
    if (!exists) throw new NotFound('Auction not found.');
    return answer(me, auctionId);
  });
}
