import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TestApp } from '../testing/harness';
import { createTestUser } from '../testing/users';
import { closeLot, consignLot, createAuction, finishAuction, getJson, placeBid, startCatalogueTestApp, type LotInput } from './testing/fixtures';

const DAY = 86_400_000;
let t: TestApp;
const lot: Record<string, string> = {};
const ids = (page: { results: { id: string }[] }) => page.results.map((r) => r.id);

test.before(async () => {
  t = await startCatalogueTestApp();
  const [staff, seller] = await Promise.all([createTestUser(t, { staff: true }), createTestUser(t)]);
  const t0 = t.clock.now().getTime();
  const add = async (name: string, auctionId: string, input: LotInput) => (lot[name] = (await consignLot(t, staff, auctionId, seller.id, input)).id);
  const macallan = { name: 'Macallan', region: 'Speyside' };

  for (const [i, offset] of [[0, -60], [1, -30]] as const) {
    t.clock.set(new Date(t0));
    const past = await createAuction(t, staff, { startOffsetMs: offset * DAY, lengthMs: 7 * DAY });
    await add(`sold${i}`, past.id, { title: 'Macallan 18', distillery: macallan });
    await add(`other${i}`, past.id, { title: i === 0 ? 'Macallan 12' : 'macallan 18', distillery: macallan, reserve_price: i === 0 ? undefined : '900' });
    t.clock.set(new Date(t0 + (offset + 1) * DAY));
    await placeBid(t, lot[`sold${i}`], 'h1', i === 0 ? 10_000 : 12_000);
    await placeBid(t, lot[`sold${i}`], 'h2', i === 0 ? 15_000 : 20_000);
    await placeBid(t, lot[`other${i}`], 'h1', 5_000);
    t.clock.set(new Date(t0 + (offset + 8) * DAY));
    await closeLot(t, lot[`sold${i}`]);
    await closeLot(t, lot[`other${i}`]);
    await finishAuction(t, past.id);
  }
  t.clock.set(new Date(t0));

  const live = (await createAuction(t, staff)).id;
  await add('target', live, { title: 'Macallan 18', distillery: macallan, estimated_value: '300' });
  await add('rare', live, { title: 'Macallan Rare Cask', distillery: macallan, estimated_value: '400' });
  await add('glenlivet', live, { title: 'Glenlivet 12', distillery: { name: 'Glenlivet', region: 'Speyside' }, estimated_value: '310' });
  await add('ardbeg', live, { title: 'Ardbeg 10', distillery: { name: 'Ardbeg', region: 'Islay' } });
  await add('cask', live, { title: 'Macallan 1995 Hogshead', distillery: macallan, type: 'cask' });
  for (const bidder of ['u1', 'u2']) await placeBid(t, lot.target, bidder, bidder === 'u1' ? 2_000 : 3_000);
  await placeBid(t, lot.ardbeg, 'u1', 2_000);
  await placeBid(t, lot.ardbeg, 'u2', 3_000);
  await placeBid(t, lot.glenlivet, 'u2', 2_000);
  await placeBid(t, lot.rare, 'stranger', 2_000);
});
test.after(async () => t.close());

test('historical performance: hammer prices of the same item sold before, oldest auction first', async () => {
  const page = await getJson(t, `/api/historical_performance/?lot_id=${lot.target}`);
  assert.equal(page.results.map((r: { id: string; hammer_price: string }) => [r.id, r.hammer_price]), [[lot.sold0, '110.00'], [lot.sold1, '130.00']]);
  assert.ok(page.results[0].date < page.results[1].date);
  assert.is((await t.app.inject({ method: 'GET', url: '/api/historical_performance/' })).statusCode, 400);
  assert.is((await t.app.inject({ method: 'GET', url: '/api/historical_performance/?lot_id=x' })).statusCode, 404);
});

test('related lots: live lots of the same distillery first, then of the same region', async () => {
  const related = ids(await getJson(t, `/api/lots/related_lots/?lot_id=${lot.target}&page_size=6`));
  assert.equal(related, [lot.rare, lot.cask, lot.glenlivet]);
  const popular = await getJson(t, '/api/lots/related_lots/?page_size=2');
  assert.equal(ids(popular), [lot.target, lot.ardbeg], 'without a lot: the most bid-on live lots');
  assert.is(popular.count, 5);
});

test('similar lots: open lots of the same type, same distillery first, nearest estimate next', async () => {
  assert.equal(ids(await getJson(t, `/api/similar_lots/?lot_id=${lot.target}`)), [lot.rare, lot.glenlivet]);
  assert.equal(ids(await getJson(t, `/api/similar_lots/?lot_id=${lot.cask}`)), []);
});

test('people also bid on: the other lots this lot\'s bidders bid on, most shared first', async () => {
  assert.equal(ids(await getJson(t, `/api/people_also_bid_on/?lot_id=${lot.target}`)), [lot.ardbeg, lot.glenlivet]);
  assert.equal(ids(await getJson(t, `/api/people_also_bid_on/?lot_id=${lot.cask}`)), []);
});

test.run();
