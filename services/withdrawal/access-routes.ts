/**
 * POST /api/send_code/, /api/verify_code/, /api/check_user_access_code/: the access code in front of the payout
 * details. A refused code answers 400 `{detail, msg}` (the client shows the server's msg; services/withdrawal/code-messages.ts).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { requireUser } from '../../infra/http/auth';
import { answers } from '../../infra/http/answers';
import { accessGranted, accessStatus, codeBadRequest, codeSent, type AccessGranted } from './answers';
import { accessUntil, sendAccessCode, verifyAccessCode } from './access-codes';
import { CODE_MISSING, codeRefusal, refusedMessage } from './code-messages';
import { limitsOf } from '../limits/limits';
import { assertMayGuess, countWrongGuess } from '../limits/guesses';

const CODE_SENT = 'We have emailed you a code. It is valid for 10 minutes.';
const ACCESS_GRANTED = 'Code confirmed. You can see and change your payout details for the next 15 minutes.';

/** `code` as typed (a number is accepted too); blank means "no code". */
export const codeBody = z.object({ code: z.union([z.string().max(32), z.number()]).nullish() })
  .transform((b) => ({ code: b.code === undefined || b.code === null ? '' : String(b.code).trim() }));

export function accessRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.post('/api/send_code/', { schema: { summary: 'Email an access code for the payout pages', response: answers({ 200: codeSent }, 401, 429) } }, async (request) => {
    const user = requireUser(request);
    // Each code is an email to the account: bounded per account (besides one per 30 seconds).
    await limitsOf(ctx).take('resend_account', user.id);
    await sendAccessCode(ctx, user.id);
    return { msg: CODE_SENT };
  });

  const verify = async (userId: string, code: string, ip: string, reply: FastifyReply) => {
    if (code === '') return reply.status(400).send(codeRefusal(CODE_MISSING));
    // Five wrong tries end a code; the guess limits keep new codes from buying endless tries.
    await assertMayGuess(ctx, ip, userId);
    const check = await verifyAccessCode(ctx, userId, code);
    if (!check.ok && (check.reason === 'wrong' || check.reason === 'too_many')) await countWrongGuess(ctx, ip, userId);
    if (!check.ok) return reply.status(400).send(codeRefusal(refusedMessage(check)));
    const granted: AccessGranted = { access: true, msg: ACCESS_GRANTED, expires_at: check.accessUntil?.toISOString() ?? null };
    return reply.send(granted);
  };

  app.post('/api/verify_code/', { schema: { summary: 'Verify the payout access code', body: codeBody, response: { ...answers({ 200: accessGranted }, 401, 429), 400: codeBadRequest } } }, async (request, reply) => {
    const user = requireUser(request);
    return verify(user.id, request.body.code, request.ip, reply);
  });

  app.post('/api/check_user_access_code/', { schema: { summary: 'Check the payout access code', body: codeBody, response: { ...answers({ 200: accessStatus }, 401, 429), 400: codeBadRequest } } }, async (request, reply) => {
    const user = requireUser(request);
    const { code } = request.body;
    if (code !== '') return verify(user.id, code, request.ip, reply);
    const until = await accessUntil(ctx, user.id);
    return { access: until !== null, expires_at: until?.toISOString() ?? null };
  });
}
