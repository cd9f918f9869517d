/** The signed-in user's account, newsletter sign-up, and the staff registration-fee switch. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { idParam, parseBody, parseParams } from '../http/validation';
import { requireStaff, requireUser } from '../http/auth';
import { Forbidden, NotFound } from '../../domain/shared/errors';
import { newsletterDecider } from '../../domain/account/newsletter';
import { newsletterStream, normaliseEmail } from '../../domain/account/events';
import { MSG } from '../../domain/account/rules';
import { ValidationError } from '../../domain/shared/errors';
import { emailSchema, feePaidSchema, profilePatchSchema } from './schemas';
import { getUserById, toUserView, type UserView } from './queries';
import { awaitProjected, recordRegistrationFeePaid, runAccountCommand } from './account-commands';
import { loadAccount } from './lookup';

export const SUBSCRIBED = 'You have subscribed on our emails';

async function userView(ctx: AppContext, id: string): Promise<UserView> {
  const row = await getUserById(ctx.db, id);
  if (!row) throw new NotFound('User not found.');
  return toUserView(row);
}

export function userRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/users/current/', async (request) => userView(ctx, requireUser(request).id));

  app.patch('/api/users/:id/', async (request) => {
    const caller = requireUser(request);
    const { id } = parseParams(idParam, request.params);
    if (id !== caller.id) throw new Forbidden();
    const changes = parseBody(profilePatchSchema, request.body);
    const outcome = await runAccountCommand(ctx, id, { type: 'UpdateProfile', changes, now: ctx.clock.now().toISOString() }, { user_id: caller.id, request_id: request.id });
    await awaitProjected(ctx, outcome.append);
    return userView(ctx, id);
  });

  for (const path of ['/api/subscribe_newsletter/', '/api/subscribe_email_for_notifications/']) {
    app.post(path, async (request) => {
      const { email } = parseBody(emailSchema, request.body);
      if (!email.trim()) throw new ValidationError({ email: [MSG.emailRequired] });
      const now = ctx.clock.now().toISOString();
      const meta = { user_id: request.user?.id ?? null, request_id: request.id };
      await ctx.commands.handle(newsletterStream(email), newsletterDecider, { type: 'SubscribeEmail', email, user_id: request.user?.id ?? null, now }, meta);
      // Subscribing one's own email is consent to promotional mail on the account too.
      if (request.user && (await loadAccount(ctx, request.user.id)).state.email === normaliseEmail(email)) {
        const outcome = await runAccountCommand(ctx, request.user.id, { type: 'SubscribeNewsletter', now }, meta);
        await awaitProjected(ctx, outcome.append);
      }
      return { detail: SUBSCRIBED };
    });
  }

  app.post('/api/staff/users/:id/registration_fee_paid/', async (request) => {
    const staff = requireStaff(request);
    const { id } = parseParams(idParam, request.params);
    const body = parseBody(feePaidSchema, request.body);
    if (!(await loadAccount(ctx, id)).state.exists) throw new NotFound('User not found.');
    await recordRegistrationFeePaid(ctx, id, { by: staff.id, reference: body?.reference ?? null }, { user_id: staff.id, request_id: request.id });
    return userView(ctx, id);
  });
}
