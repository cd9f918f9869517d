/**
 * The address book (docs/checkout-api.md "Addresses"): the caller's billing and shipping addresses. A user only
 * ever reaches their own: another user's id or address answers 404. Field rules and messages are the domain's
 * (domain/addresses/rules.ts); the schemas here only bound the shapes.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { requireUser, type AuthUser } from '../../infra/http/auth';
import { pageAnswer, paginate, pageQuery } from '../../infra/http/pagination';
import { orNotFound } from '../../infra/http/validation';
import { answers, noContent } from '../../infra/http/answers';
import { NotFound } from '../../domain/shared/errors';
import { addressAnswer } from './answers';
import { ADDRESS_NOT_FOUND } from '../../domain/addresses/change-addresses';
import type { AddressType } from '../../domain/addresses/events';
import { addAddress, changeAddress, removeAddress } from './address-commands';
import { listAddresses } from './queries';

const SHAPE_MAX = 1000;
const field = z.string().max(SHAPE_MAX, `Ensure this field has no more than ${SHAPE_MAX} characters.`).nullish();

export const addressBody = z.object({
  addr_type: field,
  /** The owner: the caller (when sent, it must be the caller's own id). */
  user: z.union([z.string(), z.number()]).nullish(),
  country: field, region: field, city: field, street: field, apartment: field, zip_code: field, name: field, company: field,
  phone_number: field,
  is_default: z.boolean().optional(),
});

const userParams = z.object({ id: z.string().max(64) });
const addressParams = z.object({ id: z.string().uuid(ADDRESS_NOT_FOUND) });

const ownAddressId = (params: z.infer<typeof addressParams>) => orNotFound(() => params.id, ADDRESS_NOT_FOUND);

/** A body naming another user is answered like another user's object: 404. */
function checkOwner(user: AuthUser, owner: string | number | null | undefined): void {
  if (owner !== undefined && owner !== null && owner !== '' && String(owner) !== user.id) throw new NotFound();
}

const meta = (user: AuthUser, requestId: string) => ({ user_id: user.id, request_id: requestId });

const listSchema = (summary: string) => ({ summary, params: userParams, querystring: pageQuery, response: answers({ 200: pageAnswer(addressAnswer) }, 400, 401, 404) });

export function addressRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const list = (type: AddressType) => async (request: { user: AuthUser | null; url: string; params: z.infer<typeof userParams>; query: z.infer<typeof pageQuery> }) => {
    const user = requireUser(request);
    const { id } = request.params;
    if (id !== user.id) throw new NotFound();
    const { page, page_size } = request.query;
    const { count, results } = await listAddresses(ctx, user.id, type, page, page_size);
    return paginate(results, count, page, page_size, request.url);
  };
  app.get('/api/users/:id/billing_addresses/', { schema: listSchema("The user's billing addresses") }, list('BILLING'));
  app.get('/api/users/:id/shipping_addresses/', { schema: listSchema("The user's shipping addresses") }, list('SHIPPING'));

  app.post('/api/addresses/', { schema: { summary: 'Add an address', body: addressBody, response: answers({ 201: addressAnswer }, 400, 401, 404) } }, async (request, reply) => {
    const user = requireUser(request);
    const { addr_type, user: owner, is_default, ...input } = request.body;
    checkOwner(user, owner);
    const address = await addAddress(ctx, user.id, addr_type ?? null, input, is_default === true, meta(user, request.id));
    return reply.status(201).send(address);
  });

  app.patch('/api/addresses/:id/', { schema: { summary: 'Change an address', params: addressParams, body: addressBody, response: answers({ 200: addressAnswer }, 400, 401, 404) } }, async (request) => {
    const user = requireUser(request);
    const id = ownAddressId(request.params);
    const { addr_type, user: owner, is_default, ...input } = request.body;
    checkOwner(user, owner);
    return changeAddress(ctx, user.id, id, addr_type ?? null, input, is_default !== false, meta(user, request.id));
  });

  app.delete('/api/addresses/:id/', { schema: { summary: 'Delete an address', params: addressParams, response: answers({ 204: noContent }, 401, 404) } }, async (request, reply) => {
    const user = requireUser(request);
    await removeAddress(ctx, user.id, ownAddressId(request.params), meta(user, request.id));
    return reply.status(204).send(null);
  });
}
