/** Password reset by emailed link, and password change while signed in. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { answers, messageAnswer } from '../../infra/http/answers';
import { passwordChangedAnswer } from './answers';
import { requireUser } from '../../infra/http/auth';
import { ValidationError } from '../../domain/shared/errors';
import { validateEmail } from '../../domain/accounts/rules';
import { guarded } from '../limits/guesses';
import { emailSchema, resetConfirmSchema, setPasswordSchema, tokenSchema } from './schemas';
import { setRefreshCookie } from './refresh-cookie';
import {
  assertResetTokenValid, changePassword, confirmPasswordReset, requestPasswordReset, RESET_DONE, RESET_REQUESTED,
} from './password-change';

export function passwordRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.post('/api/auth/password_reset/', { schema: { summary: 'Email a password reset link', body: emailSchema, response: answers({ 200: messageAnswer }, 400) } }, async (request) => {
    const { email } = request.body;
    const problem = validateEmail(email);
    if (problem) throw new ValidationError({ email: [problem] });
    await requestPasswordReset(ctx, email);
    return { detail: RESET_REQUESTED };
  });

  app.post('/api/auth/password_reset/validate_token/', { schema: { summary: 'Check a password reset token', body: tokenSchema, response: answers({ 200: messageAnswer }, 400, 429) } }, async (request) => {
    const { token } = request.body;
    await guarded(ctx, request.ip, () => assertResetTokenValid(ctx, token));
    return { detail: 'OK' };
  });

  app.post('/api/auth/password_reset/confirm/', { schema: { summary: 'Set a new password with a reset token', body: resetConfirmSchema, response: answers({ 200: messageAnswer }, 400, 429) } }, async (request) => {
    const { token, password } = request.body;
    await guarded(ctx, request.ip, () => confirmPasswordReset(ctx, token, password), (e) => !!e.fields.token);
    return { detail: RESET_DONE };
  });

  app.post('/api/auth/users/set_password/', { schema: { summary: 'Change the password (ends other sessions)', body: setPasswordSchema, response: answers({ 200: passwordChangedAnswer }, 400, 401, 429, 503) } }, async (request, reply) => {
    const caller = requireUser(request);
    const body = { ...request.body };
    const answer = await changePassword(ctx, caller, body.current_password, body.new_password, request.ip);
    setRefreshCookie(request, reply, answer.refresh, false); // the new session is this device's
    return answer;
  });
}
