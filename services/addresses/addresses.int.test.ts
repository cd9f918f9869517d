import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { rebuildAndCompare } from '../../projections/rebuild';
import { addressesProjection } from '../../projections/addresses/projection';
import { startTestApp, type TestApp } from '../testing/harness';
import { createTestUser, type TestUser } from '../testing/users';
import { userAddressesStream } from '../../domain/addresses/events';
import { api, EDINBURGH, PARIS } from './testing';
import { findOwnAddress } from './queries';

let t: TestApp;
let isla: TestUser;
let ivor: TestUser;

test.before(async () => {
  t = await startTestApp();
  isla = await createTestUser(t, { email: 'isla.addresses@whisky.test', firstName: 'Isla' });
  ivor = await createTestUser(t, { email: 'ivor.addresses@whisky.test', firstName: 'Ivor' });
});

test.after(async () => {
  await t.close();
});

type Address = Record<string, unknown> & { id: string; is_default: boolean; isLastModifyed: boolean };

async function list(user: TestUser, kind: 'billing' | 'shipping', owner = user): Promise<Address[]> {
  const res = await api(t, 'GET', `/api/users/${owner.id}/${kind}_addresses/`, user);
  assert.is(res.statusCode, 200, res.body);
  return res.json().results;
}

async function add(user: TestUser, body: Record<string, unknown>): Promise<Address> {
  const res = await api(t, 'POST', '/api/addresses/', user, body);
  assert.is(res.statusCode, 201, res.body);
  return res.json();
}

const flags = (rows: Address[]) => rows.map((a) => [a.id, a.is_default, a.isLastModifyed]);

const streamVersion = async (user: TestUser) => (await t.ctx.store.readStream(userAddressesStream(user.id))).length;

test('a billing address is saved normalised, answered in full and listed as the default and last changed', async () => {
  const address = await add(isla, { ...EDINBURGH, user: isla.id });
  assert.equal(address, {
    id: address.id, addr_type: 'BILLING', user: isla.id, country: 'united-kingdom', region: 'Edinburgh, City of', city: 'Edinburgh',
    street: '12 Royal Mile', apartment: 'Flat 3', zip_code: 'EH1 1AA', name: 'Isla Grant', company: '', phone_number: '+44 7400 123456',
    type_delivery: 'DPD', is_default: true, isLastModifyed: true, created_at: '2026-11-21T12:00:00.000Z', updated_at: '2026-11-21T12:00:00.000Z',
  });
  const page = (await api(t, 'GET', `/api/users/${isla.id}/billing_addresses/`, isla)).json();
  assert.equal([page.count, page.total_pages, page.next, page.previous, page.results], [1, 1, null, null, [address]]);
  assert.equal(await list(isla, 'shipping'), []);
});

test('a new billing address is the only default and the flagged one; patching the older one moves both back', async () => {
  const [first] = await list(isla, 'billing');
  t.clock.advance(60_000);
  const second = await add(isla, { ...EDINBURGH, street: '1 Princes Street', zip_code: 'EH2 2AN' });
  assert.equal(flags(await list(isla, 'billing')), [[first.id, false, false], [second.id, true, true]]);
  t.clock.advance(60_000);
  const patched = await api(t, 'PATCH', `/api/addresses/${first.id}/`, isla, { apartment: 'Flat 4' });
  assert.is(patched.statusCode, 200, patched.body);
  assert.equal([patched.json().apartment, patched.json().updated_at, patched.json().created_at], ['Flat 4', '2026-11-21T12:02:00.000Z', '2026-11-21T12:00:00.000Z']);
  assert.equal(flags(await list(isla, 'billing')), [[first.id, true, true], [second.id, false, false]]);
});

test('the first shipping address is the default, a later one is not until patched; only billing is flagged', async () => {
  const paris = await add(isla, PARIS);
  assert.equal([paris.region, paris.phone_number, paris.type_delivery, paris.is_default, paris.isLastModifyed], ['Île-de-France', '+33 6 12 34 56 78', 'DHL', true, false]);
  const nyc = await add(isla, { ...PARIS, country: 'united-states', region: 'NY', city: 'New York', zip_code: '10001', phone_number: '+1 212 555 0100' });
  assert.equal([nyc.region, nyc.type_delivery, nyc.is_default], ['New York', 'UPS', false]);
  assert.is((await api(t, 'PATCH', `/api/addresses/${nyc.id}/`, isla, { ...nyc, is_default: true })).statusCode, 200, 'the whole answer sent back');
  assert.equal(flags(await list(isla, 'shipping')), [[paris.id, false, false], [nyc.id, true, false]]);
  const billing = flags(await list(isla, 'billing'));
  assert.equal(billing.filter(([, , last]) => last).length, 1, 'patching a shipping address leaves the billing flag alone');
});

