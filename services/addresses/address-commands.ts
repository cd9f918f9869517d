/** Running the address-book commands; answers built from the stream just written (never a lagging view). */
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context';
import type { EventMetadata } from '../../infra/event-store/types';
import { addressBookDecider } from '../../domain/addresses/decide';
import type { AddressCommand } from '../../domain/addresses/commands';
import { userAddressesStream } from '../../domain/addresses/events';
import type { AddressInput } from '../../domain/addresses/rules';
import { ADDRESS_NOT_FOUND } from '../../domain/addresses/change-addresses';
import { NotFound } from '../../domain/shared/errors';
import type { AddressView } from './queries';
import { decidedAddress } from './decided-address';
import { awaitViews } from '../../infra/http/read-your-writes';

async function run(ctx: AppContext, userId: string, command: AddressCommand, metadata: EventMetadata): Promise<void> {
  const outcome = await ctx.commands.handle(userAddressesStream(userId), addressBookDecider, command, metadata);
  const last = outcome.append?.events.at(-1);
  await awaitViews(ctx, last);
}

async function readBack(ctx: AppContext, userId: string, id: string): Promise<AddressView> {
  const address = await decidedAddress(ctx, userId, id);
  if (!address) throw new NotFound(ADDRESS_NOT_FOUND);
  return address;
}

export async function addAddress(
  ctx: AppContext, userId: string, addrType: string | null, input: AddressInput, makeDefault: boolean, metadata: EventMetadata,
): Promise<AddressView> {
  const id = randomUUID();
  const now = ctx.clock.now().toISOString();
  await run(ctx, userId, { type: 'AddAddress', user_id: userId, address_id: id, addr_type: addrType, input, make_default: makeDefault, now }, metadata);
  return readBack(ctx, userId, id);
}

export async function changeAddress(
  ctx: AppContext, userId: string, id: string, addrType: string | null, input: AddressInput, makeDefault: boolean, metadata: EventMetadata,
): Promise<AddressView> {
  const now = ctx.clock.now().toISOString();
  await run(ctx, userId, { type: 'ChangeAddress', user_id: userId, address_id: id, addr_type: addrType, input, make_default: makeDefault, now }, metadata);
  return readBack(ctx, userId, id);
}

export async function removeAddress(ctx: AppContext, userId: string, id: string, metadata: EventMetadata): Promise<void> {
  await run(ctx, userId, { type: 'RemoveAddress', user_id: userId, address_id: id, now: ctx.clock.now().toISOString() }, metadata);
}
