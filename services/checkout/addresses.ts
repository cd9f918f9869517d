/**
 * The draft's addresses: sent inline, or a saved address of the caller's by `id` (the saved one's fields win: the
 * order keeps what the address book holds). The shipping zone of a country comes from the address slice's country
 * data (domain/checkout/shipping-zones.ts).
 */
import type { AppContext } from '../context';
import type { Carrier } from '../../domain/checkout/types';
import type { OrderAddress } from '../../domain/orders/events';
import { ValidationError } from '../../domain/shared/errors';
import { carrierForCountry } from '../../domain/checkout/shipping-zones';
import { findOwnAddress } from '../addresses/queries';
import type { DraftAddress } from './draft-schema';

const ADDRESS_NOT_FOUND = 'Address not found.';

/** The zone of a country slug; null for a country we do not know (priced as not deliverable). */
export function carrierOf(countrySlug: string): Carrier | null {
  return carrierForCountry(countrySlug.trim().toLowerCase());
}

/**
 * The carrier that takes a delivery order (spec 0: DPD, DHL, UPS by zone): from the country the order ships to, the
 * same rule that priced its shipping; null for collection, storage and wallet settle, and for a zone we do not serve.
 */
export function orderCarrier(order: { service: string; shipping_address: Pick<OrderAddress, 'country'> | null }): Carrier | null {
  if (order.service !== 'delivery' || !order.shipping_address) return null;
  const carrier = carrierOf(order.shipping_address.country);
  return carrier === 'Non Deliverable Zone' ? null : carrier;
}

function clean(a: Omit<DraftAddress, 'id' | 'type_delivery'>): OrderAddress {
  const out: OrderAddress = {
    country: a.country.trim(), region: a.region.trim(), city: a.city.trim(), street: a.street.trim(),
    apartment: a.apartment.trim(), zip_code: a.zip_code.trim(),
  };
  if (a.name?.trim()) out.name = a.name.trim();
  if (a.company?.trim()) out.company = a.company.trim();
  if (a.phone_number?.trim()) out.phone_number = a.phone_number.trim();
  return out;
}

/**
 * The address as the order will keep it, or null when none was sent. A saved id that is not the caller's:
 * `{field.id: ["Address not found."]}`; an inline address without a country: `{field.country: ["This field is
 * required!"]}` (the address form's own message).
 */
export async function resolveDraftAddress(
  ctx: Pick<AppContext, 'db'>, userId: string, field: 'billing_address' | 'shipping_address', address: DraftAddress | null,
): Promise<OrderAddress | null> {
  if (!address) return null;
  if (address.id) {
    const saved = await findOwnAddress(ctx, userId, address.id);
    if (!saved) throw new ValidationError({ [`${field}.id`]: [ADDRESS_NOT_FOUND] });
    return clean({
      country: saved.country, region: saved.region, city: saved.city, street: saved.street, apartment: saved.apartment,
      zip_code: saved.zip_code, name: saved.name, company: saved.company, phone_number: saved.phone_number,
    });
  }
  if (!address.country.trim()) throw new ValidationError({ [`${field}.country`]: ['This field is required!'] });
  return clean(address);
}
