import { randomUUID } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sql } from 'kysely';
import type { TestApp } from '../testing/harness';
import { bearer, createTestUser, type TestUser } from '../testing/users';
import { startOrderApp } from '../orders/testing';
import { api, grantAccess, signInAgain } from '../withdrawal/testing';
import { sweepUnconfirmedWithdrawals } from '../withdrawal/withdrawal-sweeper';
import type { Db } from '../../infra/db/database';
import { verifyHolds, verifyPaidOrders, verifySellerCredits, verifyWallets } from './wallet-replay';
import { tellWalletStory, type WalletStory } from './testing/wallet-story';

let t: TestApp;
let staff: TestUser;
let seller: TestUser;
let auditor: TestUser;
let morag: TestUser;
let buyer: TestUser;
let story: WalletStory;

const MINUTE = 60_000;
const get = (user: TestUser | null, url: string) => t.app.inject({ method: 'GET', url, headers: user ? bearer(user) : {} });
const inSnapshot = <T>(work: (trx: Db) => Promise<T>) => t.ctx.db.transaction().setIsolationLevel('repeatable read').execute(work);
const ctx = () => ({ clock: t.clock });

async function withdraw(amount: string, method: string): Promise<string> {
  const res = await api(t, 'POST', '/api/withdraw/', morag, { amount, payment_method: method });
  assert.is(res.statusCode, 201, res.body);
  return res.json().id;
}

test.before(async () => {
  try {
    await setUp();
  } catch (error) {
    console.error('setup failed:', error); // uvu swallows a before hook's error
    throw error;
  }
});

async function setUp(): Promise<void> {
  ({ t, staff, seller } = await startOrderApp());
  auditor = await createTestUser(t, { auditor: true });
  buyer = await createTestUser(t);
  story = await tellWalletStory(t, { staff, seller, buyer }, { email: 'morag.audit@whisky.test', firstName: 'Morag', lastName: 'Ledger', voucher: 'Audit100' });
  morag = story.owner;
  await signInAgain(t, auditor, morag);
}

test.after(async () => {
  await t.close();
});

test('every movement is an entry with its running balances, cause and actor', async () => {
  const res = await get(auditor, `/api/audit/wallets/${morag.id}/`);
  assert.is(res.statusCode, 200, res.body);
  const body = res.json();
  assert.equal(body.user.email, 'morag.audit@whisky.test');
  type Entry = { kind: string; amount: string; balances: { available: string; pending: string; posted: string }; caused_by: { kind: string; id: string }; related: unknown[]; actor: { id: string; reason: string | null } };
  const entries = body.entries as Entry[];
  assert.equal(entries.map((e) => [e.kind, e.amount, e.balances.available, e.balances.pending, e.balances.posted]), [
    ['credit', '200.00', '200.00', '0.00', '200.00'],
    ['fee', '10.00', '190.00', '0.00', '190.00'],
    ['fee', '5.00', '185.00', '0.00', '185.00'],
    ['fee', '5.00', '180.00', '0.00', '180.00'],
    ['adjustment', '50.00', '230.00', '0.00', '230.00'],
    ['debit', '46.00', '184.00', '0.00', '184.00'],
    ['credit', '77.00', '261.00', '0.00', '261.00'],
    ['hold', '100.00', '161.00', '100.00', '261.00'],
    ['capture', '100.00', '161.00', '0.00', '161.00'],
    ['hold', '30.00', '131.00', '30.00', '161.00'],
    ['release', '30.00', '161.00', '0.00', '161.00'],
  ]);
  assert.equal(entries.map((e) => e.caused_by), [
    ...Array(4).fill({ kind: 'lot', id: story.lot }), { kind: 'staff', id: staff.id }, { kind: 'order', id: story.order }, { kind: 'voucher', id: 'AUDIT100' },
    { kind: 'withdrawal', id: story.paidOut }, { kind: 'withdrawal', id: story.paidOut }, { kind: 'withdrawal', id: story.rejected }, { kind: 'withdrawal', id: story.rejected },
  ]);
  assert.equal(entries[6].related, [{ kind: 'order', id: story.voucherOrder }]);
  assert.equal(entries[4].actor, { id: staff.id, reason: 'Goodwill: late delivery' });
  assert.equal(entries[10].actor.reason, 'Withdrawal rejected: Account closed');
  assert.equal(body.balances, { available: '161.00', pending: '0.00', posted: '161.00', overdraft_limit: '0.00' });
  assert.equal([body.matches_read_model, body.differences, body.version], [true, [], 11]);
});

