import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TestApp } from '../testing/harness';
import { bearer, createTestUser, type TestUser } from '../testing/users';
import { createAuction, consignLot, startCatalogueTestApp } from './testing/fixtures';

let t: TestApp;
let staff: TestUser;
let seller: TestUser;
let buyer: TestUser;

test.before(async () => {
  t = await startCatalogueTestApp();
  [staff, seller, buyer] = await Promise.all([createTestUser(t, { staff: true }), createTestUser(t), createTestUser(t)]);
});
test.after(async () => t.close());

const auctionBody = { start_date: '2026-12-01T10:00:00Z', end_date: '2026-12-08T20:00:00Z', year: 2026, sequence_no: 12, bottles_add_deadline: '2026-11-28T23:59:59Z' };

test('creating an auction: 401 anonymous, 403 for a non-staff user', async () => {
  const anonymous = await t.app.inject({ method: 'POST', url: '/api/staff/auctions/', payload: auctionBody });
  assert.is(anonymous.statusCode, 401);
  const user = await t.app.inject({ method: 'POST', url: '/api/staff/auctions/', headers: bearer(buyer), payload: auctionBody });
  assert.is(user.statusCode, 403);
});

test('staff create an auction: 201 with its id, dates and derived status', async () => {
  const res = await t.app.inject({ method: 'POST', url: '/api/staff/auctions/', headers: bearer(staff), payload: auctionBody });
  assert.is(res.statusCode, 201, res.body);
  const body = res.json();
  assert.match(body.id, /^[0-9a-f-]{36}$/);
  assert.equal(
    { start: body.start_date, end: body.end_date, year: body.year, seq: body.sequence_no, deadline: body.bottles_add_deadline, status: body.status },
    { start: '2026-12-01T10:00:00.000Z', end: '2026-12-08T20:00:00.000Z', year: 2026, seq: 12, deadline: '2026-11-28T23:59:59.000Z', status: 'next' },
  );
  const events = await t.ctx.store.readStream(`auction-${body.id}`);
  assert.equal(events.map((e) => e.type), ['AuctionCreated']);
  assert.is(events[0].metadata.user_id, staff.id);
});

test('auction validation errors are field errors', async () => {
  const missing = await t.app.inject({ method: 'POST', url: '/api/staff/auctions/', headers: bearer(staff), payload: { start_date: 'soon' } });
  assert.is(missing.statusCode, 400);
  assert.equal(Object.keys(missing.json()).sort(), ['end_date', 'start_date']);
  const backwards = await t.app.inject({
    method: 'POST', url: '/api/staff/auctions/', headers: bearer(staff),
    payload: { ...auctionBody, end_date: '2026-11-30T10:00:00Z' },
  });
  assert.is(backwards.statusCode, 400);
  assert.equal(backwards.json(), { end_date: ['The end date must be after the start date.'] });
});

test('year and sequence number default from the start date and the auctions of that year', async () => {
  const first = await createAuction(t, staff, { startOffsetMs: 300 * 86_400_000 });
  const second = await createAuction(t, staff, { startOffsetMs: 301 * 86_400_000 });
  assert.is(first.year, 2027);
  assert.is(second.sequence_no, first.sequence_no + 1);
});

test('staff consign a lot: 201 in the lot shape, money as decimals, the auction dates by default', async () => {
  const auction = await createAuction(t, staff);
  const res = await t.app.inject({
    method: 'POST', url: '/api/staff/lots/', headers: bearer(staff),
    payload: {
      auction: auction.id, seller: seller.id, title: 'Ardbeg 10', subtitle: 'Ten', description: 'Peat.',
      distillery: { name: 'Ardbeg', region: 'Islay' }, estimated_value: '85.5', photos: [{ file: '/images/a.jpg', title: 'Front' }],
      type: 'bottle', age: 10, volume_ml: 700, abv: 46, reserve_price: 70, opening_bid: '20', vat_enabled: true,
      warehouse: { id: 'w1', name: 'Main' }, group_items: [{ title: 'Miniature', distillery: { name: 'Ardbeg', region: 'Islay' } }], is_group_lot: true,
    },
  });
  assert.is(res.statusCode, 201, res.body);
  const lot = res.json();
  assert.match(lot.id, /^[0-9a-f-]{36}$/);
  assert.is(lot.auction, auction.id);
  assert.is(lot.item.title, 'Ardbeg 10');
  assert.equal(lot.item.distillery, { name: 'Ardbeg', description: null, region: { name: 'Islay' } });
  assert.is(lot.item.estimated_value, '85.50');
  assert.is(lot.reserve_price, '70.00', 'staff see the reserve');
  assert.is(lot.reserve_fee, '5.00', 'a reserve costs the default reserve fee');
  assert.is(lot.reserve_met, false);
  assert.equal(lot.bid_stats, { step: '5.00', current_bid: null, is_winning: false, current_user_bid: null, opening_bid: '20.00', next_minimum_bid: '20.00', has_bids: false });
  assert.is(lot.start_date, auction.start_date);
  assert.is(lot.end_date, auction.end_date);
  assert.is(lot.status, 'live');
  assert.is(lot.on_bidding, true);
  assert.is(lot.slug, 'ardbeg-10');
  assert.is(lot.group_items.length, 1);
  assert.is(lot.group_items[0].distillery.name, 'Ardbeg');
  assert.equal(lot.photos, [{ file: '/images/a.jpg', title: 'Front' }]);
  assert.ok(lot.reference_no.length > 0);
  const events = await t.ctx.store.readStream(`lot-${lot.id}`);
  assert.equal(events.map((e) => e.type), ['LotConsigned']);
});

