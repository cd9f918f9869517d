/**
 * What the legal pages quote, read from the house's own answers so the terms can never drift from the checkout:
 * fees and contact details (GET /api/auction_settings/), storage, shipping and insurance (GET /api/shipping_info/),
 * plus the product's fixed rules taken from the domain itself (soft close, minimum age).
 */
import { get } from '../../../api/http';
import { useAsync } from '../../../components/hooks';
import { fetchShippingInfo, type HouseFees, type ShippingInfo } from '../house-facts';
import { SOFT_CLOSE_MS } from '../../../../../domain/catalogue/lot/place-bid';
import { ADULT_AGE } from '../../../../../domain/accounts/rules';
import type { StoreInfo } from '../../../api/house';
import type { HouseSettings } from '../../../api/contract';

export interface LegalFacts {
  fees: HouseFees;
  contacts: StoreInfo;
  shipping: ShippingInfo;
  softCloseMinutes: number;
  adultAge: number;
  /** The carriers that deliver, in zone order ("DPD, DHL and UPS"). */
  carriers: string;
}

const joinAnd = (list: string[]) => (list.length <= 1 ? list.join('') : `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`);

export async function fetchLegalFacts(): Promise<LegalFacts> {
  const [settings, shipping] = await Promise.all([get<Pick<HouseSettings, 'fees' | 'contacts'>>('/api/auction_settings/'), fetchShippingInfo()]);
  const carriers = [...new Set(shipping.zones.map((z) => z.carrier))];
  return {
    fees: settings.fees, contacts: settings.contacts, shipping, softCloseMinutes: SOFT_CLOSE_MS / 60_000, adultAge: ADULT_AGE,
    carriers: joinAnd(carriers),
  };
}

export const useLegalFacts = () => useAsync(() => fetchLegalFacts(), []);
