/**
 * Valuation requests through the API with real multipart bodies: a signed-in request, a visitor who signs up in the
 * same step, the refusals that must leave nothing on disk or in the database, other users and non-staff kept out,
 * and the staff answer reaching the seller by email and in their account.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../testing/harness';
import { bearer, createTestUser, type TestUser } from '../testing/users';
import { readMailbox } from '../../infra/mail/outbox';
import { MSG } from '../../domain/valuation/decide';
import { jpeg, multipart, objectParts, png, postValuation, uploadedFiles, valuationEventCount } from './testing';
import { ANONYMOUS_UPLOADS_PER_HOUR } from '../uploads/anonymous-throttle';
import { USER_DATA_REQUIRED } from './submit';
import { rebuildAndCompare } from '../../projections/rebuild';
import { valuationsProjection } from '../../projections/valuation/projection';

let t: TestApp;
let dataDir: string;
let staff: TestUser, alice: TestUser, bob: TestUser;
let aliceValuation: string;
let PNG: Buffer, JPEG: Buffer;
const inTemp = (file: string) => path.relative(dataDir, file).startsWith(path.join('uploads', 'tmp'));

const get = (user: TestUser | null, url: string) => t.app.inject({ method: 'GET', url, headers: user ? bearer(user) : {} });
const answer = (user: TestUser | null, id: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/staff/valuation_requests/${id}/answer/`, headers: user ? bearer(user) : {}, payload });
const visitor = (email: string, extra: object = {}) => JSON.stringify({
  first_name: 'Fiona', last_name: 'Mackay', email, phone: '07400 900123', birth_date: '1980-05-01', password: 'Str0ng!Pass',
  password2: 'Str0ng!Pass', terms_agreement: true, ...extra,
});

test.before(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wa-valuation-'));
  t = await startTestApp({ config: { dataDir } });
  [staff, alice, bob] = await Promise.all([createTestUser(t, { staff: true }), createTestUser(t), createTestUser(t)]);
  [PNG, JPEG] = await Promise.all([png(), jpeg()]);
});
test.after(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('a signed-in seller asks for a valuation: objects, photos, thumbnails, own list', async () => {
  const res = await postValuation(t, alice, objectParts([
    { title: ' Macallan 18 ', images: [{ data: PNG, filename: 'front.png', type: 'image/png' }, { data: JPEG, filename: 'back.jpg', type: 'image/jpeg' }] },
    { title: 'Ardbeg cask', images: [{ data: JPEG, filename: 'cask.jpeg', type: 'image/jpeg' }] },
  ]));
  assert.is(res.statusCode, 201, res.body);
  const view = res.json();
  aliceValuation = view.id;
  assert.match(view.reference, /^V-\d{6}$/);
  assert.is(view.status, 'pending');
  assert.is(view.answer, null);
  assert.equal(view.objects.map((o: { title: string; images: unknown[] }) => [o.title, o.images.length]), [['Macallan 18', 2], ['Ardbeg cask', 1]]);
  assert.is(uploadedFiles(dataDir).filter((f) => !inTemp(f)).length, 6);
  const img = view.objects[0].images[0];
  const full = await get(alice, img.url);
  assert.is(full.statusCode, 200);
  assert.is(full.headers['content-type'], 'image/png');
  assert.equal(full.rawPayload, PNG);
  const thumb = await get(alice, img.thumbnail_url);
  assert.is(thumb.headers['content-type'], 'image/webp');
  assert.is(thumb.statusCode, 200);
  assert.is((await get(staff, img.url)).statusCode, 200);
  const list = (await get(alice, '/api/valuation_requests/')).json();
  assert.equal(list.results.map((v: { id: string }) => v.id), [aliceValuation]);
  assert.is((await get(alice, `/api/valuation_requests/${aliceValuation}/`)).json().id, aliceValuation);
});

test('another user sees neither the request nor its photos; signed out gets 401', async () => {
  const view = (await get(alice, `/api/valuation_requests/${aliceValuation}/`)).json();
  assert.is((await get(bob, `/api/valuation_requests/${aliceValuation}/`)).statusCode, 404);
  assert.equal((await get(bob, '/api/valuation_requests/')).json().results, []);
  assert.is((await get(bob, view.objects[0].images[0].url)).statusCode, 404);
  assert.is((await get(null, view.objects[0].images[0].url)).statusCode, 401);
  assert.is((await get(null, '/api/valuation_requests/')).statusCode, 401);
});

async function refused(user: TestUser | null, parts: Parameters<typeof postValuation>[2], message: string | RegExp) {
  const filesBefore = uploadedFiles(dataDir).length;
  const eventsBefore = await valuationEventCount(t);
  const res = await postValuation(t, user, parts);
  assert.is(res.statusCode, 400, res.body);
  const body = res.json();
  const first = body.detail ?? Object.values(body as Record<string, string[]>)[0][0];
  if (typeof message === 'string') assert.is(first, message);
  else assert.match(first, message);
  assert.is(uploadedFiles(dataDir).length, filesBefore, 'no file kept');
  assert.is(await valuationEventCount(t), eventsBefore, 'no event kept');
  return body;
}

test('refusals keep nothing: renamed non-image, oversize, too many photos or objects, no objects', async () => {
  const text = Buffer.from('just some text, not a picture');
  await refused(alice, objectParts([{ title: 'A', images: [{ data: PNG, filename: 'a.png' }, { data: text, filename: 'label.jpg', type: 'image/jpeg' }] }]),
    '"label.jpg" is not a JPEG, PNG or WebP image.');
  const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024 + 1)]);
  await refused(alice, objectParts([{ title: 'A', images: [{ data: PNG, filename: 'a.png' }, { data: big, filename: 'huge.png' }] }]),
    '"huge.png" is larger than 10 MB.');
  const eleven = Array.from({ length: 11 }, (_, i) => ({ data: PNG, filename: `p${i}.png` }));
  await refused(alice, objectParts([{ title: 'A', images: eleven }]), MSG.tooManyImages(1));
  const objects = Array.from({ length: 11 }, (_, i) => ({ title: `O${i}`, images: [{ data: PNG, filename: 'p.png' }] }));
  await refused(alice, objectParts(objects), MSG.tooManyObjects);
  await refused(alice, [], MSG.noObjects);
  await refused(alice, objectParts([{ title: 'A', images: [] }]), MSG.noImages(1));
  await refused(alice, objectParts([{ title: '  ', images: [{ data: PNG, filename: 'a.png' }] }]), MSG.titleRequired(1));
  assert.equal(uploadedFiles(dataDir).filter(inTemp), []);
});

test('a visitor signs up in the same step; bad details or a taken email keep nothing', async () => {
  const parts = objectParts([{ title: 'Springbank 21', images: [{ data: JPEG, filename: 's.jpg' }, { data: PNG, filename: 's.png' }] }]);
  await refused(null, parts, USER_DATA_REQUIRED);
  const bad = await refused(null, [{ name: 'user_data', value: visitor('not-an-email', { password2: 'other' }) }, ...parts], /./);
  assert.ok(bad.email && bad.password2, JSON.stringify(bad));
  await refused(null, [{ name: 'user_data', value: visitor(alice.email) }, ...parts], /./);
  const usersBefore = await t.ctx.db.selectFrom('users').select('id').execute();

  const email = 'fiona.valuation@whisky.test';
  const res = await postValuation(t, null, [{ name: 'user_data', value: visitor(email) }, ...parts]);
  assert.is(res.statusCode, 201, res.body);
  const user = await t.ctx.db.selectFrom('users').select(['id', 'email']).where('email', '=', email).executeTakeFirstOrThrow();
  const row = await t.ctx.db.selectFrom('valuations').select('user_id').where('id', '=', res.json().id).executeTakeFirstOrThrow();
  assert.is(row.user_id, user.id);
  assert.is((await t.ctx.db.selectFrom('users').select('id').execute()).length, usersBefore.length + 1);
  const mails = await readMailbox(t.ctx.db, { to: email });
  assert.ok(mails.some((m) => /confirm|verif/i.test(m.subject)), JSON.stringify(mails.map((m) => m.subject)));
});

test('staff only: list and answer; answers are checked and given once; the seller is emailed and sees it', async () => {
  assert.is((await get(alice, '/api/staff/valuation_requests/')).statusCode, 403);
  assert.is((await get(null, '/api/staff/valuation_requests/')).statusCode, 401);
  assert.is((await answer(alice, aliceValuation, { decision: 'decline', message: 'x' })).statusCode, 403);
  const listed = await get(staff, '/api/staff/valuation_requests/?status=pending');
  assert.is(listed.statusCode, 200, listed.body);
  const pending = listed.json().results;
  const mine = pending.find((v: { id: string }) => v.id === aliceValuation);
  assert.is(mine.user.email, alice.email);

  assert.is((await answer(staff, aliceValuation, { decision: 'estimate', low: '200', high: '150', message: 'Nice' })).statusCode, 400);
  assert.is((await answer(staff, aliceValuation, { decision: 'estimate', low: '0', high: '150', message: 'Nice' })).statusCode, 400);
  assert.is((await answer(staff, aliceValuation, { decision: 'estimate', low: '100', high: '150', message: '' })).statusCode, 400);
  const ok = await answer(staff, aliceValuation, { decision: 'estimate', low: '100', high: '150.5', message: 'A fine pair.' });
  assert.is(ok.statusCode, 200, ok.body);
  assert.equal(ok.json().answer.low, '100.00');
  const again = await answer(staff, aliceValuation, { decision: 'decline', message: 'Changed my mind' });
  assert.is(again.statusCode, 400);
  assert.is(again.json().detail, MSG.alreadyAnswered);

  const seen = (await get(alice, `/api/valuation_requests/${aliceValuation}/`)).json();
  assert.is(seen.status, 'estimated');
  assert.equal({ ...seen.answer, answered_at: undefined }, { decision: 'estimate', low: '100.00', high: '150.50', message: 'A fine pair.', answered_at: undefined });
  const mails = await readMailbox(t.ctx.db, { to: alice.email });
  assert.ok(mails.some((m) => m.subject.startsWith('Your valuation V-') && m.text.includes('£100.00 to £150.50')), JSON.stringify(mails.map((m) => m.subject)));
  const estimated = (await get(staff, '/api/staff/valuation_requests/?status=estimated')).json().results;
  assert.equal(estimated.map((v: { id: string }) => v.id), [aliceValuation]);
  assert.is((await answer(staff, '00000000-0000-4000-8000-000000000000', { decision: 'decline', message: 'x' })).statusCode, 404);
});

test('the valuations read model rebuilt from the events equals the live one', async () => {
  await t.ctx.projections.stop();
  const report = await rebuildAndCompare(t.ctx.db, valuationsProjection);
  assert.equal(report.tables.filter((x) => !x.equal).map((x) => x.table), []);
  assert.ok(report.tables.every((x) => x.rows > 0));
});

test('signed-out uploads are limited per address before the body is read; signed-in ones are not', async () => {
  const body = await multipart([{ name: 'objects[0][title]', value: 'Talisker 10' }]);
  const from = (remoteAddress: string, user: TestUser | null = null) => t.app.inject({
    method: 'POST', url: '/api/valuation_requests/', payload: body.payload, remoteAddress,
    headers: { ...body.headers, ...(user ? { authorization: `Bearer ${user.access}` } : {}) },
  });
  for (let i = 0; i < ANONYMOUS_UPLOADS_PER_HOUR; i++) assert.is((await from('203.0.113.7')).statusCode, 400, 'counted even when refused');
  const throttled = await from('203.0.113.7');
  assert.is(throttled.statusCode, 429);
  assert.match(throttled.json().detail, /^Too many uploads from your address\. Please try again in 60 minutes, or sign in\.$/);
  assert.ok(Number(throttled.headers['retry-after']) > 3_500);
  assert.is((await from('203.0.113.8')).statusCode, 400, 'another address is not affected');
  assert.is((await from('203.0.113.7', alice)).statusCode, 400, 'a signed-in user is not limited');
  t.clock.set(new Date(t.clock.now().getTime() + 61 * 60_000));
  assert.is((await from('203.0.113.7')).statusCode, 400, 'an hour later the address may try again');
});

test.run();
