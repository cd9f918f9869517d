/**
 * Staff lists of the read side: orders (to move forward, bank and in-store payments to mark received) and vouchers.
 * The changes (payment_received, status, issuing vouchers) are services/orders.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../context';
import { requireStaff } from '../../infra/http/auth';
import { pageAnswer, paginate } from '../../infra/http/pagination';
import { answers } from '../../infra/http/answers';
import { staffOrderSchema, staffVoucherAnswer } from './answer-schemas';
import type { OrderStatus } from '../../domain/orders/events';
import type { Service } from '../../domain/checkout/types';
import { lotDetailsOf, orderAnswer } from './order-views';
import { voucherValue } from './vouchers';
import '../../projections/accounts/tables';
import { nextStatusesFor } from '../../domain/orders/order-status';
import { orderStatusFilter } from './order-status-filter';

const page = {
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(50),
};

const vouchersQuery = z.object(page);

const ordersQuery = z.object({
  ...page,
  status: orderStatusFilter,
  search: z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string().max(200, 'Too long.')).transform((s) => s.trim()),
});

/** `%` and `_` typed by staff are literal characters, not wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function staffCheckoutRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  // Newest first; search matches the order number, the buyer's email or name, or a lot's reference or title.
  app.get('/api/staff/orders/', { schema: { summary: 'Staff: list orders', querystring: ordersQuery, response: answers({ 200: pageAnswer(staffOrderSchema) }, 400, 401, 403) } }, async (request) => {
    requireStaff(request);
    const q = { ...request.query };
    let base = ctx.db.selectFrom('orders').innerJoin('users', 'users.id', 'orders.user_id');
    if (q.status) base = base.where('orders.status', '=', q.status);
    if (q.search) {
      const pattern = likePattern(q.search);
      base = base.where((eb) => eb.or([
        eb('orders.order_number', 'ilike', pattern),
        eb('users.email', 'ilike', pattern),
        eb(sql<string>`users.first_name || ' ' || users.last_name`, 'ilike', pattern),
        eb(sql<string>`orders.lots::text`, 'ilike', pattern),
      ]));
    }
    const [rows, counted] = await Promise.all([
      base.selectAll('orders').select(['users.email', 'users.first_name', 'users.last_name'])
        .orderBy('orders.placed_at', 'desc').orderBy('orders.id', 'desc')
        .limit(q.page_size).offset((q.page - 1) * q.page_size).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const details = await lotDetailsOf(ctx.db, rows);
    const results = rows.map((row) => ({
      ...orderAnswer(row, details),
      user: { id: row.user_id, email: row.email, first_name: row.first_name, last_name: row.last_name },
      paid_method: row.paid_method,
      paid_reference: row.paid_reference,
      next_statuses: nextStatusesFor(row.service as Service, row.status as OrderStatus),
      voucher_code: row.voucher_code,
      cancelled_at: row.cancelled_at ? row.cancelled_at.toISOString() : null,
      cancel_reason: row.cancel_reason,
    }));
    return paginate(results, Number(counted.n), q.page, q.page_size, request.url);
  });

  // Newest first. value: pounds for fixed, the percentage for percent (both "10.00").
  app.get('/api/staff/vouchers/', { schema: { summary: 'Staff: list vouchers', querystring: vouchersQuery, response: answers({ 200: pageAnswer(staffVoucherAnswer) }, 400, 401, 403) } }, async (request) => {
    requireStaff(request);
    const q = { ...request.query };
    const [rows, counted] = await Promise.all([
      ctx.db.selectFrom('vouchers').selectAll().orderBy('issued_at', 'desc').orderBy('code')
        .limit(q.page_size).offset((q.page - 1) * q.page_size).execute(),
      ctx.db.selectFrom('vouchers').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const results = rows.map((v) => ({
      code: v.code, kind: v.kind, value: voucherValue(v), expires_at: v.expires_at ? v.expires_at.toISOString() : null,
      max_uses: v.max_uses, once_per_user: v.once_per_user, uses: v.uses,
      uses_left: v.max_uses === null ? null : Math.max(0, v.max_uses - v.uses),
      issued_by: v.issued_by, created_at: v.issued_at.toISOString(),
    }));
    return paginate(results, Number(counted.n), q.page, q.page_size, request.url);
  });
}
