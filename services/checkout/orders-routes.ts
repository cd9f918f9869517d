/** The buyer's orders: the history (newest first) and the invoice PDF of one of their own orders. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { requireUser, type AuthUser } from '../../infra/http/auth';
import { answers, base64FileAnswer } from '../../infra/http/answers';
import { ordersHistoryAnswer } from './answer-schemas';
import { NotFound } from '../../domain/shared/errors';
import { penceToDecimal } from '../../domain/shared/money';
import { findOwnOrder, lotDetailsOf, orderAnswer } from './order-views';
import { renderInvoicePdf } from './invoice-pdf';
import { orderStatusFilter } from './order-status-filter';

const historyQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(10),
  // Beyond the spec: the checkout asks for the orders awaiting payment, which hold lots, however old (held-orders.tsx).
  status: orderStatusFilter,
});

// A malformed id is an order nobody has: 404, like another user's order.
const orderParams = z.object({ id: z.string() });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function ordersRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get('/api/orders_history/', { schema: { summary: "The user's orders", querystring: historyQuery, response: answers({ 200: ordersHistoryAnswer }, 400, 401) } }, async (request) => {
    const user = requireUser(request);
    const q = { ...request.query };
    let own = ctx.db.selectFrom('orders').where('user_id', '=', user.id);
    if (q.status) own = own.where('status', '=', q.status);
    const [rows, counted] = await Promise.all([
      own.selectAll().orderBy('placed_at', 'desc').orderBy('id', 'desc')
        .limit(q.page_size).offset((q.page - 1) * q.page_size).execute(),
      own.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const count = Number(counted.n);
    const details = await lotDetailsOf(ctx.db, rows);
    return {
      count,
      // The listed orders' totals (this page).
      amount: penceToDecimal(rows.reduce((sum, o) => sum + Number(o.total_pence), 0)),
      count_page: Math.max(1, Math.ceil(count / q.page_size)),
      results: rows.map((o) => orderAnswer(o, details)),
    };
  });

  const pdf = async (request: { user: AuthUser | null; params: z.infer<typeof orderParams> }) => {
    const user = requireUser(request);
    const { id } = request.params;
    const order = UUID.test(id) ? await findOwnOrder(ctx.db, user.id, id) : null;
    if (!order) throw new NotFound();
    const [details, buyer] = await Promise.all([
      lotDetailsOf(ctx.db, [order]),
      ctx.db.selectFrom('users').select(['first_name', 'last_name', 'email']).where('id', '=', user.id).executeTakeFirst(),
    ]);
    const file = await renderInvoicePdf(order, details, buyer ?? { first_name: '', last_name: '', email: '' });
    return { file: file.toString('base64'), filename: `invoice-${order.order_number}.pdf`, mime_type: 'application/pdf' };
  };
  app.get('/api/orders/:id/get_pdf/', { schema: { summary: 'Invoice PDF of an order (base64)', params: orderParams, response: answers({ 200: base64FileAnswer }, 401, 404) } }, pdf);
  app.get('/api/orders_history/:id/create_pdf/', { schema: { summary: 'Invoice PDF of an order (base64; alias)', params: orderParams, response: answers({ 200: base64FileAnswer }, 401, 404) } }, pdf);
}
