/**
 * The shell's unpaid-lots notice (spec 1: shown once, not on the checkout page, cleared after an order). The notice
 * is due while the user has a won unpaid lot they have not yet been told about; POST {read: true} marks every lot
 * unpaid now as told (table unpaid_notice_reads, migration 0520). A lot won later brings the notice back; a lot put
 * in an order is no longer unpaid, so an order clears it by itself.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../context';
import { requireUser } from '../../infra/http/auth';
import { answers } from '../../infra/http/answers';
import { unpaidNoticeAnswer } from './answer-schemas';
import { wonUnpaidLots } from './lot-queries';

type UnpaidNotice = z.infer<typeof unpaidNoticeAnswer>;

export const readBody = z.object({ read: z.literal(true, { error: 'Send read: true to mark the notice read.' }) });

/** The notice for a user (also what /api/users/current/'s unpaid_lots_to_notify should read). */
export async function unpaidNotice(ctx: Pick<AppContext, 'db'>, userId: string): Promise<UnpaidNotice> {
  const lots = await wonUnpaidLots(ctx.db, userId);
  let unread = lots.length > 0;
  if (unread) {
    const { rows } = await sql<{ lot_id: string }>`
      SELECT lot_id::text FROM unpaid_notice_reads WHERE user_id = ${userId} AND lot_id = ANY(${lots.map((l) => l.id)}::uuid[])`.execute(ctx.db);
    unread = rows.length < lots.length;
  }
  return {
    unpaid_lots_to_notify: unread,
    count: lots.length,
    lots: lots.map((lot) => ({ id: lot.id, title: lot.title, reference_no: lot.reference_no })),
  };
}

export function unpaidNoticeRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get('/api/unpaid_lots_to_notify/', { schema: { summary: 'Won lots still unpaid (the reminder banner)', response: answers({ 200: unpaidNoticeAnswer }, 401) } }, async (request) => {
    const user = requireUser(request);
    return unpaidNotice(ctx, user.id);
  });

  app.post('/api/unpaid_lots_to_notify/', { schema: { summary: 'Dismiss the unpaid-lots reminder', body: readBody, response: answers({ 200: unpaidNoticeAnswer }, 400, 401) } }, async (request) => {
    const user = requireUser(request);
    void request.body.read; // a body that is not `{read: true}` answers 400 here, after the sign-in check
    const lots = await wonUnpaidLots(ctx.db, user.id);
    if (lots.length > 0) {
      await sql`
        INSERT INTO unpaid_notice_reads (user_id, lot_id, read_at)
        SELECT ${user.id}::uuid, unnest(${lots.map((l) => l.id)}::uuid[]), ${ctx.clock.now().toISOString()}::timestamptz
        ON CONFLICT (user_id, lot_id) DO NOTHING`.execute(ctx.db);
    }
    return unpaidNotice(ctx, user.id);
  });
}
