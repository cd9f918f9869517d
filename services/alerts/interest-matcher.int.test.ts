/**
 * lots_that_match_my_interest end to end: keywords and followed items -> a consigned lot -> the matcher's one
 * LotMatchedInterests event -> one notification (and email) per interested user; the seller and the uninterested get
 * none; matching again adds nothing; every read model rebuilt equals the live one.
 */
import { sql } from 'kysely';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TestApp } from '../testing/harness';
import { bearer, createTestUser, type TestUser } from '../testing/users';
import { consignLot, createAuction, startCatalogueTestApp } from '../catalogue/testing/fixtures';
import { mailbox } from '../accounts/testing';
import { itemKey } from '../../domain/alerts/item-key';
import { allProjections } from '../../projections/index';
import { rebuildAndCompare } from '../../projections/rebuild';
import { drainMail } from '../notifications/feature';
import { drainMatches, MATCHER_NAME } from './interest-matcher';

let t: TestApp;
let staff: TestUser, seller: TestUser, kim: TestUser, fay: TestUser, other: TestUser;
let auctionId: string;
let firstLot: string, lotId: string;
const TALISKER = { title: 'Talisker 10', distillery: { name: 'Talisker', region: 'Islands' } };

const post = (user: TestUser, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(user), payload });

async function processed() {
  await t.ctx.projections.settle();
  await drainMatches(t.ctx.db, t.ctx.store);
  await t.ctx.projections.settle();
  await drainMail(t.ctx);
}

async function interestNotifications(user: TestUser) {
  const res = await t.app.inject({ method: 'GET', url: '/api/user_notifications/?limit=100', headers: bearer(user) });
  assert.is(res.statusCode, 200, res.body);
  return (res.json().results as { template: string; text: string; lot_id: string }[]).filter((n) => n.template === 'lots_that_match_my_interest');
}

const matchEvents = async () => (await sql<{ n: number }>`SELECT count(*)::int AS n FROM events WHERE type = 'LotMatchedInterests'`.execute(t.ctx.db)).rows[0].n;

test.before(async () => {
  t = await startCatalogueTestApp();
  [staff, seller, kim, fay, other] = await Promise.all([createTestUser(t, { staff: true }), createTestUser(t), createTestUser(t), createTestUser(t), createTestUser(t)]);
  auctionId = (await createAuction(t, staff)).id;
  // A first lot of the item, consigned before anyone was interested: it makes the item followable and matches nobody.
  firstLot = (await consignLot(t, staff, auctionId, seller.id, TALISKER)).id;
  await processed();
});
test.after(async () => t.close());

test('a keyword and a followed item: one notification each for a matching lot; the seller and others none', async () => {
  assert.is((await post(kim, '/api/keyword/', { word: 'talisker' })).statusCode, 201);
  assert.is((await post(seller, '/api/keyword/', { word: 'Talisker' })).statusCode, 201);
  assert.is((await post(other, '/api/keyword/', { word: 'Lagavulin' })).statusCode, 201);
  const followed = await post(fay, '/api/item_notification/', { pk: [itemKey('Talisker', 'Talisker 10')], notification_status: true });
  assert.ok(followed.statusCode < 300, followed.body);
  await t.ctx.projections.settle();

  lotId = (await consignLot(t, staff, auctionId, seller.id, TALISKER)).id;
  await processed();

  const kims = await interestNotifications(kim);
  assert.equal(kims.map((n) => [n.lot_id, n.text]), [[lotId, 'A new lot matches your keyword "talisker": Talisker 10']]);
  const fays = await interestNotifications(fay);
  assert.equal(fays.map((n) => [n.lot_id, n.text]), [[lotId, 'A new lot of an item you follow: Talisker 10']]);
  assert.equal(await interestNotifications(seller), []);
  assert.equal(await interestNotifications(other), []);
  assert.ok(!kims.some((n) => n.lot_id === firstLot), 'interests added after a consignment do not match it later');

  const mail = (await mailbox(t, kim.email)).filter((m) => m.subject === 'A lot that matches your interests');
  assert.is(mail.length, 1);
  assert.match(mail[0].text, new RegExp(`/product/${lotId}`));
});

test('matching again from the start (checkpoint lost) appends nothing and notifies nobody twice', async () => {
  const events = await matchEvents();
  assert.is(events, 2, 'one decision per consigned lot, an empty one included');
  const mails = (await mailbox(t)).length;
  await sql`DELETE FROM projection_checkpoints WHERE name = ${MATCHER_NAME}`.execute(t.ctx.db);
  await processed();
  assert.is(await matchEvents(), events);
  assert.is((await interestNotifications(kim)).length, 1);
  assert.is((await interestNotifications(fay)).length, 1);
  assert.is((await mailbox(t)).length, mails);
});

test('every read model rebuilt from the events equals the live one', async () => {
  const differing: string[] = [];
  for (const projection of allProjections) {
    const report = await rebuildAndCompare(t.ctx.db, projection);
    for (const table of report.tables) if (!table.equal) differing.push(`${projection.name}.${table.table}`);
  }
  assert.equal(differing, []);
  assert.is((await interestNotifications(kim)).length, 1);
});

test.run();
