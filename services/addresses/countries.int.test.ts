import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TestApp } from '../testing/harness';
import { createTestUser, type TestUser } from '../testing/users';
import { consignLot, createAuction, startCatalogueTestApp } from '../catalogue/testing/fixtures';
import { api, PARIS } from './testing';

let t: TestApp;
let staff: TestUser;
let buyer: TestUser;
let lotId: string;

/** The 27 member states of the European Union. */
const EU = 'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE'.split(' ');

test.before(async () => {
  t = await startCatalogueTestApp();
  staff = await createTestUser(t, { staff: true, email: 'staff.countries@whisky.test' });
  buyer = await createTestUser(t, { email: 'buyer.countries@whisky.test' });
  const auction = await createAuction(t, staff);
  lotId = (await consignLot(t, staff, auction.id, staff.id, { opening_bid: '100', vat_enabled: false })).id;
});

test.after(async () => {
  await t.close();
});

const get = async (url: string, user: TestUser | null = null) => {
  const res = await api(t, 'GET', url, user);
  return { status: res.statusCode, body: res.json() };
};

type CountryRow = { name: string; slug: string; code: string; delivery: string };

test('every country, with its slug, ISO code and carrier (or Non Deliverable Zone)', async () => {
  const { status, body } = await get('/api/countries/');
  assert.is(status, 200);
  const countries = body as CountryRow[];
  assert.ok(countries.length > 240, `${countries.length} countries`);
  const by = (code: string) => countries.find((c) => c.code === code);
  assert.equal(by('GB'), { name: 'United Kingdom', slug: 'united-kingdom', code: 'GB', delivery: 'DPD' });
  assert.equal([by('JE')?.delivery, by('IM')?.delivery, by('GG')?.delivery], ['DPD', 'DPD', 'DPD']);
  assert.equal(by('FR'), { name: 'France', slug: 'france', code: 'FR', delivery: 'DHL' });
  assert.equal(by('US'), { name: 'United States', slug: 'united-states', code: 'US', delivery: 'UPS' });
  assert.equal(by('RU'), { name: 'Russian Federation', slug: 'russian-federation', code: 'RU', delivery: 'Non Deliverable Zone' });
  for (const code of EU) assert.is(by(code)?.delivery, 'DHL', code);
});

test('divisions: regions of the UK, the US (50 states and DC), Canada and every EU country; unknown 404', async () => {
  const uk = await get('/api/divisions/united-kingdom/');
  assert.equal([uk.status, uk.body.country, uk.body.delivery], [200, 'united-kingdom', 'DPD']);
  assert.ok(uk.body.regions.length > 100);
  assert.ok(uk.body.regions.some((r: { name: string; code: string }) => r.name === 'Edinburgh, City of' && r.code === 'EDH'));
  const us = await get('/api/divisions/united-states/');
  const states = new Set((us.body.regions as { code: string }[]).map((r) => r.code));
  const wanted = 'AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC'.split(' ');
  assert.equal([us.body.delivery, wanted.filter((c) => !states.has(c))], ['UPS', []]);
  const ca = await get('/api/divisions/canada/');
  assert.is(ca.body.regions.length, 13);
  const countries = (await get('/api/countries/')).body as CountryRow[];
  for (const code of EU) {
    const slug = countries.find((c) => c.code === code)!.slug;
    const d = await get(`/api/divisions/${slug}/`);
    assert.ok(d.status === 200 && d.body.regions.length > 1 && d.body.delivery === 'DHL', code);
  }
  const ru = await get('/api/divisions/russian-federation/');
  assert.is(ru.body.delivery, 'Non Deliverable Zone');
  const unknown = await get('/api/divisions/narnia/');
  assert.equal([unknown.status, unknown.body], [404, { detail: 'Country not found.' }]);
});

