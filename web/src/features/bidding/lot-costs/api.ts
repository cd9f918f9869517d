/**
 * The lot page's cost calls (docs/checkout-api.md "Lot costs", "Addresses"): the buyer's lines for a bid, the
 * countries we deliver to, one lot's shipping estimate for a country, and the caller's default shipping country.
 */
import { get, post } from '../../../api/http';
import { toList, unwrap } from '../../../lib/normalize';
import type { Money } from '../../../lib/types';
import type { LotCosts, SavedAddress, ShippingCountry, ShippingEstimate as ShippingEstimateAnswer } from '../../../api/contract';

export const UK = 'united-kingdom';
export const NON_DELIVERABLE = 'Non Deliverable Zone';

export type { LotCosts, ShippingCountry } from '../../../api/contract';

/**
 * `auth: false` for visitors: these answers do not depend on who asks (the country is always given), and a refused
 * anonymous call must not open the sign-in modal as an expired session would.
 */
interface Opts { signal?: AbortSignal; auth: boolean }

type EstimateResult = ShippingEstimateAnswer['result'];

/** The estimate as the page reads it: without a result (an answer that has none) its amounts are null. */
interface ShippingEstimate {
  carriers: ShippingEstimateAnswer['carriers'];
  result: { [K in keyof EstimateResult]: K extends 'deliverable' ? boolean : EstimateResult[K] | null };
}

/**
 * The all-in lines for a hammer of `bid`, delivered to `country`. No payment method and no insurance: the all-in
 * price is hammer + premium + VAT + shipping; the card surcharge and insurance are choices made at checkout.
 */
export const fetchLotCosts = async (lotId: string, bid: Money, country: string, o: Opts): Promise<LotCosts> =>
  unwrap<LotCosts>(await post(`/api/get_lot_costs/${encodeURIComponent(lotId)}/`, { bid, country, insurance: false }, o));

// The list hardly ever changes: asked once per page load, shared by every lot page.
let countries: Promise<ShippingCountry[]> | null = null;
export function fetchShippingCountries(): Promise<ShippingCountry[]> {
  countries ??= get('/api/shipping_countries/', undefined, { auth: false })
    .then((d) => toList<ShippingCountry>(d).filter((c) => c?.slug))
    .catch((e) => {
      countries = null;
      throw e;
    });
  return countries;
}

export async function fetchShippingEstimate(lotId: string, country: string, o: Opts): Promise<ShippingEstimate> {
  const d = unwrap<Partial<ShippingEstimate>>(await get(`/api/shipping_estimate/${encodeURIComponent(lotId)}/`, { country }, o));
  const result = d.result ?? { carrier: null, amount: null, insurance: null, deliverable: false };
  return { carriers: Array.isArray(d.carriers) ? d.carriers : [], result: { ...result, deliverable: result.deliverable !== false } };
}

type AddressRow = Pick<SavedAddress, 'country' | 'is_default'>;

/** The country of the caller's default shipping address (else their first one), or null when they have none. */
export async function fetchDefaultShippingCountry(userId: string, signal?: AbortSignal): Promise<string | null> {
  const rows = toList<AddressRow>(await get(`/api/users/${encodeURIComponent(userId)}/shipping_addresses/`, { page_size: 100 }, { signal }));
  const chosen = rows.find((a) => a.is_default) ?? rows[0];
  return chosen?.country || null;
}
