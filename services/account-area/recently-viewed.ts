/**
 * Recently viewed lots. The lot page records a view for a signed-in caller with one statement (an upsert that
 * also trims the user's rows to about 20), run alongside the lot's own reads and never failing the page.
 * GET /api/recently_viewed_lots/ answers the caller's last 20 distinct lots, newest first, in the lot list shape.
 */
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { requireUser } from '../../infra/http/auth';
import { paginate } from '../../infra/http/pagination';
import { answers } from '../../infra/http/answers';
import { lotPageAnswer } from '../catalogue/lots/lot-answer';
import { presentLots, viewerOf } from '../catalogue/lots/present';
import '../../projections/account-area/tables';

const RECENTLY_VIEWED_LIMIT = 20;

/**
 * Upsert the view and drop the user's older rows beyond the limit. The DELETE sees the table as it was before this
 * statement, so a user briefly holds 21 rows; the read takes 20.
 */
async function recordLotView(ctx: AppContext, userId: string, lotId: string): Promise<void> {
  await sql`
    WITH up AS (
      INSERT INTO recently_viewed_lots (user_id, lot_id, viewed_at)
      VALUES (${userId}, ${lotId}, ${ctx.clock.now()})
      ON CONFLICT (user_id, lot_id) DO UPDATE SET viewed_at = excluded.viewed_at, seq = nextval('recently_viewed_lots_seq')
    )
    DELETE FROM recently_viewed_lots
    WHERE user_id = ${userId}
      AND seq < (SELECT min(seq) FROM (SELECT seq FROM recently_viewed_lots WHERE user_id = ${userId} ORDER BY seq DESC LIMIT ${RECENTLY_VIEWED_LIMIT}) newest)
  `.execute(ctx.db);
}

/** For the lot page: a failure to record is logged, never shown. */
export function recordLotViewQuietly(ctx: AppContext, log: { warn(o: object, m: string): void }, userId: string, lotId: string): Promise<void> {
  return recordLotView(ctx, userId, lotId).catch((error: unknown) => log.warn({ err: error, lot: lotId }, 'could not record a recently viewed lot'));
}

export function recentlyViewedRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/recently_viewed_lots/', { schema: { summary: 'Lots the user viewed recently', response: answers({ 200: lotPageAnswer }, 401) } }, async (request) => {
    const user = requireUser(request);
    const rows = await ctx.db
      .selectFrom('recently_viewed_lots as v')
      .innerJoin('lots', 'lots.id', 'v.lot_id')
      .selectAll('lots')
      .where('v.user_id', '=', user.id)
      .orderBy('v.seq', 'desc')
      .limit(RECENTLY_VIEWED_LIMIT)
      .execute();
    const results = await presentLots(ctx, rows, viewerOf(request));
    return paginate(results, results.length, 1, RECENTLY_VIEWED_LIMIT, request.url);
  });
}
