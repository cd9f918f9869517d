/**
 * The country data as the routes answer it. The data itself is the domain's (domain/addresses/countries.ts, zones in
 * domain/checkout/shipping-zones.ts); `findCountry(slug)` is re-exported here for the other slices.
 */
import { COUNTRIES, findCountry, type Country } from '../../domain/addresses/countries';
import { carrierForCode, shippingCountries } from '../../domain/checkout/shipping-zones';
import type { z } from 'zod';
import type { countryAnswer, divisionsAnswer } from './answers';

export { findCountry };

type CountryView = z.infer<typeof countryAnswer>;

type DivisionsView = z.infer<typeof divisionsAnswer>;

const countryView = (c: Country): CountryView => ({ name: c.name, slug: c.slug, code: c.code, delivery: carrierForCode(c.code) });

let all: CountryView[] | null = null;
let shipping: { slug: string; name: string }[] | null = null;

export function countryList(): CountryView[] {
  all ??= COUNTRIES.map(countryView);
  return all;
}

export function shippingCountryList(): { slug: string; name: string }[] {
  shipping ??= shippingCountries().map((c) => ({ slug: c.slug, name: c.name }));
  return shipping;
}

export function divisions(country: Country): DivisionsView {
  return { country: country.slug, delivery: carrierForCode(country.code), regions: country.regions.map((r) => ({ name: r.name, code: r.code })) };
}
