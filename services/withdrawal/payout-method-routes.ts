/**
 * Payout methods (the bank accounts withdrawals are paid to). Full details need a fresh access code
 * (access-codes.ts); the masked list does not (it is what the withdrawal form offers). A user only ever reaches
 * their own methods: another user's id or method answers 404.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { requireUser } from '../../infra/http/auth';
import { answers } from '../../infra/http/answers';
import { pageAnswer, paginate } from '../../infra/http/pagination';
import { orNotFound } from '../../infra/http/validation';
import { maskedPayoutMethod, payoutMethodView } from './answers';
import { NotFound } from '../../domain/shared/errors';
import { METHOD_NOT_FOUND } from '../../domain/withdrawal/payout-method/change-methods';
import { requireAccess } from './access-codes';
import { addPayoutMethod, changePayoutMethod, listMaskedPayoutMethods, listPayoutMethods } from './payout-methods';

const TOO_LONG = 'Ensure this field has no more than 200 characters.';
const field = z.string().max(200, TOO_LONG).nullish();

/** Shapes only; the rules and messages of each field are the domain's (domain/withdrawal/payout-method/rules.ts). */
export const methodBody = z.object({
  type: z.string().max(20, TOO_LONG).nullish(),
  account_owner_uk: field, sort_code_uk: field, account_number_uk: field,
  account_owner_int: field, iban_int: field, bic_swift_int: field, bank_address_int: field,
  is_default: z.boolean().optional(),
});

const userParams = z.object({ id: z.string().max(64) });
const methodParams = z.object({ id: z.string().uuid(METHOD_NOT_FOUND) });

/** One page holding the whole (short: at most 10) list, in the API's list shape. */
const onePage = <T>(results: T[], url: string) => paginate(results, results.length, 1, Math.max(1, results.length), url);

export function payoutMethodRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get('/api/payment_methods/', { schema: { summary: "The user's payout methods (bank accounts)", response: answers({ 200: pageAnswer(maskedPayoutMethod) }, 401) } }, async (request) => {
    const user = requireUser(request);
    return onePage(await listMaskedPayoutMethods(ctx, user.id), request.url);
  });

  app.get('/api/users/:id/payment_method/', { schema: { summary: "A user's payout methods", params: userParams, response: answers({ 200: pageAnswer(payoutMethodView) }, 400, 401, 403, 404) } }, async (request) => {
    const user = requireUser(request);
    const { id } = request.params;
    if (id !== user.id) throw new NotFound();
    await requireAccess(ctx, user.id);
    return onePage(await listPayoutMethods(ctx, user.id), request.url);
  });

  app.post('/api/payment_methods/', { schema: { summary: 'Add a payout method', body: methodBody, response: answers({ 201: payoutMethodView }, 400, 401, 403, 409) } }, async (request, reply) => {
    const user = requireUser(request);
    await requireAccess(ctx, user.id);
    const { is_default, ...input } = request.body;
    const method = await addPayoutMethod(ctx, user.id, input, is_default === true, { user_id: user.id, request_id: request.id });
    return reply.status(201).send(method);
  });

  app.patch('/api/payment_methods/:id/', { schema: { summary: 'Change a payout method', params: methodParams, body: methodBody, response: answers({ 200: payoutMethodView }, 400, 401, 403, 404, 409) } }, async (request) => {
    const user = requireUser(request);
    const id = orNotFound(() => request.params.id, METHOD_NOT_FOUND);
    await requireAccess(ctx, user.id);
    const { is_default, ...input } = request.body;
    return changePayoutMethod(ctx, user.id, id, input, is_default === true, { user_id: user.id, request_id: request.id });
  });
}
