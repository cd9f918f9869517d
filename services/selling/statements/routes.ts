/**
 * The seller statement PDF (docs/selling.md "Seller statement"): GET /api/auctions/get_last_auction_seller_pdf/
 * (the most recent auction in which the caller had a closed lot) and GET /api/auctions/{auctionId}/get_seller_pdf/,
 * answered as `{file (base64), filename, mime_type: 'application/pdf'}` like the other documents. 404 for an
 * unknown auction and for one the caller had no lots in: a statement only ever shows the caller's own lots.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answers, base64FileAnswer } from '../../../infra/http/answers';
import { orNotFound } from '../../../infra/http/validation';
import { pdfFile, type PdfFileAnswer } from '../../../infra/documents/pdf';
import type { AppContext } from '../../context';
import { requireUser } from '../../../infra/http/auth';
import { NotFound } from '../../../domain/shared/errors';
import { lastAuctionIdOf, loadStatement } from './statement-data';
import { renderStatementPdf } from './statement-pdf';

const auctionParams = z.object({ auctionId: z.string().uuid() });
const AUCTION_NOT_FOUND = 'Auction not found.';

export function sellerStatementRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const answer = async (sellerId: string, auctionId: string): Promise<PdfFileAnswer> => {
    const statement = await loadStatement(ctx.db, sellerId, auctionId);
    if (!statement) throw new NotFound('You had no lots in this auction.');
    const file = await renderStatementPdf(statement, ctx.clock.now());
    const { year, sequence_no } = statement.auction;
    return pdfFile(file, `seller-statement-${year}-${sequence_no}.pdf`);
  };

  app.get('/api/auctions/get_last_auction_seller_pdf/', { schema: { summary: "Seller statement PDF of the user's last finished auction", response: answers({ 200: base64FileAnswer }, 401, 404) } }, async (request) => {
    const me = requireUser(request).id;
    const auctionId = await lastAuctionIdOf(ctx.db, me);
    if (!auctionId) throw new NotFound('You have no lots in a finished auction yet.');
    return answer(me, auctionId);
  });

  app.get('/api/auctions/:auctionId/get_seller_pdf/', { schema: { summary: 'Seller statement PDF of one auction', params: auctionParams, response: answers({ 200: base64FileAnswer }, 401, 404) } }, async (request) => {
    const me = requireUser(request).id;
    const auctionId = orNotFound(() => request.params.auctionId, AUCTION_NOT_FOUND);
    const exists = await ctx.db.selectFrom('auctions').select('id').where('id', '=', auctionId).executeTakeFirst();
    if (!exists) throw new NotFound(AUCTION_NOT_FOUND);
    return answer(me, auctionId);
  });
}
