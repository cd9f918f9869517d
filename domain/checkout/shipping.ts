/**
 * Shipping by carrier zone (product rules): a price for the first bottle and one for each further bottle.
 * A lot is one bottle for shipping (the catalogue has no bottle count per lot). Which country is in which zone:
 * shipping-zones.ts.
 */
import { RuleBroken } from '../shared/errors';
import type { Pence } from '../shared/money';
import type { Carrier } from './types';

export type DeliverableCarrier = Exclude<Carrier, 'Non Deliverable Zone'>;

interface CarrierPrice {
  first_bottle: Pence;
  each_further: Pence;
}

export const CARRIER_PRICES: Readonly<Record<DeliverableCarrier, CarrierPrice>> = {
  DPD: { first_bottle: 1250, each_further: 250 },
  DHL: { first_bottle: 3500, each_further: 500 },
  UPS: { first_bottle: 6000, each_further: 1000 },
};

export const NOT_DELIVERABLE_MESSAGE = 'We do not ship to this country. Please select an alternative shipping address.';

export function isDeliverable(carrier: Carrier | null): carrier is DeliverableCarrier {
  return carrier !== null && carrier !== 'Non Deliverable Zone';
}

/**
 * Shipping for `bottles` bottles with this carrier. A Non Deliverable Zone (or no known zone: null) is refused even
 * for 0 bottles, so a delivery to such a country never gets a price.
 */
export function shippingPence(carrier: Carrier | null, bottles: number): Pence {
  if (!isDeliverable(carrier)) throw new RuleBroken(NOT_DELIVERABLE_MESSAGE);
  if (!Number.isInteger(bottles) || bottles < 0) throw new Error(`Invalid bottle count: ${bottles}`);
  if (bottles === 0) return 0;
  const price = CARRIER_PRICES[carrier];
  return price.first_bottle + (bottles - 1) * price.each_further;
}
