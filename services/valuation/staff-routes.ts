/**
 * Staff: GET /api/staff/valuation_requests/?status= and POST /api/staff/valuation_requests/{id}/answer/. The answer
 * event (carrying the staff member's id) and the seller's email are committed together.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { decimalToPence, penceToDecimal } from '../../domain/shared/money';
import { ValidationError } from '../../domain/shared/errors';
import { MSG, valuationDecider, type ValuationState } from '../../domain/valuation/decide';
import type { AnswerValuation } from '../../domain/valuation/commands';
import { valuationReference, valuationStream, type ValuationAnswered } from '../../domain/valuation/events';
import { requireStaff } from '../../infra/http/auth';
import { answers } from '../../infra/http/answers';
import { idOr404 } from '../catalogue/http';
import { handleMany, lastCursor } from '../../infra/commands/multi-stream';
import { queueEmail } from '../../infra/mail/outbox';
import { valuationAnsweredEmail } from './emails';
import { staffValuations, staffValuationView, valuationView } from './views';
import { NotFound } from '../../domain/shared/errors';
import { awaitViews } from '../../infra/http/read-your-writes';
import { decidedValuation } from './decided-view';

const listQuery = z.object({ status: z.enum(['pending', 'estimated', 'declined'], { error: 'Choose pending, estimated or declined.' }).optional() });
const amount = z.union([z.string(), z.number()]).nullish();
export const answerBody = z.object({
  decision: z.enum(['estimate', 'decline'], { error: 'Choose estimate or decline.' }),
  low: amount, high: amount,
  message: z.string({ error: 'This field is required.' }).max(5000, 'Too long.'),
});

function pence(value: string | number | null | undefined, field: 'low' | 'high'): number | null {
  if (value === null || value === undefined || value === '') return null;
  const p = decimalToPence(value);
  if (p === null) throw new ValidationError({ [field]: ['Enter an amount in pounds, e.g. 150 or 150.00.'] });
  return p;
}

export function valuationStaffRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get('/api/staff/valuation_requests/', { schema: { summary: 'Staff: list valuation requests', querystring: listQuery, response: answers({ 200: z.object({ results: z.array(staffValuationView) }) }, 400, 401, 403) } }, async (request) => {
    requireStaff(request);
    const { status } = request.query;
    return { results: await staffValuations(ctx, status ?? null) };
  });

  app.post('/api/staff/valuation_requests/:id/answer/', { schema: { summary: 'Staff: answer a valuation request', params: z.object({ id: z.string() }), body: answerBody, response: answers({ 200: valuationView }, 400, 401, 403, 404, 409) } }, async (request) => {
    const staff = requireStaff(request);
    const id = idOr404(request.params.id, MSG.notFound);
    const body = request.body;
    const command: AnswerValuation = {
      type: 'AnswerValuation', valuation_id: id, decision: body.decision,
      low_pence: body.decision === 'estimate' ? pence(body.low, 'low') : null,
      high_pence: body.decision === 'estimate' ? pence(body.high, 'high') : null,
      message: body.message, by: staff.id, now: ctx.clock.now().toISOString(),
    };
    const stream = valuationStream(id);
    const outcome = await handleMany(ctx, [{ streamId: stream, decider: valuationDecider }], (states) => {
      const events = valuationDecider.decide(command, states[stream] as ValuationState);
      return { events: { [stream]: events }, result: events };
    }, { user_id: staff.id, request_id: request.id }, async (trx, decision) => {
      const answered = decision.result.find((e): e is ValuationAnswered => e.type === 'ValuationAnswered');
      if (!answered) return;
      const seller = await trx.selectFrom('users').select(['email', 'first_name']).where('id', '=', answered.data.user_id).executeTakeFirst();
      const row = await trx.selectFrom('valuations').select('reference_no').where('id', '=', id).executeTakeFirst();
      if (!seller || !row) return;
      const d = answered.data;
      const email = valuationAnsweredEmail(ctx.config, seller.email, seller.first_name, valuationReference(row.reference_no), {
        decision: d.decision, low: d.low_pence === null ? null : penceToDecimal(d.low_pence), high: d.high_pence === null ? null : penceToDecimal(d.high_pence), message: d.message,
      });
      await queueEmail(trx, { ...email, dedupe_key: `valuation-answered:${id}`, now: ctx.clock.now() });
    });
    const cursor = lastCursor(outcome.appends);
    await awaitViews(ctx, cursor);
    // From the valuation's stream: the valuations view may still be behind.
    const decided = await decidedValuation(ctx, id);
    if (!decided) throw new NotFound(MSG.notFound);
    return decided.view;
  });
}
