/**
 * The catalogue's read models are idempotent and rebuildable: applying every event a second time leaves each table's
 * content hash unchanged, and a rebuild from the events equals the live tables.
 */
import { randomUUID } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TestApp } from '../../../services/testing/harness';
import { createTestUser } from '../../../services/testing/users';
import { closeLot, consignLot, createAuction, finishAuction, placeBid, startCatalogueTestApp } from '../../../services/catalogue/testing/fixtures';
import { lotStream } from '../../../services/catalogue/streams';
import { settle } from '../../../services/catalogue/http';
import { lotDecider } from '../../../domain/catalogue/lot/decide';
import { watchingDecider } from '../../../domain/catalogue/watching/decide';
import { watchingStream } from '../../../domain/catalogue/watching/events';
import { wholeFeed } from '../../../services/testing/feed';
import { applyEvents } from '../../runner';
import { rebuildAndCompare, tableHash } from '../../rebuild';
import { catalogueProjections } from '../index';

const DAY = 86_400_000;
let t: TestApp;

async function hashes(): Promise<Record<string, { hash: string; rows: number }>> {
  const out: Record<string, { hash: string; rows: number }> = {};
  for (const p of catalogueProjections) for (const table of p.tables) out[table] = await tableHash(t.ctx.db, 'public', table);
  return out;
}

test.before(async () => {
  t = await startCatalogueTestApp();
  const [staff, seller, buyer] = await Promise.all([createTestUser(t, { staff: true }), createTestUser(t), createTestUser(t, { feePaid: true })]);
  const t0 = t.clock.now().getTime();
  const past = await createAuction(t, staff, { startOffsetMs: -30 * DAY, lengthMs: 7 * DAY });
  const sold = (await consignLot(t, staff, past.id, seller.id)).id;
  t.clock.set(new Date(t0 - 25 * DAY));
  await placeBid(t, sold, buyer.id, 3_000);
  await placeBid(t, sold, 'rival', 2_500);
  t.clock.set(new Date(Date.parse(past.end_date) + 1000));
  await closeLot(t, sold);
  await finishAuction(t, past.id);
  t.clock.set(new Date(t0));

  const live = await createAuction(t, staff);
  const lot = (await consignLot(t, staff, live.id, seller.id, { reserve_price: '200', featured: true })).id;
  await placeBid(t, lot, buyer.id, 5_000);
  await placeBid(t, lot, 'rival', 30_000);
  // Lowering the reserve under the leader's maximum makes the price jump: an automatic history line.
  await settle(t.ctx, await t.ctx.commands.handle(lotStream(lot), lotDecider, {
    type: 'ChangeReservePrice', lot_id: lot, user_id: seller.id, reserve_price_pence: 15_000, auto_bid_id: randomUUID(), now: t.clock.now().toISOString(),
  }));
  await settle(t.ctx, await t.ctx.commands.handle(lotStream(lot), lotDecider, { type: 'SetLotFeatured', lot_id: lot, featured: false, by: staff.id, now: t.clock.now().toISOString() }));
  for (const type of ['AddLotToWatchingList', 'RemoveLotFromWatchingList', 'AddLotToWatchingList'] as const) {
    await settle(t.ctx, await t.ctx.commands.handle(watchingStream(buyer.id), watchingDecider, { type, user_id: buyer.id, lot_id: lot, now: t.clock.now().toISOString() }));
  }
  await settle(t.ctx, await t.ctx.commands.handle(watchingStream(buyer.id), watchingDecider, { type: 'AddLotToWatchingList', user_id: buyer.id, lot_id: sold, now: t.clock.now().toISOString() }));
});
test.after(async () => t.close());

test('the scenario filled every catalogue table', async () => {
  const before = await hashes();
  for (const [table, h] of Object.entries(before)) assert.ok(h.rows > 0, `${table} is empty`);
});

test('applying every event a second time changes no table', async () => {
  const before = await hashes();
  const events = await wholeFeed(t.ctx.store);
  for (const projection of catalogueProjections) {
    await t.ctx.db.transaction().execute((trx) => applyEvents(trx, projection, events));
  }
  assert.equal(await hashes(), before);
});

test('applying each event twice in a row (a retried batch) gives the same tables as once', async () => {
  const before = await hashes();
  const events = await wholeFeed(t.ctx.store);
  const doubled = events.flatMap((e) => [e, e]);
  for (const projection of catalogueProjections) {
    await t.ctx.db.transaction().execute((trx) => applyEvents(trx, projection, doubled));
  }
  assert.equal(await hashes(), before);
});

test('a rebuild from the events equals the live tables', async () => {
  for (const projection of catalogueProjections) {
    const report = await rebuildAndCompare(t.ctx.db, projection);
    for (const table of report.tables) assert.ok(table.equal, `${table.table} differs after a rebuild`);
  }
});

test.run();
