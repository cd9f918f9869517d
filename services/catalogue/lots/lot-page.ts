/** A page of lots for a condition: rows and total in one round trip each, shaped for the caller. */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { Database } from '../../../infra/db/database';
import { paginate, type Page } from '../../../infra/http/pagination';
import { presentLots, viewerOf } from './present';
import type { LotApi } from './shape';

export type LotCondition = (eb: ExpressionBuilder<Database, 'lots'>) => Expression<SqlBool>;

export const lotPageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(40),
});

export interface LotPageOptions {
  page: number;
  pageSize: number;
  /** Most recently ending first by default. */
  order?: 'ends_desc' | 'ends_asc' | 'added';
}

export async function lotPage(ctx: AppContext, request: FastifyRequest, where: LotCondition, o: LotPageOptions): Promise<Page<LotApi> & { rows_total_pence: number }> {
  const base = ctx.db.selectFrom('lots').where(where);
  const sorted =
    o.order === 'ends_asc'
      ? base.orderBy('ends_at', 'asc').orderBy('consign_position', 'asc')
      : base.orderBy('ends_at', 'desc').orderBy('consign_position', 'asc');
  const [rows, total] = await Promise.all([
    sorted.selectAll().limit(o.pageSize).offset((o.page - 1) * o.pageSize).execute(),
    base.select([sql<number>`count(*)::int`.as('n'), sql<number>`coalesce(sum(coalesce(hammer_price_pence, current_price_pence, 0)), 0)::bigint`.as('sum')]).executeTakeFirstOrThrow(),
  ]);
  const page = paginate(await presentLots(ctx, rows, viewerOf(request)), total.n, o.page, o.pageSize, request.url);
  return { ...page, rows_total_pence: Number(total.sum) };
}
