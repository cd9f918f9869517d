/**
 * Staff changes (requireStaff; Idempotency-Key honoured on every POST): POST /api/staff/orders/{id}/payment_received/
 * {reference}, /status/ {status}, /cancel/ {reason}, and POST /api/staff/vouchers/ (issue). The lists are
 * services/checkout/staff-routes.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { requireStaff } from '../../infra/http/auth';
import { sendAnswer } from '../../infra/http/idempotency-keys';
import { decimalToPence } from '../../domain/shared/money';
import { orNotFound } from '../../infra/http/validation';
import { ORDER_MSG } from '../../domain/orders/messages';
import { voucherDecider } from '../../domain/orders/voucher/decide';
import { voucherStream } from '../../domain/orders/events';
import { orderStatus } from '../checkout/order-status-filter';
import { usesOf } from '../../domain/orders/voucher/state';
import { answers } from '../../infra/http/answers';
import { staffOrderAnswer, staffOrderSchema, voucherAnswer, voucherSchema } from './answers';
import { cancelUnpaidOrder, moveOrderStatus, recordPaymentReceived } from './order-changes';
import { awaitViews } from '../../infra/http/read-your-writes';

const REQUIRED = 'This field is required';
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const orderParams = z.object({ id: z.string().regex(UUID_RE) });

/** An order id from the path: anything that cannot be one is an unknown order (404, not the 400). */
const orderIdOf = (params: { id: string }) => orNotFound(() => params.id, ORDER_MSG.notFound);

const requiredText = (max: number) => z.preprocess((v) => (v === null || v === undefined ? '' : v),
  z.string({ error: 'Must be text.' }).trim().min(1, REQUIRED).max(max, `Ensure this field has no more than ${max} characters.`));

export const paymentBody = z.object({ reference: requiredText(200) });
export const statusBody = z.object({ status: orderStatus });
export const cancelBody = z.object({ reason: requiredText(500) });

const INVALID_EXPIRY = 'Enter a valid date, e.g. 2026-12-31.';

/** A date alone means the end of that day (UTC); blank means no expiry. */
const expiry = z.preprocess((v) => (v === undefined || v === '' ? null : v), z.string({ error: INVALID_EXPIRY }).nullable())
  .transform((v, zctx) => {
    if (v === null) return null;
    const iso = /^\d{4}-\d{2}-\d{2}$/.test(v.trim()) ? `${v.trim()}T23:59:59.999Z` : v.trim();
    const ms = Date.parse(iso);
    if (Number.isNaN(ms)) {
      zctx.addIssue({ code: 'custom', message: INVALID_EXPIRY });
      return z.NEVER;
    }
    return new Date(ms).toISOString();
  });

/** `value`: pounds for fixed, the percentage for percent ("10.00" -> 1000 pence or 1000 basis points). */
export const voucherBody = z.object({
  code: z.preprocess((v) => (v === null || v === undefined ? '' : v), z.string({ error: REQUIRED })),
  kind: z.enum(['fixed', 'percent'], { error: 'Choose fixed or percent.' }),
  value: z.preprocess((v) => (v === null || v === undefined ? '' : v), z.union([z.string(), z.number()], { error: 'Enter an amount.' }))
    .transform((v) => decimalToPence(v) ?? -1),
  expires_at: expiry,
  max_uses: z.preprocess((v) => (v === undefined || v === '' ? null : v), z.coerce.number({ error: 'Enter a whole number of 1 or more.' }).nullable()),
  once_per_user: z.preprocess((v) => (v === undefined || v === null ? true : v), z.boolean({ error: 'Must be true or false.' })),
});

const staffOrderAnswers = answers({ 200: staffOrderSchema }, 400, 401, 403, 404, 409);

export function staffOrderRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const meta = (userId: string, requestId: string) => ({ user_id: userId, request_id: requestId });

  app.post('/api/staff/orders/:id/payment_received/', { schema: { summary: 'Staff: record a bank payment for an order', params: orderParams, body: paymentBody, response: staffOrderAnswers } }, async (request, reply) => {
    const staff = requireStaff(request);
    const id = orderIdOf(request.params);
    const { reference } = request.body;
    return sendAnswer(reply, async () =>
      ({ status: 200, body: staffOrderAnswer(await recordPaymentReceived(ctx, id, reference, staff.id, meta(staff.id, request.id))) }));
  });

  app.post('/api/staff/orders/:id/status/', { schema: { summary: "Staff: move an order's fulfilment status", params: orderParams, body: statusBody, response: staffOrderAnswers } }, async (request, reply) => {
    const staff = requireStaff(request);
    const id = orderIdOf(request.params);
    const { status } = request.body;
    return sendAnswer(reply, async () =>
      ({ status: 200, body: staffOrderAnswer(await moveOrderStatus(ctx, id, status, staff.id, meta(staff.id, request.id))) }));
  });

  app.post('/api/staff/orders/:id/cancel/', { schema: { summary: 'Staff: cancel an order', params: orderParams, body: cancelBody, response: staffOrderAnswers } }, async (request, reply) => {
    const staff = requireStaff(request);
    const id = orderIdOf(request.params);
    const { reason } = request.body;
    return sendAnswer(reply, async () =>
      ({ status: 200, body: staffOrderAnswer(await cancelUnpaidOrder(ctx, id, reason, staff.id, meta(staff.id, request.id))) }));
  });

  app.post('/api/staff/vouchers/', { schema: { summary: 'Staff: create a discount voucher', body: voucherBody, response: answers({ 201: voucherSchema }, 400, 401, 403, 409) } }, async (request, reply) => {
    const staff = requireStaff(request);
    const body = request.body;
    return sendAnswer(reply, async () => {
      const outcome = await ctx.commands.handle(voucherStream(body.code || '-'), voucherDecider, {
        type: 'IssueVoucher', code: body.code, kind: body.kind, value: body.value, expires_at: body.expires_at, max_uses: body.max_uses,
        once_per_user: body.once_per_user, by: staff.id, now: ctx.clock.now().toISOString(),
      }, meta(staff.id, request.id));
      const last = outcome.append?.events.at(-1);
      await awaitViews(ctx, last);
      return { status: 201, body: voucherAnswer(outcome.state.voucher!, usesOf(outcome.state)) };
    });
  });
}
