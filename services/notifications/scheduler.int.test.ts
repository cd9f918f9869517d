/**
 * The time-based notifications: the clock moves, each template fires once at its time (not before, not on the next
 * run, not from two runs at once, not again after the projection is replayed) and a rebuild equals the live table.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../testing/harness';
import { createTestUser, type TestUser } from '../testing/users';
import { closeLot, consignLot, createAuction, placeBid } from '../catalogue/testing/fixtures';
import { runWalletCommand } from '../wallet/wallet-commands';
import { createAccount } from '../accounts/create-account';
import { lotPurchaseStream } from '../../domain/orders/events';
import { rebuildAndCompare } from '../../projections/rebuild';
import { notificationsProjection } from '../../projections/notifications/projection';
import { runDueNotifications } from './scheduler';
import { createOrder, draft, staffPost } from '../orders/testing';
import { openSession } from '../accounts/sessions';

const MIN = 60_000, HOUR = 60 * MIN, DAY = 24 * HOUR;
let t: TestApp;
let staff: TestUser, seller: TestUser, buyer: TestUser, bankBuyer: TestUser, storeBuyer: TestUser;
let incompleteId = '';
let unpaidLot = '', storedLot = '';
let bankOrder = '', bankOrderNumber = '';
let t0 = 0, closedAt = 0, expiresAt = 0, placedAt = 0;

test.before(async () => { try { await setup(); } catch (e) { console.error(e); throw e; } });
async function setup() {
  t = await startTestApp();
  t0 = t.clock.now().getTime();
  [staff, seller, buyer, bankBuyer, storeBuyer] = await Promise.all([createTestUser(t, { staff: true }), createTestUser(t),
    createTestUser(t, { feePaid: true }), createTestUser(t), createTestUser(t)]);
  const created = await createAccount(t.ctx, { email: `inc-${randomUUID().slice(0, 8)}@whisky.test`, password: 'Test!Pass123',
    profile: { first_name: 'Ina', last_name: 'Complete', phone_number: '', birth_date: null }, verified: true, by: 'test' } as never);
  incompleteId = created.user_id;
  const auction = await createAuction(t, staff, { lengthMs: 70 * MIN });
  unpaidLot = (await consignLot(t, staff, auction.id, seller.id, { title: 'Ardbeg 10', reserve_price: null })).id;
  storedLot = (await consignLot(t, staff, auction.id, seller.id, { title: 'Lagavulin 16', reserve_price: null })).id;
  await placeBid(t, unpaidLot, buyer.id, 5000);
  await placeBid(t, storedLot, buyer.id, 5000);
  // Two lots that go into orders: one awaiting a bank transfer, one paid in store.
  const bankLot = (await consignLot(t, staff, auction.id, seller.id, { title: 'Talisker 18', reserve_price: null })).id;
  const storeLot = (await consignLot(t, staff, auction.id, seller.id, { title: 'Oban 14', reserve_price: null })).id;
  await placeBid(t, bankLot, bankBuyer.id, 5000);
  await placeBid(t, storeLot, storeBuyer.id, 5000);
  t.clock.advance(15 * MIN);
  await closeLot(t, unpaidLot);
  await closeLot(t, storedLot);
  await closeLot(t, bankLot);
  await closeLot(t, storeLot);
  closedAt = t.clock.now().getTime();
  await t.ctx.projections.settle();
  t.clock.advance(HOUR);
  placedAt = t.clock.now().getTime();
  // Sessions opened at t0 have expired by now: sign the three in again.
  const signIn = async (u: TestUser) => ({ ...u, access: (await openSession(t.ctx, { id: u.id, is_staff: u === staff }, false)).access });
  [staff, bankBuyer, storeBuyer] = await Promise.all([signIn(staff), signIn(bankBuyer), signIn(storeBuyer)]);
  const bank = await createOrder(t, bankBuyer, 'collection', draft('UK_BANK'));
  const store = await createOrder(t, storeBuyer, 'collection', draft('IN_STORE'));
  if (bank.statusCode !== 201 || store.statusCode !== 201) throw new Error(`${bank.body} ${store.body}`);
  [bankOrder, bankOrderNumber] = [bank.json().order_id, bank.json().order_number];
  const paid = await staffPost(t, staff, `/api/staff/orders/${store.json().order_id}/payment_received/`, { reference: 'Till 7' });
  if (paid.statusCode !== 200) throw new Error(paid.body);
  t.clock.set(new Date(closedAt));
  // The stored lot was paid and put into storage for 30 days.
  const order = randomUUID(), at = t.clock.now().toISOString();
  expiresAt = closedAt + 30 * DAY;
  await t.ctx.store.append(lotPurchaseStream(storedLot), 'any', [
    { event_id: randomUUID(), type: 'LotPaid', data: { lot_id: storedLot, order_id: order, buyer_id: buyer.id, at } },
    { event_id: randomUUID(), type: 'LotStorageExtended', data: { lot_id: storedLot, order_id: order, expires_at: new Date(expiresAt).toISOString(), at } },
  ]);
  await runWalletCommand(t.ctx, seller.id, { type: 'CreditWallet', user_id: seller.id, entry_id: randomUUID(), amount_pence: 4000,
    kind: 'seller_proceeds', description: 'Proceeds', reference: unpaidLot, by: 'system', reason: null, now: at });
  await t.ctx.projections.settle();
}

test.after(async () => { await t.close(); });

async function fired(): Promise<string[]> {
  await t.ctx.projections.settle();
  const { rows } = await sql<{ key: string }>`SELECT template || ':' || user_id || ':' || coalesce(lot_id::text, '-') || ':' || created_at::text AS key
    FROM notifications WHERE template IN ('please_pay_now', 'storage_is_ending', 'storage_period_expired', 'payment_details_required', 'request_to_fill_details',
      'payment_method_reminder', 'shipping_method_reminder')
    ORDER BY created_at, template`.execute(t.ctx.db);
  return rows.map((r) => r.key.split(':').slice(0, 3).join(':'));
}
const at = (ms: number) => t.clock.set(new Date(ms));

test('each time-based template fires once at its time, not before and not again', async () => {
  // Proceeds without a payout method: at once.
  assert.is(await runDueNotifications(t.ctx), 1);
  assert.equal(await fired(), [`payment_details_required:${seller.id}:-`]);
  const base = await fired();

  at(t0 + DAY - MIN);
  assert.is(await runDueNotifications(t.ctx), 0, 'an incomplete profile: not before a day');
  at(t0 + DAY + MIN);
  assert.is(await runDueNotifications(t.ctx), 1);
  assert.equal((await fired()).slice(base.length), [`request_to_fill_details:${incompleteId}:-`]);

  at(closedAt + 3 * DAY - MIN);
  assert.is(await runDueNotifications(t.ctx), 0, 'choose shipping: not before 3 days');
  at(closedAt + 3 * DAY);
  assert.is(await runDueNotifications(t.ctx), 1);
  assert.equal((await fired()).slice(-1), [`shipping_method_reminder:${buyer.id}:${unpaidLot}`], 'only the lot in no order, not the paid or ordered ones');
  assert.is(await runDueNotifications(t.ctx), 0, 'not again');

  at(placedAt + 3 * DAY - MIN);
  assert.is(await runDueNotifications(t.ctx), 0, 'awaiting bank payment: not before 3 days');
  at(placedAt + 3 * DAY);
  assert.is(await runDueNotifications(t.ctx), 1);
  assert.equal((await fired()).slice(-1), [`payment_method_reminder:${bankBuyer.id}:-`], 'only the order awaiting payment, not the one paid in store');
  assert.is(await runDueNotifications(t.ctx), 0, 'not again');

  at(closedAt + 5 * DAY - MIN);
  assert.is(await runDueNotifications(t.ctx), 0, 'pay now: not before 5 days');
  at(closedAt + 5 * DAY);
  // Two runs at once (two processes): still once.
  assert.equal((await Promise.all([runDueNotifications(t.ctx), runDueNotifications(t.ctx)])).reduce((a, b) => a + b), 1);
  assert.equal((await fired()).slice(-1), [`please_pay_now:${buyer.id}:${unpaidLot}`], 'only the unpaid lot, not the paid one');

  at(expiresAt - 10 * DAY - MIN);
  assert.is(await runDueNotifications(t.ctx), 0);
  at(expiresAt - 10 * DAY + MIN);
  assert.is(await runDueNotifications(t.ctx), 1);
  assert.equal((await fired()).slice(-1), [`storage_is_ending:${buyer.id}:${storedLot}`]);
  at(expiresAt - MIN);
  assert.is(await runDueNotifications(t.ctx), 0);
  at(expiresAt);
  assert.is(await runDueNotifications(t.ctx), 1);
  assert.equal((await fired()).slice(-1), [`storage_period_expired:${buyer.id}:${storedLot}`]);

  at(expiresAt + 40 * DAY);
  assert.is(await runDueNotifications(t.ctx), 0, 'the next runs fire nothing again');
  assert.is((await fired()).length, 7);
  const { rows: [text] } = await sql<{ text: string; created_at: Date }>`SELECT text, created_at FROM notifications
    WHERE template = 'please_pay_now'`.execute(t.ctx.db);
  assert.equal([text.text, text.created_at.toISOString()], ['Please pay for Ardbeg 10: payment is due within 2 days', new Date(closedAt + 5 * DAY).toISOString()]);
  const { rows: reminders } = await sql<{ template: string; text: string; created_at: Date; lot_id: string | null }>`SELECT template, text, created_at, lot_id
    FROM notifications WHERE template IN ('payment_method_reminder', 'shipping_method_reminder') ORDER BY created_at`.execute(t.ctx.db);
  assert.equal(reminders.map((r) => [r.template, r.text, r.created_at.toISOString(), r.lot_id]), [
    ['shipping_method_reminder', 'Choose how we should send, store or hold Ardbeg 10 for you', new Date(closedAt + 3 * DAY).toISOString(), unpaidLot],
    ['payment_method_reminder', `Your order ${bankOrderNumber} is waiting for your payment by UK bank transfer`, new Date(placedAt + 3 * DAY).toISOString(), null],
  ]);
  const { rows: [due] } = await sql<{ data: { order_id: string } }>`SELECT data FROM events WHERE stream_id = ${`notification-due-payment_method_reminder-${bankOrder}`}`.execute(t.ctx.db);
  assert.is(due?.data.order_id, bankOrder);
});

test('replaying the engine from the start and a rebuild add nothing and equal the live table', async () => {
  const before = await fired();
  await sql`DELETE FROM projection_checkpoints WHERE name = 'notifications'`.execute(t.ctx.db);
  await t.ctx.projections.catchUp();
  assert.equal(await fired(), before);
  assert.is(await runDueNotifications(t.ctx), 0);
  const report = await rebuildAndCompare(t.ctx.db, notificationsProjection);
  assert.ok(report.tables.every((table) => table.equal), JSON.stringify(report.tables));
});

test.run();