test('lot validation: bad amounts, unknown auction and seller, domain errors under API field names', async () => {
  const auction = await createAuction(t, staff);
  const bad = await t.app.inject({
    method: 'POST', url: '/api/staff/lots/', headers: bearer(staff),
    payload: { auction: auction.id, seller: seller.id, title: '', distillery: { name: 'X' }, estimated_value: '12.345', reserve_price: 'lots', type: 'keg' },
  });
  assert.is(bad.statusCode, 400);
  assert.equal(Object.keys(bad.json()).sort(), ['estimated_value', 'reserve_price', 'title', 'type']);

  const unknown = await t.app.inject({
    method: 'POST', url: '/api/staff/lots/', headers: bearer(staff),
    payload: { auction: '00000000-0000-4000-8000-000000000000', seller: '00000000-0000-4000-8000-000000000001', title: 'A', distillery: { name: 'X' }, estimated_value: 1 },
  });
  assert.is(unknown.statusCode, 400);
  assert.equal(unknown.json(), { auction: ['Auction not found.'], seller: ['User not found.'] });

  const dates = await t.app.inject({
    method: 'POST', url: '/api/staff/lots/', headers: bearer(staff),
    payload: { auction: auction.id, seller: seller.id, title: 'A', distillery: { name: 'X' }, estimated_value: 1, opening_bid: '0', starts_at: '2026-12-02T00:00:00Z', ends_at: '2026-12-01T00:00:00Z' },
  });
  assert.is(dates.statusCode, 400);
  assert.equal(Object.keys(dates.json()).sort(), ['ends_at', 'opening_bid']);
});

test('lot endpoints: 401 anonymous, 403 for a non-staff user', async () => {
  const auction = await createAuction(t, staff);
  const payload = { auction: auction.id, seller: seller.id, title: 'A', distillery: { name: 'X' }, estimated_value: 1 };
  assert.is((await t.app.inject({ method: 'POST', url: '/api/staff/lots/', payload })).statusCode, 401);
  assert.is((await t.app.inject({ method: 'POST', url: '/api/staff/lots/', headers: bearer(seller), payload })).statusCode, 403);
  const lot = await consignLot(t, staff, auction.id, seller.id);
  const url = `/api/staff/lots/${lot.id}/featured/`;
  assert.is((await t.app.inject({ method: 'POST', url, payload: { featured: true } })).statusCode, 401);
  assert.is((await t.app.inject({ method: 'POST', url, headers: bearer(buyer), payload: { featured: true } })).statusCode, 403);
});

test('staff feature a lot; it shows in the featured block; unknown lots are 404', async () => {
  const auction = await createAuction(t, staff);
  const lot = await consignLot(t, staff, auction.id, seller.id, { title: 'Featured Springbank' });
  const res = await t.app.inject({ method: 'POST', url: `/api/staff/lots/${lot.id}/featured/`, headers: bearer(staff), payload: { featured: true } });
  assert.is(res.statusCode, 200, res.body);
  assert.is(res.json().featured, true);
  const featured = await t.app.inject({ method: 'GET', url: '/api/lots/?featured=true&live=true&page_size=6' });
  assert.ok(featured.json().results.some((l: { id: string }) => l.id === lot.id));
  const again = await t.app.inject({ method: 'POST', url: `/api/staff/lots/${lot.id}/featured/`, headers: bearer(staff), payload: { featured: true } });
  assert.is(again.statusCode, 200);
  assert.is((await t.ctx.store.readStream(`lot-${lot.id}`)).length, 2, 'featuring twice records it once');
  const missing = await t.app.inject({ method: 'POST', url: '/api/staff/lots/00000000-0000-4000-8000-000000000000/featured/', headers: bearer(staff), payload: { featured: true } });
  assert.is(missing.statusCode, 404);
  const badBody = await t.app.inject({ method: 'POST', url: `/api/staff/lots/${lot.id}/featured/`, headers: bearer(staff), payload: { featured: 'yes' } });
  assert.is(badBody.statusCode, 400);
  assert.ok(badBody.json().featured);
});

test.run();
