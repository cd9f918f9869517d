/**
 * Which carrier delivers to which country (product rules, docs/checkout.md "Shipping zones"): the UK (Great Britain
 * and Northern Ireland, the Isle of Man and the Channel Islands) by DPD; Europe (continent EU of countries-list) by
 * DHL; the rest of the world by UPS; the countries below are a Non Deliverable Zone. The list is data: the house
 * changes it here, with the reason, and every route and price follows.
 */
import { countries as continentData } from 'countries-list';
import { COUNTRIES, findCountry, type Country } from '../addresses/countries';
import type { Carrier } from './types';

/** The UK zone: GB plus the Crown Dependencies (Isle of Man, Jersey, Guernsey), all served by DPD from the UK. */
export const UK_ZONE: readonly string[] = ['GB', 'IM', 'JE', 'GG'];

interface NonDeliverable { code: string; reason: string }

const SANCTIONS = 'UK sanctions: export of luxury goods, spirits included, is prohibited';
const EMBARGO = 'Under embargo: our carriers do not deliver there';
const DRY = 'Alcohol may not be imported';
const NO_SERVICE = 'No civilian address our carriers deliver to';

/** ISO 3166-1 alpha-2 codes we never ship to, and why. */
export const NON_DELIVERABLE_ZONE: readonly NonDeliverable[] = [
  { code: 'RU', reason: SANCTIONS },
  { code: 'BY', reason: SANCTIONS },
  { code: 'KP', reason: SANCTIONS },
  { code: 'IR', reason: `${SANCTIONS}; ${DRY.toLowerCase()}` },
  { code: 'SY', reason: SANCTIONS },
  { code: 'CU', reason: EMBARGO },
  { code: 'AF', reason: DRY },
  { code: 'BN', reason: DRY },
  { code: 'KW', reason: DRY },
  { code: 'LY', reason: DRY },
  { code: 'SA', reason: DRY },
  { code: 'SD', reason: DRY },
  { code: 'SO', reason: DRY },
  { code: 'YE', reason: DRY },
  { code: 'AQ', reason: NO_SERVICE },
  { code: 'BV', reason: NO_SERVICE },
  { code: 'GS', reason: NO_SERVICE },
  { code: 'HM', reason: NO_SERVICE },
  { code: 'IO', reason: NO_SERVICE },
  { code: 'TF', reason: NO_SERVICE },
  { code: 'UM', reason: NO_SERVICE },
];

const nonDeliverable = new Set(NON_DELIVERABLE_ZONE.map((n) => n.code));
const ukZone = new Set(UK_ZONE);

type ContinentCode = (typeof continentData)[keyof typeof continentData]['continent'];

function continentOf(code: string): ContinentCode | null {
  const data = (continentData as Record<string, { continent: ContinentCode } | undefined>)[code];
  return data ? data.continent : null;
}

/** The carrier for an ISO 3166-1 alpha-2 code (an unknown code is the rest of the world). */
export function carrierForCode(code: string): Carrier {
  const iso = code.toUpperCase();
  if (nonDeliverable.has(iso)) return 'Non Deliverable Zone';
  if (ukZone.has(iso)) return 'DPD';
  return continentOf(iso) === 'EU' ? 'DHL' : 'UPS';
}

/** The carrier for a country slug ("united-kingdom"); null when no such country is known. */
export function carrierForCountry(countrySlug: string): Carrier | null {
  const country = findCountry(countrySlug);
  return country ? carrierForCode(country.code) : null;
}

function isDeliverableCountry(country: Country): boolean {
  return carrierForCode(country.code) !== 'Non Deliverable Zone';
}

/** Every country we deliver to, in the data's (alphabetical) order. */
export function shippingCountries(): Country[] {
  return COUNTRIES.filter(isDeliverableCountry);
}