test('the balance as of a past instant, and the CSV (whole or as of then)', async () => {
  const asOf = (await get(auditor, `/api/audit/wallets/${morag.id}/?at=${encodeURIComponent(story.afterAdjustment)}`)).json();
  assert.equal([asOf.as_of.version, asOf.as_of.balances.available, asOf.as_of.balances.posted], [5, '230.00', '230.00']);
  assert.is(asOf.entries.length, 11, 'the entries stay whole; as_of says where the instant falls');
  const bad = await get(auditor, `/api/audit/wallets/${morag.id}/?at=yesterday`);
  assert.equal([bad.statusCode, bad.json()], [400, { at: ['Enter a valid date and time (ISO 8601).'] }]);

  const csv = await get(auditor, `/api/audit/wallets/${morag.id}/?format=csv`);
  assert.is(csv.statusCode, 200);
  assert.match(String(csv.headers['content-type']), /^text\/csv/);
  assert.is(csv.headers['content-disposition'], `attachment; filename="wallet-${morag.id}.csv"`);
  const lines = csv.body.trim().split('\r\n');
  assert.is(lines.length, 12);
  assert.match(lines[0], /^position,version,at,/);
  assert.match(lines[5], new RegExp(`,adjustment,.*,50\\.00,50\\.00,50\\.00,230\\.00,0\\.00,230\\.00,0\\.00,staff,${staff.id},,${staff.id},Goodwill: late delivery,Credit from the house$`));
  const partial = await get(auditor, `/api/audit/wallets/${morag.id}/?format=csv&at=${encodeURIComponent(story.afterAdjustment)}`);
  assert.is(partial.body.trim().split('\r\n').length, 6);
});

test('auditors and staff only; a wallet is found by email or name', async () => {
  assert.is((await get(morag, `/api/audit/wallets/${morag.id}/`)).statusCode, 403);
  assert.is((await get(null, `/api/audit/wallets/${morag.id}/`)).statusCode, 401);
  assert.is((await get(morag, '/api/audit/wallets/?search=morag')).statusCode, 403);
  assert.is((await get(staff, `/api/audit/wallets/${morag.id}/`)).statusCode, 200);
  assert.is((await get(auditor, '/api/audit/wallets/7d0c4f5e-6a0b-4c39-9d55-3f7f2b1a9e01/')).statusCode, 404);
  assert.is((await get(auditor, '/api/audit/wallets/not-a-user/')).statusCode, 404);
  const found = (await get(auditor, '/api/audit/wallets/?search=Ledger')).json();
  assert.equal(found.results.map((r: { user_id: string }) => r.user_id), [morag.id]);
});

test('the house-wide cross-checks pass on honest data', async () => {
  const results = await inSnapshot(async (trx) => [
    await verifyWallets(ctx(), trx), await verifyPaidOrders(ctx(), trx), await verifySellerCredits(ctx(), trx), await verifyHolds(ctx(), trx),
  ]);
  for (const r of results) assert.equal(r.differences, [], r.check);
  assert.equal(results.map((r) => [r.check, r.checked]), [['wallet', 3], ['order', 3], ['seller-credit', 3], ['hold', 2]]);
});

