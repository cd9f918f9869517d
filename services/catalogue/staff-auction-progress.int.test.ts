import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../testing/harness';
import { bearer, createTestUser, type TestUser } from '../testing/users';
import { createAuction, consignLot, getJson } from './testing/fixtures';

// The full app: the closing scheduler runs and closes lots as the test moves the clock.
let t: TestApp;
let staff: TestUser;
let seller: TestUser;
let bidder: TestUser;

test.before(async () => {
  t = await startTestApp();
  [staff, seller, bidder] = await Promise.all([createTestUser(t, { staff: true }), createTestUser(t), createTestUser(t, { feePaid: true })]);
});
test.after(async () => t.close());

// Access tokens live 15 minutes on the test clock: the whole story fits in less.
const MINUTE = 60_000;
const post = (url: string, user: TestUser, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(user), payload });

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 80; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.unreachable(`timed out waiting for ${what}`);
}

test('stagger, withdraw, progress and the closing scheduler: a withdrawn lot refuses bids and the auction still finishes', async () => {
  const auction = await createAuction(t, staff, { startOffsetMs: 5 * MINUTE, lengthMs: 5 * MINUTE });
  const lots: { id: string }[] = [];
  for (let i = 0; i < 3; i++) lots.push(await consignLot(t, staff, auction.id, seller.id, { title: `Lot ${i + 1}` }));

  assert.is((await post(`/api/staff/auctions/${auction.id}/stagger/`, seller, { interval_seconds: 60 })).statusCode, 403);
  const bad = await post(`/api/staff/auctions/${auction.id}/stagger/`, staff, { interval_seconds: 601 });
  assert.is(bad.statusCode, 400);
  assert.ok(bad.json().interval_seconds, bad.body);

  const res = await post(`/api/staff/auctions/${auction.id}/stagger/`, staff, { interval_seconds: 60 });
  assert.is(res.statusCode, 200, res.body);
  const end = Date.parse(auction.end_date);
  const expected = [0, 1, 2].map((i) => new Date(end + i * 60_000).toISOString());
  assert.equal(res.json().lots.map((l: { end_date: string }) => l.end_date), expected);
  const rescheduled = await t.ctx.store.readStream(`lot-${lots[2]!.id}`);
  assert.equal(rescheduled.at(-1)!.type, 'LotEndRescheduled');
  assert.is((rescheduled.at(-1)!.data as { by: string }).by, staff.id);

  // Bidding opens: a bid on the middle lot, then staff withdraw it.
  t.clock.set(new Date(Date.parse(auction.start_date) + 60_000));
  const started = await post(`/api/staff/auctions/${auction.id}/stagger/`, staff, { interval_seconds: 30 });
  assert.match(started.body, 'The lot end times can no longer be changed: this auction has started.');
  assert.is((await post('/api/bids/', bidder, { lot: lots[1]!.id, bid: '50' })).statusCode, 201);
  assert.is((await post('/api/bids/', bidder, { lot: lots[0]!.id, bid: '20' })).statusCode, 201);
  const withdrawn = await post(`/api/staff/lots/${lots[1]!.id}/withdraw/`, staff, { reason: 'Provenance query' });
  assert.is(withdrawn.statusCode, 200, withdrawn.body);
  const refused = await post('/api/bids/', bidder, { lot: lots[1]!.id, bid: '80' });
  assert.is(refused.statusCode, 400);
  assert.match(refused.body, 'This lot has been withdrawn.');

  const progress = await getJson(t, `/api/staff/auctions/${auction.id}/progress/`, staff);
  assert.equal(progress.lots, { total: 3, scheduled: 0, open: 2, closed: 1, sold: 0, unsold: 0, withdrawn: 1 });
  assert.is(progress.bids, 2);
  assert.equal(progress.next_lot.id, lots[0]!.id);
  assert.is(progress.next_lot.ends_at, expected[0]);
  assert.is(progress.last_end, expected[2]);

  // Past every end: the scheduler closes the two others and finishes the auction.
  t.clock.set(new Date(end + 150_000));
  await until(async () => (await getJson(t, `/api/staff/auctions/${auction.id}/progress/`, staff)).auction.finished === true, 'the auction to finish');
  const after = await getJson(t, `/api/staff/auctions/${auction.id}/progress/`, staff);
  assert.equal(after.lots, { total: 3, scheduled: 0, open: 0, closed: 3, sold: 1, unsold: 1, withdrawn: 1 });
  assert.is(after.hammer_total, '10.00', 'an unopposed maximum of £20 wins at the £10 opening bid');
  assert.is(after.next_lot, null);
  const closes = (await t.ctx.store.readStream(`lot-${lots[1]!.id}`)).filter((e) => e.type === 'LotClosed');
  assert.is(closes.length, 1, 'the scheduler did not close the withdrawn lot again');

  // The bidder won lot 1 only; the withdrawn lot brings no "won" notice.
  await until(async () => (await getJson(t, '/api/user_notifications/', bidder)).results?.length > 0, 'notifications');
  const notices = await getJson(t, '/api/user_notifications/', bidder);
  const won = notices.results.filter((n: { lot?: string; lot_id?: string; template?: string; text: string }) => /won/.test(n.text));
  assert.is(won.length, 1, JSON.stringify(notices.results));

  // The seller's unsold list shows the lot as withdrawn.
  const unsold = await getJson(t, '/api/no_sold_recent_auctions_result/', seller);
  const mine = (unsold.results ?? unsold).find((l: { id: string }) => l.id === lots[1]!.id);
  assert.ok(mine, JSON.stringify(unsold));
  assert.equal([mine.withdrawn, mine.withdrawal_reason], [true, 'Provenance query']);
});

test('the staff auction list and an unknown auction', async () => {
  const list = await getJson(t, '/api/staff/auctions/', staff);
  assert.ok(Array.isArray(list) && list.length > 0);
  const missing = await t.app.inject({ method: 'GET', url: '/api/staff/auctions/00000000-0000-4000-8000-000000000000/progress/', headers: bearer(staff) });
  assert.is(missing.statusCode, 404);
});

test.run();
