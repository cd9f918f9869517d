/**
 * Staff lot changes after consignment (docs/staff-api.md "Staff back office"):
 *   GET   /api/staff/lots/?auction_id=      the auction's lots in lot-number order with a staff status
 *   PATCH /api/staff/lots/{id}/             EditLot (item fields, estimate, opening bid, reserve) before the start
 *   POST  /api/staff/lots/{id}/withdraw/    WithdrawLot {reason} before the lot's end
 *   POST  /api/staff/lots/{id}/end/         RescheduleLotEnd {ends_at} before the start
 * Every write goes through the lot's writer (one writer per lot stream and process, like bids and featured).
 */
import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { parseBody, parseQuery } from '../../../infra/http/validation';
import { requireStaff } from '../../../infra/http/auth';
import { answers } from '../../../infra/http/answers';
import { bidding } from '../../bidding/bidding';
import type { LotCommand } from '../../../domain/catalogue/lot/commands';
import { idFromParams, metadataOf, requireLot, settle } from '../http';
import { moneyInput } from '../money-input';
import { toApiFieldErrors } from '../lots/consign-input';
import { presentLots, viewerOf } from '../lots/present';
import type { LotRow } from '../lots/shape';
import { lotRowAfter } from '../lots/decided-row';
import { staffLotAnswer, type StaffLotApi } from '../lots/lot-answer';

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

/** Every field optional: only what is sent changes (money in pounds, like the consign form). */
export const editBody = z
  .object({
    title: z.string().trim().min(1, 'This field is required').max(200),
    subtitle: z.string().trim().max(200),
    description: z.string().trim().max(10_000),
    distillery: z.object({ name: z.string().trim().min(1, 'This field is required').max(120), region: optionalText(80) }),
    estimated_value: moneyInput,
    type: z.enum(['bottle', 'cask'], { message: 'Choose bottle or cask.' }),
    age: z.number().int().min(0).max(200).nullable(),
    volume_ml: z.number().int().min(1).max(2_000_000).nullable(),
    abv: z.number().min(0).max(100).nullable(),
    cask_type: optionalText(120),
    cask_number: optionalText(60),
    opening_bid: moneyInput,
    reserve_price: moneyInput.nullable(),
  })
  .partial()
  .strict();

export const withdrawBody = z.object({
  reason: z.string({ message: 'Please give a reason for withdrawing this lot.' }).trim().min(1, 'Please give a reason for withdrawing this lot.').max(500, 'The reason can be at most 500 characters.'),
});
const endBody = z.object({ ends_at: z.iso.datetime({ offset: true, message: 'Enter a valid date and time (ISO 8601).' }) });
const listQuery = z.object({ auction_id: z.string().uuid({ message: 'Enter a valid auction id.' }) });

export type StaffLotStatus = 'scheduled' | 'live' | 'ending' | 'sold' | 'unsold' | 'withdrawn';

/** 'ending': past its end, waiting for the closing scheduler (a moment at most). */
export function staffLotStatus(row: Pick<LotRow, 'starts_at' | 'ends_at' | 'outcome' | 'withdrawn_at'>, now: Date): StaffLotStatus {
  if (row.withdrawn_at !== null) return 'withdrawn';
  if (row.outcome === 'sold' || row.outcome === 'unsold') return row.outcome;
  if (now < row.starts_at) return 'scheduled';
  return now < row.ends_at ? 'live' : 'ending';
}

export function staffLotEditRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get('/api/staff/lots/', { schema: { summary: "Staff: an auction's lots", querystring: listQuery, response: answers({ 200: z.array(staffLotAnswer) }, 400, 401, 403) } }, async (request) => {
    requireStaff(request);
    const { auction_id } = parseQuery(listQuery, request.query);
    const rows = await ctx.db.selectFrom('lots').selectAll().where('auction_id', '=', auction_id).orderBy('consign_position').execute();
    return staffLots(ctx, rows, request);
  });

  app.patch('/api/staff/lots/:id/', { schema: { summary: 'Staff: edit a lot', body: editBody, response: answers({ 200: staffLotAnswer }, 400, 401, 403, 404) } }, async (request) => {
    const staff = requireStaff(request);
    const lotId = idFromParams(request, 'Lot not found.');
    const b = parseBody(editBody, request.body);
    await requireLot(ctx, lotId);
    const item = {
      title: b.title,
      subtitle: b.subtitle,
      description: b.description,
      distillery: b.distillery && { name: b.distillery.name, region: b.distillery.region || null },
      estimated_value_pence: b.estimated_value,
      type: b.type,
      age: b.age,
      volume_ml: b.volume_ml,
      abv: b.abv,
      cask_type: b.cask_type === undefined ? undefined : b.cask_type || null,
      cask_number: b.cask_number === undefined ? undefined : b.cask_number || null,
    };
    return write(request, lotId, (now) => ({
      type: 'EditLot', lot_id: lotId, item, opening_bid_pence: b.opening_bid, reserve_price_pence: b.reserve_price, by: staff.id, now,
    }));
  });

  app.post('/api/staff/lots/:id/withdraw/', { schema: { summary: 'Staff: withdraw a lot', body: withdrawBody, response: answers({ 200: staffLotAnswer }, 400, 401, 403, 404) } }, async (request) => {
    const staff = requireStaff(request);
    const lotId = idFromParams(request, 'Lot not found.');
    const { reason } = parseBody(withdrawBody, request.body);
    await requireLot(ctx, lotId);
    return write(request, lotId, (now) => ({ type: 'WithdrawLot', lot_id: lotId, reason, by: staff.id, now }));
  });

  app.post('/api/staff/lots/:id/end/', { schema: { summary: "Staff: change a lot's end time", body: endBody, response: answers({ 200: staffLotAnswer }, 400, 401, 403, 404) } }, async (request) => {
    const staff = requireStaff(request);
    const lotId = idFromParams(request, 'Lot not found.');
    const { ends_at } = parseBody(endBody, request.body);
    await requireLot(ctx, lotId);
    return write(request, lotId, (now) => ({ type: 'RescheduleLotEnd', lot_id: lotId, ends_at, by: staff.id, now }));
  });

  /** Decides on the lot's writer (its clock), waits for the read models, answers the lot as the staff list shows it. */
  async function write(request: FastifyRequest, lotId: string, build: (now: string) => LotCommand): Promise<StaffLotApi> {
    const decision = await bidding(ctx)
      .writers.submit(lotId, { build, metadata: metadataOf(request) })
      .catch((e) => {
        throw toApiFieldErrors(e);
      });
    const caughtUp = await settle(ctx, decision);
    const row = await requireLot(ctx, lotId);
    // Views behind: the decided events laid over the row as last shown (never the stale lot alone, never an error).
    const [lot] = await staffLots(ctx, [caughtUp ? row : lotRowAfter(row, decision.events, decision.append)], request);
    return lot;
  }
}

/** The Lot API shape (staff view: reserve shown) plus what only staff need. */
export async function staffLots(ctx: AppContext, rows: LotRow[], request: FastifyRequest): Promise<StaffLotApi[]> {
  const now = ctx.clock.now();
  const lots = await presentLots(ctx, rows, viewerOf(request));
  return lots.map((lot, i) => {
    const row = rows[i]!;
    return {
      ...lot,
      seller: row.seller_id,
      staff_status: staffLotStatus(row, now),
      editable: row.outcome === null && now < row.starts_at,
      withdrawn_at: row.withdrawn_at?.toISOString() ?? null,
      withdrawn_by: row.withdrawn_by,
    };
  });
}