test('deleting the default passes it on; a deleted address is gone (404 after)', async () => {
  const [paris, nyc] = await list(isla, 'shipping');
  const res = await api(t, 'DELETE', `/api/addresses/${nyc.id}/`, isla);
  assert.equal([res.statusCode, res.body], [204, '']);
  assert.equal(flags(await list(isla, 'shipping')), [[paris.id, true, false]]);
  assert.is((await api(t, 'DELETE', `/api/addresses/${nyc.id}/`, isla)).statusCode, 404);
  assert.is((await api(t, 'PATCH', `/api/addresses/${nyc.id}/`, isla, { city: 'Boston' })).statusCode, 404);
  assert.is(await findOwnAddress(t.ctx, isla.id, nyc.id), null);
});

test('bad input: 400 with the form messages, and nothing changes', async () => {
  const before = await streamVersion(isla);
  const [billing] = await list(isla, 'billing');
  const missing = await api(t, 'POST', '/api/addresses/', isla, { addr_type: 'BILLING' });
  assert.equal([missing.statusCode, missing.json()], [400, {
    country: ['This field is required!'], city: ['This field is required'], street: ['This field is required'], zip_code: ['This field is required'],
  }]);
  const bad = await api(t, 'POST', '/api/addresses/', isla, {
    ...EDINBURGH, addr_type: 'HOME', region: 'Texas', city: 'Edinburgh 1', zip_code: 'EH1_1AA', phone_number: '0123',
  });
  assert.equal([bad.statusCode, bad.json()], [400, {
    addr_type: ['"HOME" is not a valid choice.'], region: ['Select a region of the chosen country.'],
    city: ['Only letters, spaces, slashes or hyphens, 1 to 150'], zip_code: ["Doesn't match the pattern from 1 to 10 alphanumerics, spaces are allowed"],
    phone_number: ['Phone number is invalid!'],
  }]);
  const unknown = await api(t, 'POST', '/api/addresses/', isla, { ...EDINBURGH, country: 'narnia', region: '' });
  assert.equal([unknown.statusCode, unknown.json()], [400, { country: ['Select a country from the list.'] }]);
  const patch = await api(t, 'PATCH', `/api/addresses/${billing.id}/`, isla, { city: '', phone_number: '+44 12', addr_type: 'SHIPPING' });
  assert.equal([patch.statusCode, patch.json()], [400, {
    addr_type: ['The address type cannot be changed.'], city: ['This field is required'], phone_number: ['Phone number is invalid!'],
  }]);
  const shape = await api(t, 'PATCH', `/api/addresses/${billing.id}/`, isla, { is_default: 'yes' });
  assert.is(shape.statusCode, 400);
  assert.is(await streamVersion(isla), before, 'no event was written');
  assert.equal((await list(isla, 'billing'))[0], billing);
});

test('only the caller\'s own addresses: another user\'s answer 404 and stay as they were', async () => {
  const before = await streamVersion(isla);
  const [billing] = await list(isla, 'billing');
  for (const kind of ['billing', 'shipping']) {
    assert.is((await api(t, 'GET', `/api/users/${isla.id}/${kind}_addresses/`, ivor)).statusCode, 404, kind);
  }
  assert.is((await api(t, 'PATCH', `/api/addresses/${billing.id}/`, ivor, { city: 'Glasgow' })).statusCode, 404);
  assert.is((await api(t, 'DELETE', `/api/addresses/${billing.id}/`, ivor)).statusCode, 404);
  assert.is((await api(t, 'POST', '/api/addresses/', ivor, { ...EDINBURGH, user: isla.id })).statusCode, 404);
  assert.is((await api(t, 'PATCH', '/api/addresses/not-a-uuid/', isla, { city: 'Glasgow' })).statusCode, 404);
  assert.is((await api(t, 'GET', `/api/users/${isla.id}/billing_addresses/`, null)).statusCode, 401);
  assert.is((await api(t, 'POST', '/api/addresses/', null, EDINBURGH)).statusCode, 401);
  assert.is(await streamVersion(isla), before);
  assert.equal(await list(ivor, 'billing'), []);
  assert.equal((await findOwnAddress(t.ctx, isla.id, billing.id))?.city, 'Edinburgh');
  assert.is(await findOwnAddress(t.ctx, ivor.id, billing.id), null);
});

test('lists are paged', async () => {
  const res = await api(t, 'GET', `/api/users/${isla.id}/billing_addresses/?page=2&page_size=1`, isla);
  const page = res.json();
  assert.equal([page.count, page.total_pages, page.next, page.previous, page.results.length], [2, 2, null, `/api/users/${isla.id}/billing_addresses/?page=1&page_size=1`, 1]);
});

test('rebuilding the addresses read model from the events gives the live table', async () => {
  const report = await rebuildAndCompare(t.ctx.db, addressesProjection);
  assert.ok(report.events >= 10, `${report.events} events`);
  for (const table of report.tables) assert.ok(table.equal, `${table.table}: ${table.rows} rows differ`);
});

test.run();
