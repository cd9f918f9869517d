/**
 * Staff lot endpoints: POST /api/staff/lots/ consigns a lot (ConsignLot on `lot-<uuid>`), POST
 * /api/staff/lots/{id}/featured/ sets the featured flag. Both answer the lot in the Lot API shape.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { bidding } from '../../bidding/bidding';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { parseBody } from '../../../infra/http/validation';
import { requireStaff } from '../../../infra/http/auth';
import { answers } from '../../../infra/http/answers';
import { ValidationError } from '../../../domain/shared/errors';
import { lotDecider } from '../../../domain/catalogue/lot/decide';
import { lotStream } from '../streams';
import { idFromParams, metadataOf, requireLot, settle } from '../http';
import { consignBody, toApiFieldErrors, toConsignCommand } from '../lots/consign-input';
import { presentLot, viewerOf } from '../lots/present';
import { lotAnswer } from '../lots/lot-answer';
import { consignedLotRow, lotRowAfter } from '../lots/decided-row';
import { reserveLotReferenceNos } from '../lots/reference-numbers';

export const featuredBody = z.object({ featured: z.boolean({ message: 'Must be true or false.' }) });

export function staffLotRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.post('/api/staff/lots/', { schema: { summary: 'Staff: consign a lot', body: consignBody, response: answers({ 201: lotAnswer }, 400, 401, 403) } }, async (request, reply) => {
    const staff = requireStaff(request);
    const body = parseBody(consignBody, request.body);
    const auction = await ctx.db.selectFrom('auctions').selectAll().where('id', '=', body.auction).executeTakeFirst();
    const seller = await ctx.db.selectFrom('users').select('id').where('id', '=', body.seller).executeTakeFirst();
    const missing: Record<string, string[]> = {};
    if (!auction) missing.auction = ['Auction not found.'];
    if (!seller) missing.seller = ['User not found.'];
    if (!auction || !seller) throw new ValidationError(missing);

    const lotId = randomUUID();
    const command = toConsignCommand(body, {
      lotId,
      referenceNo: body.reference_no ?? (await reserveLotReferenceNos(ctx, auction))[0],
      auctionStart: auction.start_date,
      auctionEnd: auction.end_date,
      staffId: staff.id,
      now: ctx.clock.now(),
      newId: randomUUID,
    });
    const outcome = await ctx.commands.handle(lotStream(lotId), lotDecider, command, metadataOf(request)).catch((e) => {
      throw toApiFieldErrors(e);
    });
    await settle(ctx, outcome);
    // The answer comes from the consignment just appended, not the lots read model (which may still be behind).
    const consigned = outcome.events.find((e) => e.type === 'LotConsigned');
    const row = consigned && outcome.append ? consignedLotRow(consigned.data, outcome.append) : await requireLot(ctx, lotId);
    return reply.status(201).send(await presentLot(ctx, row, viewerOf(request)));
  });

  app.post('/api/staff/lots/:id/featured/', { schema: { summary: 'Staff: feature or unfeature a lot', body: featuredBody, response: answers({ 200: lotAnswer }, 400, 401, 403, 404) } }, async (request) => {
    const staff = requireStaff(request);
    const lotId = idFromParams(request, 'Lot not found.');
    const { featured } = parseBody(featuredBody, request.body);
    await requireLot(ctx, lotId);
    // An existing lot stream has one writer per process (the bid hot path's): every later write goes through it.
    const decision = await bidding(ctx).writers.submit(lotId, {
      build: (now) => ({ type: 'SetLotFeatured', lot_id: lotId, featured, by: staff.id, now }),
      metadata: metadataOf(request),
    });
    const caughtUp = await settle(ctx, decision);
    const row = await requireLot(ctx, lotId);
    // Views behind: the decided events laid over the row as the view last showed it.
    return presentLot(ctx, caughtUp ? row : lotRowAfter(row, decision.events, decision.append), viewerOf(request));
  });
}
