import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { rebuildAndCompare } from '../../projections/rebuild';
import { payoutMethodsProjection } from '../../projections/withdrawal/payout-methods-projection';
import { startTestApp, type TestApp } from '../testing/harness';
import { createTestUser, type TestUser } from '../testing/users';
import { addMethod, advance, api, codeFromMail, grantAccess, INT_ACCOUNT, mailCount, UK_ACCOUNT } from './testing';

let t: TestApp;
let isla: TestUser;
let ivor: TestUser;

const NEEDS_ACCESS = { detail: 'Please confirm the code we emailed you to see your payout details.' };

test.before(async () => {
  t = await startTestApp();
  isla = await createTestUser(t, { email: 'isla.payout@whisky.test', firstName: 'Isla' });
  ivor = await createTestUser(t, { email: 'ivor.payout@whisky.test', firstName: 'Ivor' });
});

test.after(async () => {
  await t.close();
});

test('payout details need a confirmed access code: 403 without, 200 within 15 minutes, 403 after', async () => {
  const before = await api(t, 'GET', `/api/users/${isla.id}/payment_method/`, isla);
  assert.equal([before.statusCode, before.json()], [403, NEEDS_ACCESS]);
  assert.equal((await api(t, 'POST', '/api/payment_methods/', isla, UK_ACCOUNT)).statusCode, 403);
  assert.equal((await api(t, 'POST', '/api/check_user_access_code/', isla, {})).json(), { access: false, expires_at: null });

  const sent = await api(t, 'POST', '/api/send_code/', isla);
  assert.equal([sent.statusCode, sent.json()], [200, { msg: 'We have emailed you a code. It is valid for 10 minutes.' }]);
  const code = await codeFromMail(t, isla, 'Your access code');
  const verified = await api(t, 'POST', '/api/verify_code/', isla, { code });
  assert.is(verified.statusCode, 200);
  const expiresAt = new Date(t.clock.now().getTime() + 15 * 60_000).toISOString();
  assert.equal(verified.json(), { access: true, msg: 'Code confirmed. You can see and change your payout details for the next 15 minutes.', expires_at: expiresAt });
  assert.not.match(sent.body + verified.body, code, 'the code is never in an answer');
  assert.equal((await api(t, 'POST', '/api/check_user_access_code/', isla, {})).json(), { access: true, expires_at: expiresAt });

  const id = await addMethod(t, isla);
  await advance(t, 14 * 60_000, isla, ivor);
  const within = await api(t, 'GET', `/api/users/${isla.id}/payment_method/`, isla);
  assert.is(within.statusCode, 200);
  assert.equal(within.json().results, [{
    id, type: 'UK_BANK', account_owner_uk: 'Isla Grant', sort_code_uk: '12-34-56', account_number_uk: '12345678', account_owner_int: null,
    iban_int: null, bic_swift_int: null, bank_address_int: null, is_default: true, created_at: '2026-11-21T12:00:00.000Z',
  }]);
  await advance(t, 2 * 60_000, isla, ivor);
  const after = await api(t, 'GET', `/api/users/${isla.id}/payment_method/`, isla);
  assert.equal([after.statusCode, after.json()], [403, NEEDS_ACCESS]);
  assert.is((await api(t, 'PATCH', `/api/payment_methods/${id}/`, isla, { account_owner_uk: 'I Grant' })).statusCode, 403);
  assert.equal((await api(t, 'POST', '/api/check_user_access_code/', isla, {})).json(), { access: false, expires_at: null });
});

test('the masked list needs no access code and shows no full number', async () => {
  const res = await api(t, 'GET', '/api/payment_methods/', isla);
  assert.is(res.statusCode, 200);
  assert.equal(res.json().results.map((m: { label: string; type: string; is_default: boolean }) => [m.type, m.label, m.is_default]), [['UK_BANK', 'UK account ••••5678', true]]);
  assert.not.match(res.body, '12345678');
  assert.is((await api(t, 'GET', '/api/payment_methods/', null)).statusCode, 401);
});