test('a corrupted wallet row, transaction row or order total is named', async () => {
  await sql`UPDATE wallets SET balance_pence = balance_pence + 100 WHERE user_id = ${morag.id}`.execute(t.ctx.db);
  await sql`UPDATE wallet_transactions SET amount_pence = -4400 WHERE user_id = ${morag.id} AND id = ${`order-${story.order}-wallet`}`.execute(t.ctx.db);
  await sql`UPDATE orders SET total_pence = total_pence + 1 WHERE id = ${story.order}`.execute(t.ctx.db);
  try {
    const wallets = await inSnapshot((trx) => verifyWallets(ctx(), trx));
    assert.equal(wallets.differences.map((d) => [d.subject, d.field, d.expected, d.found]), [
      [morag.id, 'balance_pence', '161.00', '162.00'],
      [morag.id, `transaction order-${story.order}-wallet.amount_pence`, '-46.00', '-44.00'],
    ]);
    const orders = await inSnapshot((trx) => verifyPaidOrders(ctx(), trx));
    assert.equal(orders.differences.map((d) => [d.subject, d.field, d.expected, d.found]), [[story.order, 'total_pence', '46.00', '46.01']]);
    const screen = (await get(auditor, `/api/audit/wallets/${morag.id}/`)).json();
    assert.is(screen.matches_read_model, false);
    assert.equal(screen.differences.map((d: { field: string }) => d.field), ['balance_pence', `transaction order-${story.order}-wallet.amount_pence`]);
  } finally {
    await sql`UPDATE wallets SET balance_pence = balance_pence - 100 WHERE user_id = ${morag.id}`.execute(t.ctx.db);
    await sql`UPDATE wallet_transactions SET amount_pence = -4600 WHERE user_id = ${morag.id} AND id = ${`order-${story.order}-wallet`}`.execute(t.ctx.db);
    await sql`UPDATE orders SET total_pence = total_pence - 1 WHERE id = ${story.order}`.execute(t.ctx.db);
  }
});

test('a hold left past its withdrawal\'s deadline is named, and no longer once the sweeper released it', async () => {
  await signInAgain(t, morag);
  await grantAccess(t, morag);
  const methods = (await api(t, 'GET', '/api/payment_methods/', morag)).json();
  const waiting = await withdraw('10.00', methods.results[0].id);
  assert.equal((await inSnapshot((trx) => verifyHolds(ctx(), trx))).differences, [], 'still within its 24 hours');
  t.clock.advance(26 * 60 * MINUTE);
  const late = await inSnapshot((trx) => verifyHolds(ctx(), trx));
  assert.equal(late.differences.map((d) => [d.subject, d.field, d.expected, d.found]), [[waiting, 'hold', 'released', 'active']]);
  assert.equal(await sweepUnconfirmedWithdrawals(t.ctx), [waiting]);
  assert.equal((await inSnapshot((trx) => verifyHolds(ctx(), trx))).differences, []);
});

test('the paid-order check pages by position as a number: orders paid across a digit boundary are each checked once', async () => {
  // Two payments of orders never placed, the first at 2·10^k and the second at 10^(k+1), past every real event: as
  // text "10…01" sorts before "20…01" and before the real ones, and a batch's last row was then not its highest. In a
  // transaction rolled back at the end, so no read model sees them (the positions skipped stay skipped, as after any
  // rolled-back append).
  const trx = await t.ctx.db.startTransaction().execute();
  try {
    const { rows: [{ last }] } = await sql<{ last: string }>`SELECT coalesce(max(position), 0)::text AS last FROM events`.execute(trx);
    let power = 10n;
    while (2n * power <= BigInt(last) + 10n) power *= 10n;
    const paid = async (at: bigint) => {
      const orderId = randomUUID();
      await sql`SELECT setval(pg_get_serial_sequence('events', 'position'), ${String(at)}::bigint)`.execute(trx);
      await sql`INSERT INTO events (stream_id, stream_version, event_id, type, data, hash)
        VALUES (${`order-${orderId}`}, 1, ${randomUUID()}::uuid, 'OrderPaid', ${JSON.stringify({ order_id: orderId })}::jsonb, sha256('not chained'::bytea))`.execute(trx);
      return orderId;
    };
    const crafted = [await paid(2n * power), await paid(10n * power)];
    const { rows: [{ orders }] } = await sql<{ orders: number }>`SELECT count(DISTINCT data->>'order_id')::int AS orders FROM events WHERE type = 'OrderPaid'`.execute(trx);
    const result = await verifyPaidOrders(ctx(), trx);
    assert.is(result.checked, orders, 'every paid order checked once');
    assert.equal(result.differences.map((d) => [d.subject, d.field]), crafted.map((id) => [id, 'order']));
  } finally {
    await trx.rollback().execute();
  }
});

test.run();
