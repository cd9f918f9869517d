/**
 * Staff: GET /api/staff/withdrawals/?status= (oldest first, with the user and the bank details to pay),
 * POST /api/staff/withdrawals/{id}/pay_out/ {reference}, POST /api/staff/withdrawals/{id}/reject/ {reason}
 * (both with Idempotency-Key). Each POST answers the withdrawal as the list shows it.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { requireStaff } from '../http/auth';
import { sendAnswer } from '../http/idempotency-keys';
import { paginate } from '../http/pagination';
import { parseBody, parseQuery } from '../http/validation';
import { WITHDRAWAL_STATUSES } from '../../domain/withdrawal/events';
import { REASON_REQUIRED, REFERENCE_REQUIRED } from '../../domain/withdrawal/lifecycle';
import { payOutWithdrawal, rejectWithdrawal } from './staff-withdrawals';
import { listStaffWithdrawals, staffViewAfter } from './withdrawal-views';
import { withdrawalId } from './withdrawal-routes';

const listQuery = z.object({
  status: z.enum(WITHDRAWAL_STATUSES as [string, ...string[]], { error: `Choose one of: ${WITHDRAWAL_STATUSES.join(', ')}.` }).optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
});
const payOutBody = z.object({ reference: z.string({ error: REFERENCE_REQUIRED }).trim().min(1, REFERENCE_REQUIRED).max(100, 'Max 100 characters') });
const rejectBody = z.object({ reason: z.string({ error: REASON_REQUIRED }).trim().min(1, REASON_REQUIRED).max(500, 'Max 500 characters') });

export function staffWithdrawalRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/staff/withdrawals/', { schema: { summary: 'Staff: list withdrawals', querystring: listQuery } }, async (request) => {
    requireStaff(request);
    const q = parseQuery(listQuery, request.query);
    const status = q.status as (typeof WITHDRAWAL_STATUSES)[number] | undefined;
    const { count, results } = await listStaffWithdrawals(ctx, { status }, q.page, q.page_size);
    return paginate(results, count, q.page, q.page_size, request.url);
  });

  const answerFor = async (id: string) => (await listStaffWithdrawals(ctx, { id }, 1, 1)).results[0];

  app.post('/api/staff/withdrawals/:id/pay_out/', { schema: { summary: 'Staff: mark a withdrawal paid out', body: payOutBody } }, async (request, reply) => {
    const staff = requireStaff(request);
    const id = withdrawalId(request.params);
    return sendAnswer(reply, async () => {
      const { reference } = parseBody(payOutBody, request.body);
      const decided = await payOutWithdrawal(ctx, id, staff.id, reference, { user_id: staff.id, request_id: request.id });
      return { status: 200, body: staffViewAfter(await answerFor(id), decided) };
    });
  });

  app.post('/api/staff/withdrawals/:id/reject/', { schema: { summary: 'Staff: reject a withdrawal', body: rejectBody } }, async (request, reply) => {
    const staff = requireStaff(request);
    const id = withdrawalId(request.params);
    return sendAnswer(reply, async () => {
      const { reason } = parseBody(rejectBody, request.body);
      const decided = await rejectWithdrawal(ctx, id, staff.id, reason, { user_id: staff.id, request_id: request.id });
      return { status: 200, body: staffViewAfter(await answerFor(id), decided) };
    });
  });
}
