/**
 * The address book (docs/checkout-api.md "Addresses"): the caller's billing and shipping addresses. A user only
 * ever reaches their own: another user's id or address answers 404. Field rules and messages are the domain's
 * (domain/address/rules.ts); the schemas here only bound the shapes.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { requireUser, type AuthUser } from '../http/auth';
import { paginate, pageQuery } from '../http/pagination';
import { parseBody, parseParams, parseQuery } from '../http/validation';
import { NotFound } from '../../domain/shared/errors';
import { ADDRESS_NOT_FOUND } from '../../domain/address/change-addresses';
import type { AddressType } from '../../domain/address/events';
import { addAddress, changeAddress, removeAddress } from './address-commands';
import { listAddresses } from './queries';

const SHAPE_MAX = 1000;
const field = z.string().max(SHAPE_MAX, `Ensure this field has no more than ${SHAPE_MAX} characters.`).nullish();

const addressBody = z.object({
  addr_type: field,
  /** The owner: the caller (when sent, it must be the caller's own id). */
  user: z.union([z.string(), z.number()]).nullish(),
  country: field, region: field, city: field, street: field, apartment: field, zip_code: field, name: field, company: field,
  phone_number: field,
  is_default: z.boolean().optional(),
});

const userParams = z.object({ id: z.string().max(64) });
const addressParams = z.object({ id: z.string().uuid(ADDRESS_NOT_FOUND) });

function ownAddressId(params: unknown): string {
  try {
    return parseParams(addressParams, params).id;
  } catch {
    throw new NotFound(ADDRESS_NOT_FOUND);
  }
}

/** A body naming another user is answered like another user's object: 404. */
function checkOwner(user: AuthUser, owner: string | number | null | undefined): void {
  if (owner !== undefined && owner !== null && owner !== '' && String(owner) !== user.id) throw new NotFound();
}

const meta = (user: AuthUser, requestId: string) => ({ user_id: user.id, request_id: requestId });

export function addressRoutes(app: FastifyInstance, ctx: AppContext): void {
  const list = (type: AddressType) => async (request: FastifyRequest) => {
    const user = requireUser(request);
    const { id } = parseParams(userParams, request.params);
    if (id !== user.id) throw new NotFound();
    const { page, page_size } = parseQuery(pageQuery, request.query);
    const { count, results } = await listAddresses(ctx, user.id, type, page, page_size);
    return paginate(results, count, page, page_size, request.url);
  };
  app.get('/api/users/:id/billing_addresses/', { schema: { summary: "The user's billing addresses", params: userParams, querystring: pageQuery } }, list('BILLING'));
  app.get('/api/users/:id/shipping_addresses/', { schema: { summary: "The user's shipping addresses", params: userParams, querystring: pageQuery } }, list('SHIPPING'));

  app.post('/api/addresses/', { schema: { summary: 'Add an address', body: addressBody } }, async (request, reply) => {
    const user = requireUser(request);
    const { addr_type, user: owner, is_default, ...input } = parseBody(addressBody, request.body);
    checkOwner(user, owner);
    const address = await addAddress(ctx, user.id, addr_type ?? null, input, is_default === true, meta(user, request.id));
    return reply.status(201).send(address);
  });

  app.patch('/api/addresses/:id/', { schema: { summary: 'Change an address', params: addressParams, body: addressBody } }, async (request) => {
    const user = requireUser(request);
    const id = ownAddressId(request.params);
    const { addr_type, user: owner, is_default, ...input } = parseBody(addressBody, request.body);
    checkOwner(user, owner);
    return changeAddress(ctx, user.id, id, addr_type ?? null, input, is_default !== false, meta(user, request.id));
  });

  app.delete('/api/addresses/:id/', { schema: { summary: 'Delete an address', params: addressParams } }, async (request, reply) => {
    const user = requireUser(request);
    await removeAddress(ctx, user.id, ownAddressId(request.params), meta(user, request.id));
    return reply.status(204).send();
  });
}