test('a wrong access code says how many tries are left; a code works once; resending is throttled', async () => {
  assert.is((await api(t, 'POST', '/api/send_code/', ivor)).statusCode, 200);
  const code = await codeFromMail(t, ivor, 'Your access code');
  const wrong = code === '000000' ? '111111' : '000000';
  const first = await api(t, 'POST', '/api/verify_code/', ivor, { code: wrong });
  assert.equal([first.statusCode, first.json()], [400, { detail: 'Wrong code. 4 tries left.', msg: 'Wrong code. 4 tries left.' }]);
  const missing = await api(t, 'POST', '/api/verify_code/', ivor, {});
  assert.equal([missing.statusCode, missing.json()], [400, { detail: 'Enter the 6-digit code we emailed you.', msg: 'Enter the 6-digit code we emailed you.' }]);
  const again = await api(t, 'POST', '/api/send_code/', ivor);
  assert.equal([again.statusCode, again.json()], [429, { detail: 'Please wait 30 seconds before asking for a new code.' }]);
  assert.is(await mailCount(t, ivor, 'Your access code'), 1);
  // check_user_access_code with a code verifies it like verify_code.
  const ok = await api(t, 'POST', '/api/check_user_access_code/', ivor, { code });
  assert.equal([ok.statusCode, ok.json().access], [200, true]);
  const reused = await api(t, 'POST', '/api/verify_code/', ivor, { code });
  assert.equal([reused.statusCode, reused.json()], [400, { detail: 'There is no code to check. Please ask for a new one.', msg: 'There is no code to check. Please ask for a new one.' }]);
  await advance(t, 30_000, isla, ivor);
  assert.is((await api(t, 'POST', '/api/send_code/', ivor)).statusCode, 200);
  await advance(t, 11 * 60_000, isla, ivor);
  const expired = await api(t, 'POST', '/api/verify_code/', ivor, { code: await codeFromMail(t, ivor, 'Your access code') });
  assert.equal([expired.statusCode, expired.json()], [400, { detail: 'This code has expired. Please ask for a new one.', msg: 'This code has expired. Please ask for a new one.' }]);
});

test('bank fields are checked with the form messages', async () => {
  await grantAccess(t, isla);
  const uk = await api(t, 'POST', '/api/payment_methods/', isla, { type: 'UK_BANK', account_owner_uk: '', sort_code_uk: '12-34-5_', account_number_uk: '1234' });
  assert.equal([uk.statusCode, uk.json()], [400, {
    account_owner_uk: ['This field is required'], sort_code_uk: ['Enter the sort code as nn-nn-nn'], account_number_uk: ['Account number must be 8 digits'],
  }]);
  const int = await api(t, 'POST', '/api/payment_methods/', isla, {
    type: 'INT_BANK', account_owner_int: 'Isla', iban_int: 'GB82 WEST 1234 5698 7654 33', bic_swift_int: 'DEUT-DEFF', bank_address_int: 'Fr',
  });
  assert.equal([int.statusCode, int.json()], [400, {
    iban_int: ['IBAN is not valid'], bic_swift_int: ['BIC must be 8 or 11 letters or digits'], bank_address_int: ['Bank address must be 3 to 80 characters'],
  }]);
  const short = await api(t, 'POST', '/api/payment_methods/', isla, { ...INT_ACCOUNT, iban_int: 'DE89 3704', bic_swift_int: '1234GB2L' });
  assert.equal(short.json(), { iban_int: ['IBAN must be 15 to 31 characters'], bic_swift_int: ['BIC is not valid'] });
  const none = await api(t, 'POST', '/api/payment_methods/', isla, {});
  assert.equal([none.statusCode, none.json()], [400, { type: ['This field is required'] }]);
  const twice = await api(t, 'POST', '/api/payment_methods/', isla, { ...UK_ACCOUNT, sort_code_uk: '123456' });
  assert.equal([twice.statusCode, twice.json()], [400, { detail: 'This payout method is already saved.' }]);
});

