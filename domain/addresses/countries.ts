/**
 * Every country with its regions, as the project ships them: the data of country-region-data (ISO 3166-1 alpha-2
 * codes, English names, regions with their ISO 3166-2 style codes). Pure data, no I/O: the address rules, the
 * shipping zones and the routes all read this one list. A country is named in the API by its slug, the kebab-case
 * of its name ("united-kingdom", "korea-republic-of", "cote-divoire-republic-of").
 */
import { allCountries } from 'country-region-data';

interface Region {
  name: string;
  /** The data's short code; not unique in a few small territories, so regions are matched by name first. */
  code: string;
}

export interface Country {
  name: string;
  slug: string;
  /** ISO 3166-1 alpha-2. */
  code: string;
  regions: readonly Region[];
}

/** "Côte d'Ivoire, Republic of" -> "cote-divoire-republic-of": accents dropped, apostrophes removed, the rest dashes. */
export function countrySlug(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/['’]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export const COUNTRIES: readonly Country[] = Object.freeze(
  allCountries.map(([name, code, regions]) => Object.freeze({
    name,
    slug: countrySlug(name),
    code,
    regions: Object.freeze(regions.map(([regionName, regionCode]) => Object.freeze({ name: regionName, code: regionCode ?? '' }))),
  })),
);

const bySlug = new Map(COUNTRIES.map((c) => [c.slug, c]));
const byCode = new Map(COUNTRIES.map((c) => [c.code, c]));

export const UNITED_KINGDOM = 'united-kingdom';

export function findCountry(slug: string): Country | null {
  return bySlug.get(slug) ?? null;
}

export function findCountryByCode(code: string): Country | null {
  return byCode.get(code.toUpperCase()) ?? null;
}

/**
 * The region of `country` that `value` names (its name, any case and spacing, or its code when that code is
 * unique in the country), or null.
 */
export function findRegion(country: Country, value: string): Region | null {
  const wanted = value.trim().replace(/\s+/g, ' ').toLowerCase();
  if (wanted === '') return null;
  const named = country.regions.find((r) => r.name.toLowerCase() === wanted);
  if (named) return named;
  const coded = country.regions.filter((r) => r.code !== '' && r.code.toLowerCase() === wanted);
  return coded.length === 1 ? coded[0] : null;
}