test('currencies: [code, English name] pairs, GBP first then by code', async () => {
  const { status, body } = await get('/api/currencies/');
  assert.is(status, 200);
  const pairs = body as [string, string][];
  assert.equal(pairs[0], ['GBP', 'British Pound']);
  assert.ok(pairs.some(([c, n]) => c === 'EUR' && n === 'Euro'));
  assert.ok(pairs.some(([c, n]) => c === 'USD' && n === 'US Dollar'));
  const codes = pairs.slice(1).map(([c]) => c);
  assert.equal(codes, [...codes].sort());
  assert.ok(pairs.length > 140 && pairs.every(([c]) => /^[A-Z]{3}$/.test(c)));
  assert.is(new Set(pairs.map(([c]) => c)).size, pairs.length);
});

test('shipping countries: every country we deliver to, none of the Non Deliverable Zone', async () => {
  const { body } = await get('/api/shipping_countries/');
  const slugs = (body as { slug: string; name: string }[]).map((c) => c.slug);
  assert.ok(slugs.includes('united-kingdom') && slugs.includes('france') && slugs.includes('united-states'));
  for (const slug of ['russian-federation', 'belarus', 'cuba', 'korea-democratic-peoples-republic-of']) assert.not.ok(slugs.includes(slug), slug);
  assert.equal((body as object[])[0], { slug: 'aland-islands', name: 'Åland Islands' }, 'in the data\'s order, Afghanistan left out');
  const all = (await get('/api/countries/')).body as CountryRow[];
  assert.is(slugs.length, all.filter((c) => c.delivery !== 'Non Deliverable Zone').length);
});

const CARRIERS = [
  { name: 'DPD', first_bottle: '12.50', each_further: '2.50' },
  { name: 'DHL', first_bottle: '35.00', each_further: '5.00' },
  { name: 'UPS', first_bottle: '60.00', each_further: '10.00' },
];

test('shipping estimate of a lot: the UK by default, a chosen country, a Non Deliverable Zone', async () => {
  // Insurance 3% of (opening bid £100 + premium £12.50) = £3.375, rounded half up.
  const uk = await get(`/api/shipping_estimate/${lotId}/`);
  assert.equal([uk.status, uk.body], [200, { carriers: CARRIERS, result: { carrier: 'DPD', amount: '12.50', insurance: '3.38', deliverable: true } }]);
  assert.equal((await get(`/api/shipping_estimate/${lotId}/?country=france`)).body.result, { carrier: 'DHL', amount: '35.00', insurance: '3.38', deliverable: true });
  assert.equal((await get(`/api/shipping_estimate/${lotId}/?country=united-states`)).body.result, { carrier: 'UPS', amount: '60.00', insurance: '3.38', deliverable: true });
  assert.equal((await get(`/api/shipping_estimate/${lotId}/?country=russian-federation`)).body.result, {
    carrier: 'Non Deliverable Zone', amount: '0.00', insurance: '0.00', deliverable: false,
  });
  const bad = await get(`/api/shipping_estimate/${lotId}/?country=narnia`);
  assert.equal([bad.status, bad.body], [400, { country: ['Select a country from the list.'] }]);
  assert.is((await get('/api/shipping_estimate/00000000-0000-4000-8000-000000000000/')).status, 404);
  assert.is((await get('/api/shipping_estimate/nope/')).status, 404);
});

test('shipping estimate: a signed-in caller without a country gets their default shipping address\'s', async () => {
  assert.is((await get(`/api/shipping_estimate/${lotId}/`, buyer)).body.result.carrier, 'DPD', 'no address yet: the UK');
  const res = await api(t, 'POST', '/api/addresses/', buyer, PARIS);
  assert.is(res.statusCode, 201, res.body);
  assert.is((await get(`/api/shipping_estimate/${lotId}/`, buyer)).body.result.carrier, 'DHL');
  assert.is((await get(`/api/shipping_estimate/${lotId}/?country=united-kingdom`, buyer)).body.result.carrier, 'DPD');
});

test.run();