test('an international account is saved normalised; PATCH changes it and can make it the default', async () => {
  const created = await api(t, 'POST', '/api/payment_methods/', isla, INT_ACCOUNT);
  assert.is(created.statusCode, 201);
  const method = created.json();
  assert.equal([method.type, method.iban_int, method.bic_swift_int, method.is_default, method.sort_code_uk], ['INT_BANK', 'DE89370400440532013000', 'DEUTDEFF', false, null]);
  const patched = await api(t, 'PATCH', `/api/payment_methods/${method.id}/`, isla, { bank_address_int: 'Taunusanlage 12, Frankfurt', is_default: true });
  assert.is(patched.statusCode, 200);
  assert.equal([patched.json().bank_address_int, patched.json().is_default], ['Taunusanlage 12, Frankfurt', true]);
  const masked = (await api(t, 'GET', '/api/payment_methods/', isla)).json().results;
  assert.equal(masked.map((m: { label: string; is_default: boolean }) => [m.label, m.is_default]), [['UK account ••••5678', false], ['IBAN ••••3000', true]]);
  const bad = await api(t, 'PATCH', `/api/payment_methods/${method.id}/`, isla, { iban_int: 'DE00' });
  assert.equal([bad.statusCode, bad.json()], [400, { iban_int: ['IBAN must be 15 to 31 characters'] }]);
});

test('nobody reaches another user\'s payout methods', async () => {
  await grantAccess(t, ivor);
  const islas = (await api(t, 'GET', '/api/payment_methods/', isla)).json().results[0].id;
  assert.is((await api(t, 'GET', `/api/users/${isla.id}/payment_method/`, ivor)).statusCode, 404);
  const patch = await api(t, 'PATCH', `/api/payment_methods/${islas}/`, ivor, { account_owner_uk: 'Ivor' });
  assert.equal([patch.statusCode, patch.json()], [404, { detail: 'Payout method not found.' }]);
  assert.equal((await api(t, 'GET', '/api/payment_methods/', ivor)).json().results, []);
  assert.is((await api(t, 'PATCH', '/api/payment_methods/not-a-uuid/', ivor, {})).statusCode, 404);
});

test('house settings: bank and contact data, and the fees of the product rules', async () => {
  const bank = await api(t, 'GET', '/api/auction_settings/bank_data/', null);
  assert.equal([bank.statusCode, Object.keys(bank.json())], [200, [
    'sort_code_uk', 'account_number_uk', 'account_owner_uk', 'account_owner_int', 'iban_int', 'bic_swift_int', 'bank_address_int',
  ]]);
  assert.equal([bank.json().iban_int, bank.json().bic_swift_int, bank.json().sort_code_uk], ['GB33BUKB20201555555555', 'BUKBGB22', '20-20-15']);
  const contact = (await api(t, 'GET', '/api/auction_settings/contact_data/', null)).json();
  assert.equal(Object.keys(contact), ['jw_address', 'jw_working_hours', 'jw_contact_phone', 'email']);
  assert.equal(contact.jw_working_hours[0], { key: 'Monday - Friday', value: '9:00 - 17:30' });
  const all = (await api(t, 'GET', '/api/auction_settings/', null)).json();
  assert.equal(all.banks, bank.json());
  assert.equal(all.contacts, contact);
  assert.equal(all.fees, {
    currency: 'GBP', buyers_commission_percent: 12.5, vat_percent: 20, credit_card_surcharge_percent: 3, insurance_percent: 3,
    late_payment_fee_percent: 5, payment_due_days: 7, seller_commission_percent: 5, listing_fee: '5.00', reserve_fee: '5.00', registration_fee: '5.00',
  });
});

test('the read models rebuilt from the events equal the live ones', async () => {
  for (const projection of [payoutMethodsProjection]) {
    const report = await rebuildAndCompare(t.ctx.db, projection);
    assert.ok(report.tables.length > 0);
    assert.equal(report.tables.filter((x) => !x.equal).map((x) => x.table), [], projection.name);
  }
});

test.run();
