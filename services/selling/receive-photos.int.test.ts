/**
 * Receiving a sell-request item with photos, through the API with real multipart bodies: the photos are stored,
 * listed to staff and the seller and served to them only; a renamed non-image (or anything else refused) leaves
 * nothing on disk or in the database; non-staff get 403; the JSON body without photos still works.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, TestClock, type TestApp } from '../testing/harness';
import { bearer, createTestUser, type TestUser } from '../testing/users';
import { call } from '../accounts/testing';
import { DAY } from '../checkout/testing';
import { jpeg, multipart, png, uploadedFiles, type Part } from '../valuation/testing';
import { rebuildAndCompare } from '../../projections/rebuild';
import { sellRequestsProjection } from '../../projections/selling/projection';
import { UPLOAD_MSG } from '../uploads/receive';
import { UNEXPECTED_PHOTO_FIELD } from './receive';

// Monday 23 November 2026, noon.
const NOW = new Date('2026-11-23T12:00:00.000Z');
let t: TestApp;
let dataDir: string;
let staff: TestUser, ann: TestUser, bob: TestUser;
let requestId = '';
let items: { id: string; title: string }[] = [];
let PNG: Buffer, JPEG: Buffer;

const UK_BANK = { type: 'UK_BANK', account_owner_uk: 'Ann Seller', sort_code_uk: '12-34-56', account_number_uk: '12345678' };
const ADDRESS = { apartment: 'Flat 2', country: 'united-kingdom', region: '', city: 'Glasgow', zip_code: 'G1 1AA', street: '5 Still Road' };
const ITEMS = [{ title: 'Springbank 15', quantity: 1 }, { title: 'Lagavulin 16', quantity: 1 }, { title: 'Talisker 10', quantity: 1 }];

const receiveUrl = (itemId: string) => `/api/staff/sell_requests/${requestId}/items/${itemId}/receive/`;
async function receive(user: TestUser, itemId: string, parts: Part[]) {
  const body = await multipart(parts);
  return t.app.inject({ method: 'POST', url: receiveUrl(itemId), payload: body.payload, headers: { ...body.headers, ...bearer(user) } });
}
const get = (user: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(user) });
const eventCount = async () =>
  (await sql<{ n: number }>`SELECT count(*)::int AS n FROM events WHERE stream_id = ${`sell-request-${requestId}`}`.execute(t.ctx.db)).rows[0].n;
const imageRows = async () => (await t.ctx.db.selectFrom('sell_request_images').select('image_id').execute()).length;
const kept = () => uploadedFiles(dataDir);
const inTemp = (file: string) => path.relative(dataDir, file).startsWith(path.join('uploads', 'tmp'));

test.before(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wa-sell-photos-'));
  t = await startTestApp({ workers: false, clock: new TestClock(NOW), config: { dataDir } });
  t.ctx.projections.start();
  [staff, ann, bob] = await Promise.all([createTestUser(t, { staff: true }), createTestUser(t, { firstName: 'Ann' }), createTestUser(t)]);
  [PNG, JPEG] = await Promise.all([png(), jpeg()]);
  const start = new Date(NOW.getTime() + 7 * DAY);
  const auction = await call(t, 'POST', '/api/staff/auctions/', {
    start_date: start.toISOString(), end_date: new Date(start.getTime() + 7 * DAY).toISOString(),
    bottles_add_deadline: new Date(NOW.getTime() + 5 * DAY).toISOString(),
  }, { user: staff });
  assert.is(auction.statusCode, 201, auction.body);
  const sent = await call(t, 'POST', '/api/sell_request/?type=new_items',
    { items: ITEMS, type: 'send_items', payment_data: UK_BANK, address: ADDRESS, auction_id: auction.json().id }, { user: ann });
  assert.is(sent.statusCode, 201, sent.body);
  requestId = sent.json().id;
  items = (await call(t, 'GET', `/api/sell_requests/${requestId}/`, undefined, { user: ann })).json().items;
});

test.after(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('non-staff get 403 and nothing is kept', async () => {
  const res = await receive(ann, items[0].id, [{ name: 'condition_note', value: 'x' }, { name: 'photo1', value: { data: PNG, filename: 'a.png', type: 'image/png' } }]);
  assert.is(res.statusCode, 403, res.body);
  assert.equal([kept(), await imageRows()], [[], 0]);
});

test('refusals keep nothing: a renamed non-image, an unexpected field, eleven photos', async () => {
  const eventsBefore = await eventCount();
  const text = { data: Buffer.from('just some text, not a picture'), filename: 'label.jpg', type: 'image/jpeg' };
  const refusals: [Part[], string][] = [
    [[{ name: 'condition_note', value: 'Seal intact' }, { name: 'photo1', value: { data: PNG, filename: 'a.png' } }, { name: 'photo2', value: text }],
      '"label.jpg" is not a JPEG, PNG or WebP image.'],
    [[{ name: 'file', value: { data: PNG, filename: 'a.png' } }], UNEXPECTED_PHOTO_FIELD('file')],
    [Array.from({ length: 11 }, (_, i) => ({ name: `photo${i + 1}`, value: { data: PNG, filename: `p${i}.png` } })), UPLOAD_MSG.tooManyFiles(10)],
  ];
  for (const [parts, message] of refusals) {
    const res = await receive(staff, items[0].id, parts);
    assert.is(res.statusCode, 400, res.body);
    assert.is(res.json().detail, message);
    assert.equal(kept(), [], 'no file kept');
  }
  assert.is(await eventCount(), eventsBefore, 'no event kept');
  assert.is(await imageRows(), 0);
  const item = (await call(t, 'GET', `/api/sell_requests/${requestId}/`, undefined, { user: ann })).json().items[0];
  assert.equal([item.status, item.photos], ['expected', []]);
});

test('photos are stored, listed to staff and the seller, and served to them only', async () => {
  const res = await receive(staff, items[0].id, [
    { name: 'condition_note', value: ' Label slightly torn ' },
    { name: 'photo2', value: { data: PNG, filename: 'back.png', type: 'image/png' } },
    { name: 'photo1', value: { data: JPEG, filename: 'front.jpg', type: 'image/jpeg' } },
  ]);
  assert.is(res.statusCode, 200, res.body);
  const event = await sql<{ data: { photos: { image_id: string; content_type: string }[]; condition_note: string; by: string } }>`
    SELECT data FROM events WHERE type = 'SellRequestItemReceived' AND data->>'item_id' = ${items[0].id}`.execute(t.ctx.db);
  const data = event.rows[0].data;
  assert.equal([data.condition_note, data.by, data.photos.map((p) => p.content_type)], ['Label slightly torn', staff.id, ['image/jpeg', 'image/png']]);
  const ids = data.photos.map((p) => p.image_id);

  const own = (await call(t, 'GET', `/api/sell_requests/${requestId}/`, undefined, { user: ann })).json().items[0];
  assert.equal([own.status, own.condition_note], ['received', 'Label slightly torn']);
  assert.equal(own.photos, ids.map((id) => ({ id, url: `/api/sell_request_images/${id}/?size=full`, thumbnail_url: `/api/sell_request_images/${id}/?size=thumb` })));
  const listed = (await get(staff, '/api/staff/sell_requests/?status=partly_received')).json().results.find((r: { id: string }) => r.id === requestId);
  assert.equal(listed.items[0].photos, own.photos);
  assert.is(kept().filter((f) => f.includes(`${path.sep}sell-requests${path.sep}`)).length, 4, 'a full file and a thumbnail each');
  assert.equal(kept().filter(inTemp), []);

  for (const user of [ann, staff]) {
    const full = await get(user, own.photos[0].url);
    assert.is(full.statusCode, 200);
    assert.is(full.headers['content-type'], 'image/jpeg');
    assert.is((await sharp(full.rawPayload).metadata()).format, 'jpeg');
    const thumb = await get(user, own.photos[1].thumbnail_url);
    assert.equal([thumb.statusCode, thumb.headers['content-type']], [200, 'image/webp']);
  }
  // Another user: the photo and the request answer 404, as if they did not exist.
  assert.is((await get(bob, own.photos[0].url)).statusCode, 404);
  assert.is((await get(bob, own.photos[0].thumbnail_url)).statusCode, 404);
  assert.is((await call(t, 'GET', `/api/sell_requests/${requestId}/`, undefined, { user: bob })).statusCode, 404);
  assert.is((await get(ann, '/api/sell_request_images/00000000-0000-4000-8000-000000000000/')).statusCode, 404);
});

test('the JSON body and a multipart form without photos still receive with a note only', async () => {
  const json = await call(t, 'POST', receiveUrl(items[1].id), { condition_note: 'Fill level good' }, { user: staff });
  assert.is(json.statusCode, 200, json.body);
  const form = await receive(staff, items[2].id, [{ name: 'condition_note', value: 'Box dented' }]);
  assert.is(form.statusCode, 200, form.body);
  const view = (await call(t, 'GET', `/api/sell_requests/${requestId}/`, undefined, { user: ann })).json();
  assert.equal(view.items.map((i: { condition_note: string; photos: unknown[] }) => [i.condition_note, i.photos.length]),
    [['Label slightly torn', 2], ['Fill level good', 0], ['Box dented', 0]]);
  assert.is(view.status, 'received');
  assert.is((await receive(staff, items[2].id, [{ name: 'photo1', value: { data: PNG, filename: 'a.png' } }])).statusCode, 409);
  assert.equal(kept().filter(inTemp), []);
});

test('the sell-requests read model (photos too) rebuilt from the events equals the live one', async () => {
  await t.ctx.projections.stop();
  const report = await rebuildAndCompare(t.ctx.db, sellRequestsProjection);
  assert.equal(report.tables.filter((x) => !x.equal).map((x) => x.table), []);
});

test.run();
