/**
 * The engine end to end: real lot and wallet events -> each template once (also after re-processing and a rebuild),
 * the private push, emails per the settings, and the calls on the caller's own data only.
 */
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../testing/harness';
import { createTestUser, type TestUser } from '../testing/users';
import { call, mailbox } from '../accounts/testing';
import { closeLot, consignLot, createAuction, placeBid } from '../catalogue/testing/fixtures';
import { lotStream } from '../catalogue/streams';
import { userSocket, type TestSocket } from '../live/testing';
import { runWalletCommand } from '../wallet/wallet-commands';
import { rebuildAndCompare } from '../../projections/rebuild';
import { notificationsProjection } from '../../projections/notifications/projection';
import { drainMail } from './feature';
import { MAILER_NAME } from './mailer';

let t: TestApp;
let port: number;
let staff: TestUser, seller: TestUser, ann: TestUser, bob: TestUser;
const sockets: TestSocket[] = [];

test.before(async () => {
  t = await startTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  [staff, seller, ann, bob] = await Promise.all([
    createTestUser(t, { staff: true }), createTestUser(t, { firstName: 'Sam' }), createTestUser(t, { feePaid: true }), createTestUser(t, { feePaid: true }),
  ]);
});

test.after(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

async function processed() {
  await t.ctx.projections.settle();
  await drainMail(t.ctx);
}

async function counts(lotId: string): Promise<Record<string, number>> {
  const { rows } = await sql<{ key: string; n: number }>`SELECT template || ':' || user_id AS key, count(*)::int AS n FROM notifications
    WHERE lot_id = ${lotId} GROUP BY 1`.execute(t.ctx.db);
  return Object.fromEntries(rows.map((r) => [r.key, r.n]));
}

const credit = (lotId: string, entry: string) => runWalletCommand(t.ctx, seller.id, {
  type: 'CreditWallet', user_id: seller.id, entry_id: entry, amount_pence: 9000, kind: 'seller_proceeds', description: 'Proceeds',
  reference: lotId, by: 'system', reason: null, now: t.clock.now().toISOString(),
});

let lotId = '';

test('bids, a close and proceeds make each template once, pushed at once on the private channel, emailed per settings', async () => {
  // The seller does not want the end-of-auction email.
  const opt = await call(t, 'PATCH', `/api/users/${seller.id}/`, { email_opt_outs: ['end_of_auction_for_seller'] }, { user: seller });
  assert.is(opt.statusCode, 200, opt.body);
  assert.equal(opt.json().email_opt_outs, ['end_of_auction_for_seller']);
  assert.equal((await call(t, 'GET', '/api/users/current/', undefined, { user: seller })).json().email_opt_outs, ['end_of_auction_for_seller']);
  const bad = await call(t, 'PATCH', `/api/users/${seller.id}/`, { email_opt_outs: ['nope'], first_name: 'Changed' }, { user: seller });
  assert.is(bad.statusCode, 400);
  assert.ok(bad.json()['email_opt_outs.0'], bad.body);
  assert.is((await call(t, 'GET', '/api/users/current/', undefined, { user: seller })).json().first_name, 'Sam', 'bad input changes nothing');

  const sellerSocket = await userSocket(t, port, 'notifications', seller);
  const annSocket = await userSocket(t, port, 'notifications', ann);
  sockets.push(sellerSocket, annSocket);
  // The lot ends in 10 minutes (tokens last 15): the test then moves the clock past the end to close it.
  const auction = await createAuction(t, staff, { lengthMs: 70 * 60_000 });
  lotId = (await consignLot(t, staff, auction.id, seller.id, { title: 'Ardbeg 10', reserve_price: '50' })).id;

  await placeBid(t, lotId, ann.id, 3000);
  await placeBid(t, lotId, bob.id, 8000);
  const started = Date.now();
  await placeBid(t, lotId, ann.id, 12000);
  const pushed = await sellerSocket.next((m) => m.purpose === 'notification' && m.notification.template === 'met_reserve', 1500);
  assert.ok(Date.now() - started < 1500);
  assert.equal(Object.keys(pushed.notification).sort(), ['auction_id', 'created_at', 'id', 'is_read', 'lot_id', 'notify_type', 'template', 'text']);
  assert.equal([pushed.notification.lot_id, pushed.notification.text], [lotId, 'The reserve on your lot Ardbeg 10 has been met']);

  t.clock.advance(11 * 60_000);
  await closeLot(t, lotId).catch(() => { /* the closing scheduler may have closed it first */ });
  await credit(lotId, randomUUID());
  await credit(lotId, randomUUID()); // a second credit for the same lot pays no second notification
  await processed();

  const c = await counts(lotId);
  assert.is(c[`outbid:${ann.id}`], 1);
  assert.is(c[`outbid:${bob.id}`], 1);
  assert.is(c[`met_reserve:${seller.id}`], 1);
  assert.is((c[`met_reserve_where_you_bid:${ann.id}`] ?? 0) + (c[`met_reserve_where_you_bid:${bob.id}`] ?? 0), 1);
  assert.is(c[`won_items:${ann.id}`], 1);
  assert.is(c[`end_of_auction_for_seller:${seller.id}`], 1);
  assert.is(c[`you_are_paid:${seller.id}`], 1);

  // Outbid is pushed once (by the live feed) with the stored notification's id; won_items by the engine.
  const stored = (await call(t, 'GET', '/api/user_notifications/', undefined, { user: ann })).json();
  const outbid = stored.results.find((n: any) => n.template === 'outbid');
  await annSocket.next((m) => m.notification?.template === 'won_items', 1500);
  assert.equal(annSocket.of('notification').filter((m) => m.notification.template === 'outbid').map((m) => m.notification.id), [outbid.id]);

  const sellerMail = (await mailbox(t, seller.email)).map((m) => m.subject);
  assert.ok(sellerMail.includes('The reserve on your lot has been met'));
  assert.ok(sellerMail.includes('You have been paid'));
  assert.not.ok(sellerMail.includes('Your lot has closed'), 'opted out');
  const won = (await mailbox(t, ann.email)).find((m) => m.subject === 'You won a lot')!;
  assert.match(won.text, /Congratulations, you won Ardbeg 10 for £/);
  assert.match(won.html, /<a href="http[^"]+\/checkout"/);
});

test('processing again from the start (a restart mid-batch) and a rebuild add no notification and no email', async () => {
  const before = await counts(lotId);
  const mails = (await mailbox(t)).length;
  await sql`DELETE FROM projection_checkpoints WHERE name IN ('notifications', ${MAILER_NAME})`.execute(t.ctx.db);
  await t.ctx.projections.catchUp();
  await processed();
  assert.equal(await counts(lotId), before);
  assert.is((await mailbox(t)).length, mails);
  const report = await rebuildAndCompare(t.ctx.db, notificationsProjection);
  assert.ok(report.tables.every((table) => table.equal), JSON.stringify(report.tables));
  await processed();
  assert.equal(await counts(lotId), before);
  assert.is((await mailbox(t)).length, mails);
});

test('the list is the caller\'s own, newest first, limited; marking read touches only the caller\'s own', async () => {
  const list = await call(t, 'GET', '/api/user_notifications/?limit=2', undefined, { user: seller });
  assert.is(list.statusCode, 200);
  const body = list.json();
  assert.is(body.results.length, 2);
  assert.is(body.count, 3, "met_reserve, end_of_auction_for_seller, you_are_paid");
  assert.ok(body.results[0].created_at >= body.results[1].created_at);
  assert.ok(body.results.every((n: any) => n.user === seller.id && n.notify_type === 'PUSH' && n.is_read === false));
  assert.is((await call(t, 'GET', '/api/user_notifications/', undefined, { user: seller })).json().results.length, Math.min(15, body.count));
  assert.is((await call(t, 'GET', '/api/user_notifications/?limit=0', undefined, { user: seller })).statusCode, 400);
  assert.is((await call(t, 'GET', '/api/user_notifications/')).statusCode, 401);

  const annFirst = (await call(t, 'GET', '/api/user_notifications/', undefined, { user: ann })).json().results[0];
  const mine = body.results[0];
  const res = await call(t, 'PATCH', '/api/notification_is_read/', { ids: [mine.id, annFirst.id] }, { user: seller });
  assert.equal([res.statusCode, res.json()], [200, { ids: [mine.id], is_read: true }]);
  const after = (await call(t, 'GET', '/api/user_notifications/?limit=2', undefined, { user: seller })).json().results;
  assert.equal([after[0].id, after[0].is_read], [mine.id, true]);
  const annAfter = (await call(t, 'GET', '/api/user_notifications/', undefined, { user: ann })).json().results[0];
  assert.equal([annAfter.id, annAfter.is_read], [annFirst.id, false], 'another user\'s notification stays unread');
  assert.is((await call(t, 'PATCH', '/api/notification_is_read/', { ids: ['x'] }, { user: seller })).statusCode, 400);
  assert.is((await call(t, 'PATCH', '/api/notification_is_read/', {}, { user: seller })).statusCode, 400);
});

test('outbid emails: at most once per lot per 10 minutes per user, every outbid still stored', async () => {
  const auction = await createAuction(t, staff);
  const lot = (await consignLot(t, staff, auction.id, seller.id, { title: 'Lagavulin 16' })).id;
  await placeBid(t, lot, ann.id, 2000);
  await placeBid(t, lot, bob.id, 3000);
  await placeBid(t, lot, ann.id, 4000);
  await placeBid(t, lot, bob.id, 5000);
  await processed();
  const outbidMails = async () => (await mailbox(t, ann.email)).filter((m) => m.subject === 'You have been outbid' && m.text.includes('Lagavulin')).length;
  assert.is((await counts(lot))[`outbid:${ann.id}`], 2);
  assert.is(await outbidMails(), 1);
  t.clock.advance(11 * 60_000);
  await placeBid(t, lot, ann.id, 6000);
  await placeBid(t, lot, bob.id, 7000);
  await processed();
  assert.is((await counts(lot))[`outbid:${ann.id}`], 3);
  assert.is(await outbidMails(), 2);
});

test('an outbid costs the projection two statements, the facts and one write, and applied again changes nothing', async () => {
  // The earlier tests moved the clock past the first staff token's life.
  const boss = await createTestUser(t, { staff: true });
  const auction = await createAuction(t, boss);
  const lot = (await consignLot(t, boss, auction.id, seller.id, { title: 'Talisker 10' })).id;
  await placeBid(t, lot, ann.id, 2000);
  await placeBid(t, lot, bob.id, 3000);
  await processed();
  const outbid = (await t.ctx.store.readStream(lotStream(lot))).filter((e) => e.type === 'BidPlaced').at(-1)!;
  const before = await counts(lot);
  let statements = 0;
  const counting = t.ctx.db.withPlugin({ transformQuery: (args) => { statements++; return args.node; }, transformResult: async (args) => args.result });
  await counting.transaction().execute((trx) => notificationsProjection.apply(trx, outbid));
  assert.is(statements, 2);
  assert.equal(await counts(lot), before);
  const { rows } = await sql<{ user_id: string }>`SELECT user_id FROM notification_lot_bidders WHERE lot_id = ${lot} ORDER BY first_version`.execute(t.ctx.db);
  assert.equal(rows.map((r) => r.user_id), [ann.id, bob.id]);
});

test.run();
