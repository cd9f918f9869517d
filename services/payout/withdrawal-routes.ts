/**
 * The user's withdrawals: POST /api/withdraw/ (Idempotency-Key), verify with the emailed code, ask for a new code,
 * list. Code failures answer 400 `{msg}` (the client shows the server's msg); someone else's withdrawal is a 404.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { requireUser } from '../http/auth';
import { sendAnswer } from '../http/idempotency-keys';
import { paginate, pageQuery } from '../http/pagination';
import { parseBody, parseParams, parseQuery } from '../http/validation';
import { NotFound } from '../../domain/shared/errors';
import { WITHDRAWAL_NOT_FOUND } from '../../domain/withdrawal/lifecycle';
import { requestWithdrawal } from './request-withdrawal';
import { updateWithdrawalCode, verifyWithdrawal } from './verify-withdrawal';
import { listUserWithdrawals } from './withdrawal-views';
import { codeBody } from './access-routes';
import { limitsOf } from '../limits/limits';
import { assertMayGuess, countWrongGuess } from '../limits/guesses';

const loose = z.union([z.string().max(64), z.number()]).nullish().transform((v) => (v === undefined || v === null ? null : String(v)));
/** Shapes only (payment_method first, as the errors are); the rules are domain/withdrawal/request-rules.ts. */
const withdrawBody = z.object({ payment_method: loose, amount: loose });
const idParams = z.object({ id: z.string() });

export function withdrawalId(params: unknown): string {
  const { id } = parseParams(idParams, params);
  if (!z.string().uuid().safeParse(id).success) throw new NotFound(WITHDRAWAL_NOT_FOUND);
  return id;
}

export function withdrawalRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/withdraw/', { schema: { summary: 'Request a withdrawal from the wallet (then verify it with the emailed code)', body: withdrawBody } }, async (request, reply) => {
    const user = requireUser(request);
    return sendAnswer(reply, async () => {
      const form = parseBody(withdrawBody, request.body);
      const body = await requestWithdrawal(ctx, user.id, form, { user_id: user.id, request_id: request.id });
      return { status: 201, body };
    });
  });

  app.post('/api/withdraw/:id/verify/', { schema: { summary: 'Verify a withdrawal with its code', params: idParams, body: codeBody } }, async (request, reply) => {
    const user = requireUser(request);
    const id = withdrawalId(request.params);
    const { code } = parseBody(codeBody, request.body);
    if (code !== '') await assertMayGuess(ctx, request.ip, user.id);
    const answer = await verifyWithdrawal(ctx, user.id, id, code, { user_id: user.id, request_id: request.id });
    // A refused code (wrong, or the withdrawal no longer waits for one) counts as a guess.
    if (code !== '' && answer.status === 400) await countWrongGuess(ctx, request.ip, user.id);
    return reply.status(answer.status).send(answer.body);
  });

  app.post('/api/withdraw/:id/update_code/', { schema: { summary: 'Send a new code for a withdrawal', params: idParams } }, async (request, reply) => {
    const user = requireUser(request);
    const id = withdrawalId(request.params);
    await limitsOf(ctx).take('resend_account', user.id);
    const answer = await updateWithdrawalCode(ctx, user.id, id);
    return reply.status(answer.status).send(answer.body);
  });

  app.get('/api/withdraw/', { schema: { summary: "The user's withdrawals", querystring: pageQuery } }, async (request) => {
    const user = requireUser(request);
    const q = parseQuery(pageQuery, request.query);
    const { count, results } = await listUserWithdrawals(ctx, user.id, q.page, q.page_size);
    return paginate(results, count, q.page, q.page_size, request.url);
  });
}
