/**
 * Staff: GET /api/staff/withdrawals/?status= (oldest first, with the user and the bank details to pay),
 * POST /api/staff/withdrawals/{id}/pay_out/ {reference}, POST /api/staff/withdrawals/{id}/reject/ {reason}
 * (both with Idempotency-Key). Each POST answers the withdrawal as the list shows it.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { requireStaff } from '../../infra/http/auth';
import { sendAnswer } from '../../infra/http/idempotency-keys';
import { answers } from '../../infra/http/answers';
import { pageAnswer, paginate } from '../../infra/http/pagination';
import { staffWithdrawalView } from './answers';
import { WITHDRAWAL_STATUSES } from '../../domain/withdrawal/events';
import { REASON_REQUIRED, REFERENCE_REQUIRED } from '../../domain/withdrawal/lifecycle';
import { payOutWithdrawal, rejectWithdrawal } from './staff-withdrawals';
import { listStaffWithdrawals, staffViewAfter } from './withdrawal-views';
import { withdrawalId, withdrawalParams } from './withdrawal-routes';

const listQuery = z.object({
  status: z.enum(WITHDRAWAL_STATUSES as [string, ...string[]], { error: `Choose one of: ${WITHDRAWAL_STATUSES.join(', ')}.` }).optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
});
export const payOutBody = z.object({ reference: z.string({ error: REFERENCE_REQUIRED }).trim().min(1, REFERENCE_REQUIRED).max(100, 'Max 100 characters') });
export const rejectBody = z.object({ reason: z.string({ error: REASON_REQUIRED }).trim().min(1, REASON_REQUIRED).max(500, 'Max 500 characters') });

/** Pay out and reject: the withdrawal as the list shows it. */
const staffAnswers = answers({ 200: staffWithdrawalView }, 400, 401, 403, 404, 409);

export function staffWithdrawalRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get('/api/staff/withdrawals/', { schema: { summary: 'Staff: list withdrawals', querystring: listQuery, response: answers({ 200: pageAnswer(staffWithdrawalView) }, 400, 401, 403) } }, async (request) => {
    requireStaff(request);
    const q = request.query;
    const status = q.status as (typeof WITHDRAWAL_STATUSES)[number] | undefined;
    const { count, results } = await listStaffWithdrawals(ctx, { status }, q.page, q.page_size);
    return paginate(results, count, q.page, q.page_size, request.url);
  });

  const answerFor = async (id: string) => (await listStaffWithdrawals(ctx, { id }, 1, 1)).results[0];

  app.post('/api/staff/withdrawals/:id/pay_out/', { schema: { summary: 'Staff: mark a withdrawal paid out', params: withdrawalParams, body: payOutBody, response: staffAnswers } }, async (request, reply) => {
    const staff = requireStaff(request);
    const id = withdrawalId(request.params);
    return sendAnswer(reply, async () => {
      const { reference } = request.body;
      const decided = await payOutWithdrawal(ctx, id, staff.id, reference, { user_id: staff.id, request_id: request.id });
      return { status: 200, body: staffViewAfter(await answerFor(id), decided) };
    });
  });

  app.post('/api/staff/withdrawals/:id/reject/', { schema: { summary: 'Staff: reject a withdrawal', params: withdrawalParams, body: rejectBody, response: staffAnswers } }, async (request, reply) => {
    const staff = requireStaff(request);
    const id = withdrawalId(request.params);
    return sendAnswer(reply, async () => {
      const { reason } = request.body;
      const decided = await rejectWithdrawal(ctx, id, staff.id, reason, { user_id: staff.id, request_id: request.id });
      return { status: 200, body: staffViewAfter(await answerFor(id), decided) };
    });
  });
}
