/**
 * The user's withdrawals: POST /api/withdraw/ (Idempotency-Key), verify with the emailed code, ask for a new code,
 * list. Code failures answer 400 `{msg}` (the client shows the server's msg); someone else's withdrawal is a 404.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { requireUser } from '../../infra/http/auth';
import { sendAnswer } from '../../infra/http/idempotency-keys';
import { keyedId } from '../../infra/http/keyed-ids';
import { pageAnswer, paginate, pageQuery } from '../../infra/http/pagination';
import { answers } from '../../infra/http/answers';
import { orNotFound } from '../../infra/http/validation';
import { codeBadRequest, newWithdrawalCode, requestedWithdrawal, withdrawalConfirmed, withdrawalView } from './answers';
import { WITHDRAWAL_NOT_FOUND } from '../../domain/withdrawal/lifecycle';
import { requestWithdrawal } from './request-withdrawal';
import { updateWithdrawalCode, verifyWithdrawal } from './verify-withdrawal';
import { listUserWithdrawals } from './withdrawal-views';
import { codeBody } from './access-routes';
import { limitsOf } from '../limits/limits';
import { assertMayGuess, countWrongGuess } from '../limits/guesses';

const loose = z.union([z.string().max(64), z.number()]).nullish().transform((v) => (v === undefined || v === null ? null : String(v)));
/** Shapes only (payment_method first, as the errors are); the rules are domain/withdrawal/request-rules.ts. */
export const withdrawBody = z.object({ payment_method: loose, amount: loose });
export const withdrawalParams = z.object({ id: z.string().uuid() });

/** The withdrawal id in the path; one that cannot be an id is a withdrawal that does not exist (404, not the 400). */
export const withdrawalId = (params: { id: string }) => orNotFound(() => params.id, WITHDRAWAL_NOT_FOUND);

/** A call that checks or renews a withdrawal's code: a refused code is a 400 `{detail, msg}`. */
const codeAnswers = <S extends z.ZodType>(success: S) => ({ ...answers({ 200: success }, 401, 404, 409, 429), 400: codeBadRequest });

export function withdrawalRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  // Resumes (idempotency-keys.ts): the withdrawal's id comes from the key (request-withdrawal.ts).
  app.post('/api/withdraw/', { config: { idempotency: 'resumable' }, schema: { summary: 'Request a withdrawal from the wallet (then verify it with the emailed code)', body: withdrawBody, response: answers({ 201: requestedWithdrawal }, 400, 401, 409) } }, async (request, reply) => {
    const user = requireUser(request);
    return sendAnswer(reply, async () => {
      const form = request.body;
      const body = await requestWithdrawal(ctx, user.id, keyedId(ctx, request, 'withdraw'), form, { user_id: user.id, request_id: request.id });
      return { status: 201, body };
    });
  });

  app.post('/api/withdraw/:id/verify/', { schema: { summary: 'Verify a withdrawal with its code', params: withdrawalParams, body: codeBody, response: codeAnswers(withdrawalConfirmed) } }, async (request, reply) => {
    const user = requireUser(request);
    const id = withdrawalId(request.params);
    const { code } = request.body;
    if (code !== '') await assertMayGuess(ctx, request.ip, user.id);
    const answer = await verifyWithdrawal(ctx, user.id, id, code, { user_id: user.id, request_id: request.id });
    // A refused code (wrong, or the withdrawal no longer waits for one) counts as a guess.
    if (code !== '' && answer.status === 400) await countWrongGuess(ctx, request.ip, user.id);
    return reply.status(answer.status).send(answer.body);
  });

  app.post('/api/withdraw/:id/update_code/', { schema: { summary: 'Send a new code for a withdrawal', params: withdrawalParams, response: codeAnswers(newWithdrawalCode) } }, async (request, reply) => {
    const user = requireUser(request);
    const id = withdrawalId(request.params);
    await limitsOf(ctx).take('resend_account', user.id);
    const answer = await updateWithdrawalCode(ctx, user.id, id);
    return reply.status(answer.status).send(answer.body);
  });

  app.get('/api/withdraw/', { schema: { summary: "The user's withdrawals", querystring: pageQuery, response: answers({ 200: pageAnswer(withdrawalView) }, 400, 401) } }, async (request) => {
    const user = requireUser(request);
    const q = request.query;
    const { count, results } = await listUserWithdrawals(ctx, user.id, q.page, q.page_size);
    return paginate(results, count, q.page, q.page_size, request.url);
  });
}
