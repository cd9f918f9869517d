/** The signed-in user's account, newsletter sign-up, and the staff registration-fee switch. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { idParam } from '../../infra/http/validation';
import { answers } from '../../infra/http/answers';
import { currentUserAnswer } from './answers';
import { requireStaff, requireUser } from '../../infra/http/auth';
import { Forbidden, NotFound } from '../../domain/shared/errors';
import { feePaidSchema, profilePatchSchema } from './schemas';
import { getUserById, toUserView, userViewOfState } from './queries';
import type { AccountState } from '../../domain/accounts/state';
import { awaitProjected, runAccountCommand } from './account-commands';
import { REGISTRATION_FEE_PENCE } from './create-account';
import { loadAccount } from './lookup';
import { unpaidNotice } from '../checkout/unpaid-notice';
import { emailOptOutsPatch, notificationSettingsOf, setEmailOptOuts } from '../notifications/settings';

/** `decided`: the account as a command just left it (the answer of a write is built from it, not the users view). */
async function userView(ctx: AppContext, id: string, decided?: AccountState): Promise<z.infer<typeof currentUserAnswer>> {
  const row = decided?.exists ? userViewOfState(decided) : await getUserById(ctx.db, id).then((r) => r && toUserView(r));
  if (!row) throw new NotFound('User not found.');
  // Whether to show the unpaid-lots notice is the checkout's to say (won lots not yet ordered, notice not yet read).
  const { unpaid_lots_to_notify } = await unpaidNotice(ctx, id);
  // The per-template email opt-outs are the notifications slice's (stream notifications-<user>).
  return { ...row, unpaid_lots_to_notify, ...(await notificationSettingsOf(ctx, id)) };
}

export const profileBody = z.intersection(profilePatchSchema, emailOptOutsPatch);

export function userRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get('/api/users/current/', { schema: { summary: 'The signed-in user', response: answers({ 200: currentUserAnswer }, 401) } }, async (request) => userView(ctx, requireUser(request).id));

  app.patch('/api/users/:id/', { schema: { summary: "Change one's profile and email settings", params: idParam, body: profileBody, response: answers({ 200: currentUserAnswer }, 400, 401, 403, 404) } }, async (request) => {
    const caller = requireUser(request);
    const { id } = request.params;
    if (id !== caller.id) throw new Forbidden();
    const { email_opt_outs, ...changes } = request.body;
    const outcome = await runAccountCommand(ctx, id, { type: 'UpdateProfile', changes, now: ctx.clock.now().toISOString() }, { user_id: caller.id, request_id: request.id });
    await awaitProjected(ctx, outcome.append);
    if (email_opt_outs) await setEmailOptOuts(ctx, id, email_opt_outs, { user_id: caller.id, request_id: request.id });
    return userView(ctx, id, outcome.state);
  });

  // The newsletter calls (double opt-in) are the content slice's: services/content/newsletter.ts.

  app.post('/api/staff/users/:id/registration_fee_paid/', { schema: { summary: "Staff: record a user's registration fee as paid", params: idParam, body: feePaidSchema, response: answers({ 200: currentUserAnswer }, 400, 401, 403, 404) } }, async (request) => {
    const staff = requireStaff(request);
    const { id } = request.params;
    const body = { ...request.body };
    if (!(await loadAccount(ctx, id)).state.exists) throw new NotFound('User not found.');
    const outcome = await runAccountCommand(ctx, id, {
      type: 'RecordRegistrationFeePaid', amount_pence: REGISTRATION_FEE_PENCE, reference: body?.reference ?? null, by: staff.id,
      ...(body?.method ? { method: body.method } : {}), now: ctx.clock.now().toISOString(),
    }, { user_id: staff.id, request_id: request.id });
    await awaitProjected(ctx, outcome.append);
    return userView(ctx, id, outcome.state);
  });
}
