/**
 * The bid read models apply a run of bids in a few statements (`applyBatch`), and the outcome must be exactly that of
 * applying the events one by one: given a house with interleaved bids on three lots (outbids, a leader's raise, a
 * reserve met, a reserve lowered under the leader's maximum, a close), when each projection is rebuilt from the events
 * one at a time, in one batch and in batches of three, into scratch schemas, then every table is the same, and a
 * batch applied again changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TestApp } from '../../services/testing/harness';
import { createTestUser } from '../../services/testing/users';
import { closeLot, consignLot, createAuction, placeBid, startCatalogueTestApp } from '../../services/catalogue/testing/fixtures';
import { lotStream } from '../../services/catalogue/streams';
import { settle } from '../../services/catalogue/http';
import { lotDecider } from '../../domain/catalogue/lot/decide';
import type { StoredEvent } from '../../infra/event-store/types';
import { wholeFeed } from '../../services/testing/feed';
import type { Projection } from '../projection';
import { applyEvents } from '../runner';
import { createScratchTables, tableHash } from '../rebuild';
import { lotBidsProjection } from './lot-bids/projection';
import { lotScheduleProjection } from './lot-schedule/projection';
import { lotsProjection } from '../catalogue/lots/projection';
import { notificationsProjection } from '../notifications/projection';

const HOUR = 3_600_000;
const projections = [lotBidsProjection, lotScheduleProjection, lotsProjection, notificationsProjection];
let t: TestApp;
let events: StoredEvent[];

test.before(async () => {
  t = await startCatalogueTestApp();
  const [staff, seller, a, b, c, d] = await Promise.all([
    createTestUser(t, { staff: true }), createTestUser(t), ...Array.from({ length: 4 }, () => createTestUser(t, { feePaid: true })),
  ]);
  const auction = await createAuction(t, staff);
  const reserved = (await consignLot(t, staff, auction.id, seller.id, { reserve_price: '200' })).id;
  const lowered = (await consignLot(t, staff, auction.id, seller.id, { reserve_price: '150', title: 'Ardbeg 10' })).id;
  const closing = (await consignLot(t, staff, auction.id, seller.id, { title: 'Springbank 15', ends_at: new Date(t.clock.now().getTime() + HOUR).toISOString() })).id;
  const bids: Array<[string, string, number]> = [
    [reserved, a.id, 5_000], [lowered, b.id, 3_000], [reserved, b.id, 8_000], [lowered, c.id, 4_000], [reserved, a.id, 9_000],
    [closing, a.id, 2_000], [reserved, a.id, 30_000], [lowered, d.id, 10_000], [closing, b.id, 2_500], [reserved, c.id, 50_000],
    [closing, c.id, 4_000], [lowered, b.id, 9_500],
  ];
  for (const [lot, bidder, max] of bids) await placeBid(t, lot, bidder, max);
  // Lowered under the leader's maximum: the price jumps to it, an automatic history line, the reserve met.
  await settle(t.ctx, await t.ctx.commands.handle(lotStream(lowered), lotDecider, {
    type: 'ChangeReservePrice', lot_id: lowered, user_id: seller.id, reserve_price_pence: 9_000, auto_bid_id: randomUUID(), now: t.clock.now().toISOString(),
  }));
  await placeBid(t, lowered, a.id, 20_000);
  t.clock.advance(2 * HOUR);
  await closeLot(t, closing);
  await placeBid(t, reserved, d.id, 80_000);
  events = await wholeFeed(t.ctx.store);
});
test.after(async () => t.close());

/** Fresh copies of the projection's tables in `schema`, filled by `fill` with that schema first on the search path. */
async function rebuildInto(schema: string, projection: Projection, fill: (apply: (events: StoredEvent[]) => Promise<void>) => Promise<void>) {
  await createScratchTables(t.ctx.db, schema, projection);
  await fill((some) => t.ctx.db.transaction().execute(async (trx) => {
    await sql`SELECT set_config('search_path', ${`${schema}, public`}, true)`.execute(trx);
    await applyEvents(trx, projection, some);
  }));
  const hashes: Record<string, { hash: string; rows: number }> = {};
  for (const table of projection.tables) hashes[table] = await tableHash(t.ctx.db, schema, table);
  return hashes;
}

// The scenario has no e-mail opt-outs and no finished auction.
const untouched = new Set(['notification_settings', 'notification_auctions']);

const chunks = (size: number) => Array.from({ length: Math.ceil(events.length / size) }, (_, i) => events.slice(i * size, (i + 1) * size));

for (const projection of projections) {
  test(`${projection.name}: one event at a time, one batch and batches of three give the same tables`, async () => {
    const prefix = `runs_${projection.name.replace(/\W/g, '_')}`;
    const one = await rebuildInto(`${prefix}_one`, projection, async (apply) => { for (const e of events) await apply([e]); });
    const whole = await rebuildInto(`${prefix}_whole`, projection, (apply) => apply(events));
    const threes = await rebuildInto(`${prefix}_threes`, projection, async (apply) => { for (const c of chunks(3)) await apply(c); });
    for (const [table, h] of Object.entries(one)) if (!untouched.has(table)) assert.ok(h.rows > 0, `${table} is empty`);
    assert.equal(whole, one);
    assert.equal(threes, one);
    // The live tables (applied by the runner, in whatever batches the appends made) are the same too.
    for (const table of projection.tables) assert.equal((await tableHash(t.ctx.db, 'public', table)).hash, one[table].hash, `live ${table}`);
  });

  test(`${projection.name}: a batch applied again changes nothing`, async () => {
    const schema = `runs_${projection.name.replace(/\W/g, '_')}_again`;
    const once = await rebuildInto(schema, projection, (apply) => apply(events));
    const twice = await rebuildInto(schema, projection, async (apply) => { await apply(events); await apply(events); await apply(events.slice(5)); });
    assert.equal(twice, once);
  });
}

test('the scenario outbid bidders and met reserves, so the notices were decided along the runs', async () => {
  const { rows } = await sql<{ template: string; n: number }>`SELECT template, count(*)::int AS n FROM notifications GROUP BY template`.execute(t.ctx.db);
  const count = Object.fromEntries(rows.map((r) => [r.template, r.n]));
  assert.ok(count.outbid >= 6, JSON.stringify(count));
  assert.ok(count.met_reserve >= 1 && count.met_reserve_where_you_bid >= 2, JSON.stringify(count));
});

test('a run of bids costs the bid history two statements, the lots and the schedule one, the notices two, however long it is', async () => {
  const bids = events.filter((e) => e.type === 'BidPlaced');
  assert.ok(bids.length >= 14);
  for (const [projection, expected] of [[lotBidsProjection, 2], [lotsProjection, 1], [lotScheduleProjection, 1], [notificationsProjection, 2]] as const) {
    const schema = `runs_count_${projection.name.replace(/\W/g, '_')}`;
    await createScratchTables(t.ctx.db, schema, projection);
    let statements = 0;
    let counting = false;
    const db = t.ctx.db.withPlugin({ transformQuery: (args) => { if (counting) statements++; return args.node; }, transformResult: async (args) => args.result });
    await db.transaction().execute(async (trx) => {
      await sql`SELECT set_config('search_path', ${`${schema}, public`}, true)`.execute(trx);
      counting = true;
      await projection.applyBatch!(trx, bids);
    });
    assert.is(statements, expected, projection.name);
  }
});

test.run();
