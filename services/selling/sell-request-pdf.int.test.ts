/**
 * GET /api/sell_requests/{id}/pdf/: the owner gets the PDF of a new-items request again, the same document as at
 * submission (its text equal, for each delivery), still the same after staff handled an item and the auction was
 * rescheduled (it is built from the request's events, not the read models); another user and an unknown id get the
 * slice's 404, signed out 401, exactly as GET /api/sell_requests/{id}/; a relist from storage has no PDF (404).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { LightMyRequestResponse } from 'fastify';
import { startTestApp, TestClock, type TestApp } from '../testing/harness';
import { createTestUser, type TestUser } from '../testing/users';
import { call } from '../accounts/testing';
import { pdfText } from '../wallet/testing';
import { placeOrder, wonLot, DAY } from '../checkout/testing';
import { SELL_MSG } from '../../domain/selling/sell-requests/messages';
import { staffAuction } from './testing';

// Monday 23 November 2026, noon.
const NOW = new Date('2026-11-23T12:00:00.000Z');
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
let t: TestApp;
let staff: TestUser, ann: TestUser, bob: TestUser;
let next: { id: string };

const UK_BANK = { type: 'UK_BANK', account_owner_uk: 'Ann Seller', sort_code_uk: '12-34-56', account_number_uk: '12345678' };
const ADDRESS = { apartment: 'Flat 2', country: 'united-kingdom', region: '', city: 'Glasgow', zip_code: 'G1 1AA', street: '5 Still Road' };
const ITEMS = [{ title: 'Springbank 15', distillery: 'Springbank', age: 15, quantity: 2, estimate_low: '120', estimate_high: '150' }, { title: 'Lagavulin 16' }];

const submit = async (auctionId: string, over: Record<string, unknown> = {}) => {
  const res = await call(t, 'POST', '/api/sell_request/?type=new_items', { items: ITEMS, type: 'send_items', payment_data: UK_BANK, address: ADDRESS, auction_id: auctionId, ...over }, { user: ann });
  assert.is(res.statusCode, 201, res.body);
  return res.json() as { id: string; reference: string; file_data: string; file_name: string };
};
const pdfOf = (id: string, user: TestUser | null = ann) => call(t, 'GET', `/api/sell_requests/${id}/pdf/`, undefined, { user });
const textOf = (res: LightMyRequestResponse) => pdfText(res.rawPayload.toString('base64'));

const auction = (startInDays: number, deadlineInDays: number) => staffAuction(t, staff, NOW, startInDays, deadlineInDays);

test.before(async () => {
  t = await startTestApp({ workers: false, clock: new TestClock(NOW) });
  t.ctx.projections.start();
  [staff, ann, bob] = await Promise.all([createTestUser(t, { staff: true }), createTestUser(t), createTestUser(t)]);
  next = await auction(7, 5);
});

test.after(async () => {
  await t.close();
});

test('the owner gets the same PDF again, for each delivery: reference, items, what to do next', async () => {
  const cases: [Record<string, unknown>, string[]][] = [
    [{ type: 'send_items' }, ['Write the reference', 'Unit 7 Bonded Park']],
    [{ type: 'drop_items' }, ['Dropping off your bottles', '14 Cask Lane, Edinburgh', 'Monday - Friday: 9:00 - 17:30']],
    [{ type: 'courier_collection', boxes: 3, insurance: true, pick_up_date: '2026-11-25' }, ['collect 3 boxes on Wednesday, 25 November 2026', 'The collection is insured.']],
  ];
  for (const [over, parts] of cases) {
    const answer = await submit(next.id, over);
    const res = await pdfOf(answer.id);
    assert.is(res.statusCode, 200, res.body);
    assert.is(res.headers['content-type'], 'application/pdf');
    assert.is(res.headers['content-disposition'], `attachment; filename="${answer.file_name}"`);
    assert.is(answer.file_name, `sell-request-${answer.reference}.pdf`);
    assert.is(res.rawPayload.subarray(0, 5).toString(), '%PDF-');
    const text = textOf(res);
    for (const part of [`Sell request ${answer.reference}`, 'Springbank 15 x 2', 'Lagavulin 16 x 1', '£120.00 - £150.00', ...parts]) {
      assert.ok(text.includes(part), `${part} in:\n${text}`);
    }
    assert.is(text, pdfText(answer.file_data), `${String(over.type)}: the PDF again is the one answered at submission`);
  }
});

test('built from the request\'s events: an item received and the auction rescheduled change nothing', async () => {
  const later = await auction(14, 10);
  const answer = await submit(later.id);
  const original = pdfText(answer.file_data);
  const { items } = (await call(t, 'GET', `/api/sell_requests/${answer.id}/`, undefined, { user: ann })).json() as { items: { id: string }[] };
  const received = await call(t, 'POST', `/api/staff/sell_requests/${answer.id}/items/${items[0].id}/receive/`, { condition_note: 'Label torn' }, { user: staff });
  assert.is(received.statusCode, 200, received.body);
  const start = new Date(NOW.getTime() + 21 * DAY);
  const moved = await call(t, 'POST', `/api/staff/auctions/${later.id}/schedule/`, {
    start_date: start.toISOString(), end_date: new Date(start.getTime() + 7 * DAY).toISOString(),
  }, { user: staff });
  assert.is(moved.statusCode, 200, moved.body);

  const text = textOf(await pdfOf(answer.id));
  assert.ok(text.includes('the auction of 2026-12-07'), `the date the seller was given, not the new one:\n${text}`);
  assert.is(text, original);
});

test('another user\'s or an unknown request is 404, signed out 401: exactly like GET /api/sell_requests/{id}/', async () => {
  const { id } = await submit(next.id);
  for (const [url, user] of [[id, bob], [UNKNOWN, ann], ['not-a-uuid', ann], [id, null]] as const) {
    const pdf = await pdfOf(url, user);
    const view = await call(t, 'GET', `/api/sell_requests/${url}/`, undefined, { user });
    assert.equal([pdf.statusCode, pdf.json()], [view.statusCode, view.json()], `${url} as ${user ? 'user' : 'anonymous'}`);
  }
  assert.equal([(await pdfOf(id, bob)).statusCode, (await pdfOf(id, bob)).json()], [404, { detail: SELL_MSG.notFound }]);
  assert.is((await pdfOf(id, null)).statusCode, 401);
});

test('a relist from storage has no PDF: 404 saying so to its owner, the plain not-found to anyone else', async () => {
  const bought = await wonLot(t, ann.id, { hammerPence: 25000, title: 'Ardbeg Uigeadail', sellerId: bob.id });
  await placeOrder(t, ann.id, [bought], { service: 'storage', paid: true, storedUntil: new Date(NOW.getTime() + 90 * DAY).toISOString() });
  const res = await call(t, 'POST', '/api/sell_request/?type=from_storage', { items: [bought.lotId], auction_id: next.id }, { user: ann });
  assert.is(res.statusCode, 201, res.body);
  const relist = await pdfOf(res.json().id);
  assert.equal([relist.statusCode, relist.json()], [404, { detail: SELL_MSG.noPdf }]);
  const other = await pdfOf(res.json().id, bob);
  assert.equal([other.statusCode, other.json()], [404, { detail: SELL_MSG.notFound }]);
});

test.run();
