import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { COUNTRIES, countrySlug, findCountry, findCountryByCode, findRegion } from './countries';

/** The 27 member states of the European Union. */
const EU = 'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE'.split(' ');

test('every country, each with a unique slug and ISO code', () => {
  assert.ok(COUNTRIES.length > 240, `${COUNTRIES.length} countries`);
  assert.is(new Set(COUNTRIES.map((c) => c.slug)).size, COUNTRIES.length);
  assert.is(new Set(COUNTRIES.map((c) => c.code)).size, COUNTRIES.length);
  for (const c of COUNTRIES) assert.match(c.slug, /^[a-z0-9]+(-[a-z0-9]+)*$/, c.name);
  for (const c of COUNTRIES) assert.match(c.code, /^[A-Z]{2}$/, c.name);
});

test('slugs: kebab-case of the name, accents and apostrophes dropped', () => {
  assert.is(countrySlug('United Kingdom'), 'united-kingdom');
  assert.is(countrySlug("Korea, Democratic People's Republic of"), 'korea-democratic-peoples-republic-of');
  assert.is(countrySlug('Åland Islands'), 'aland-islands');
  assert.is(findCountry('united-kingdom')?.code, 'GB');
  assert.is(findCountry('cote-divoire-republic-of')?.code, 'CI');
  assert.is(findCountryByCode('us')?.slug, 'united-states');
  assert.is(findCountry('GB'), null);
});

test('regions: the UK, the US (50 states and DC at least), Canada and every EU country', () => {
  const us = findCountry('united-states')!;
  const states = 'AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC'.split(' ');
  assert.is(states.length, 51);
  for (const code of states) assert.ok(findRegion(us, code), code);
  const uk = findCountry('united-kingdom')!;
  assert.ok(uk.regions.length > 100, 'UK council areas and counties');
  for (const name of ['Edinburgh, City of', 'Glasgow City', 'London', 'Cardiff', 'Belfast City']) assert.ok(findRegion(uk, name), name);
  const ca = findCountry('canada')!;
  assert.equal(ca.regions.map((r) => r.code).sort(), ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT']);
  for (const code of EU) assert.ok(findCountryByCode(code)!.regions.length > 1, code);
});

test.run();
