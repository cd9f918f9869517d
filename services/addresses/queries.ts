/**
 * Reading the address book (the `addresses` read model). Other slices read a user's address through
 * `findOwnAddress` (the checkout's saved addresses) and `defaultShippingCountry` (shipping estimates).
 */
import type { Selectable } from 'kysely';
import type { AppContext } from '../context';
import type { z } from 'zod';
import type { AddressType } from '../../domain/addresses/events';
import type { addressAnswer } from './answers';
import { carrierForCountry } from '../../domain/checkout/shipping-zones';
import type { AddressesTable } from '../../projections/addresses/tables';
import '../../projections/addresses/tables';

/** An address as the API answers it (docs/checkout-api.md): the answer's schema (answers.ts). */
export type AddressView = z.infer<typeof addressAnswer>;

type Row = Selectable<AddressesTable>;

export function addressView(r: Row): AddressView {
  return {
    id: r.id, addr_type: r.addr_type, user: r.user_id, country: r.country, region: r.region, city: r.city, street: r.street,
    apartment: r.apartment, zip_code: r.zip_code, name: r.name, company: r.company, phone_number: r.phone_number,
    type_delivery: carrierForCountry(r.country), is_default: r.is_default, isLastModifyed: r.is_last_modified,
    created_at: r.created_at.toISOString(), updated_at: r.updated_at.toISOString(),
  };
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One page of the user's live addresses of a type, oldest first. */
export async function listAddresses(
  ctx: Pick<AppContext, 'db'>, userId: string, type: AddressType, page: number, pageSize: number,
): Promise<{ count: number; results: AddressView[] }> {
  const live = ctx.db.selectFrom('addresses').where('user_id', '=', userId).where('addr_type', '=', type).where('removed_at', 'is', null);
  const [{ count }, rows] = await Promise.all([
    live.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    live.selectAll().orderBy('added_version').limit(pageSize).offset((page - 1) * pageSize).execute(),
  ]);
  return { count: Number(count), results: rows.map(addressView) };
}

/** The user's live address with this id, or null (another user's, removed, unknown or not a uuid). */
export async function findOwnAddress(ctx: Pick<AppContext, 'db'>, userId: string, id: string): Promise<AddressView | null> {
  if (!UUID_RE.test(id)) return null;
  const row = await ctx.db.selectFrom('addresses').selectAll()
    .where('id', '=', id).where('user_id', '=', userId).where('removed_at', 'is', null).executeTakeFirst();
  return row ? addressView(row) : null;
}

/** The country slug of the user's default shipping address, or null when there is none. */
export async function defaultShippingCountry(ctx: Pick<AppContext, 'db'>, userId: string): Promise<string | null> {
  const row = await ctx.db.selectFrom('addresses').select('country')
    .where('user_id', '=', userId).where('addr_type', '=', 'SHIPPING').where('is_default', '=', true).where('removed_at', 'is', null)
    .executeTakeFirst();
  return row?.country ?? null;
}
