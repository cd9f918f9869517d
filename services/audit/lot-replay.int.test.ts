/**
 * Lot replay through the real API: a lot with a proxy answer, a reserve jump, a tie, a soft-close extension and the
 * close; the public price log (anonymised, consistent), the auditor view (real ids, matches), its exports, a
 * corrupted read-model row found by verifyLots, and who may see what.
 */
import { randomUUID } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../testing/harness';
import { bearer, createTestUser, type TestUser } from '../testing/users';
import { MINUTE, createLot, postBid, settle } from '../bidding/testing';
import { lotStream } from '../catalogue/streams';
import { lotDecider } from '../../domain/catalogue/lot/decide';
import { verifyLots } from './lot-replay';

let t: TestApp;
let seller: TestUser, alice: TestUser, bob: TestUser, carol: TestUser, auditor: TestUser;
let lotId: string;
let endsAt: string;

async function projected(id: string): Promise<void> {
  const last = (await t.ctx.store.readStream(lotStream(id))).at(-1);
  if (last) await t.ctx.projections.waitFor({ transaction_id: last.transaction_id, position: last.position });
}

async function bid(user: TestUser, pounds: number): Promise<void> {
  const res = await postBid(t, user, { bid: String(pounds), lot: lotId });
  assert.is(res.statusCode, 201, res.body);
}

const get = (url: string, user?: TestUser) => t.app.inject({ method: 'GET', url, headers: user ? bearer(user) : {} });

test.before(async () => {
  try {
    await setup();
  } catch (error) {
    console.error('setup failed:', error); // uvu would swallow it
    throw error;
  }
});

async function setup(): Promise<void> {
  t = await startTestApp({ workers: false });
  t.ctx.projections.start();
  [seller, alice, bob, carol, auditor] = await Promise.all([
    createTestUser(t, { firstName: 'Sandy', lastName: 'Seller' }),
    createTestUser(t, { firstName: 'Alice', lastName: 'Grant', feePaid: true }),
    createTestUser(t, { firstName: 'Bob', lastName: 'Baxter', feePaid: true }),
    createTestUser(t, { firstName: 'Carol', lastName: 'Cole', feePaid: true }),
    createTestUser(t, { auditor: true }),
  ]);
  ({ lotId, endsAt } = await createLot(t.ctx, t.clock.now(), { sellerId: seller.id, reservePence: 20_000, endsInMs: 5 * MINUTE }));
  await bid(alice, 150); // first bid: £10, reserve not met
  await bid(bob, 120); // proxy answer: min(£150, £120 + £10) = £130
  await bid(carol, 400); // outbid: min(£400, £150 + £10) = £160, raised to the reserve £200
  await bid(bob, 400); // tie: Carol keeps the lead at £400
  t.clock.set(new Date(Date.parse(endsAt) - MINUTE));
  await bid(alice, 500); // outbid in the last minute: £410, the end moves 2 minutes later
  t.clock.set(new Date(Date.parse(endsAt) + 3 * MINUTE));
  await settle(t.ctx, await t.ctx.commands.handle(lotStream(lotId), lotDecider, { type: 'CloseLot', lot_id: lotId, now: t.clock.now().toISOString() }));
  await projected(lotId);
}

test.after(async () => {
  await t?.close();
});

test('the public price log: every step explained, bidders anonymised consistently, no ids or secret maxima', async () => {
  const res = await get(`/api/lots/${lotId}/price_log/`);
  assert.is(res.statusCode, 200, res.body);
  const log = res.json();
  assert.equal(log.entries.map((e: { kind: string }) => e.kind), ['consigned', 'first_bid', 'proxy_answer', 'outbid', 'tie', 'outbid', 'closed']);
  assert.equal(log.entries.map((e: { actor: string }) => e.actor), ['Auction house', 'Bidder 1', 'Bidder 2', 'Bidder 3', 'Bidder 2', 'Bidder 1', 'System']);
  const texts = log.entries.map((e: { text: string }) => e.text);
  assert.is(texts[2], "Bidder 2's maximum £120 against Bidder 1's £150: price = min(£150, £120 + £10 step) = £130, Bidder 1 leads. The reserve is not met yet.");
  assert.is(texts[3], "Bidder 3's maximum £400 against Bidder 1's £150: price = min(£400, £150 + £10 step) = £160, raised to the reserve £200 (Bidder 3's maximum covers it), Bidder 3 leads.");
  assert.is(texts[4], "Bidder 2's maximum £400 equals Bidder 3's £400: price = min(£400, £400 + £10 step) = £400; a tie is won by the earlier maximum, Bidder 3 leads.");
  assert.match(texts[5], /^Bidder 1's maximum \(secret\) against Bidder 3's £400: price = min\(Bidder 1's maximum, £400 \+ £10 step\) = £410, Bidder 1 leads\. Placed within 3 minutes of the end: the end moves from .+ to .+\.$/);
  assert.match(texts[6], /sold to Bidder 1 at the hammer price £410/);
  assert.equal([log.result.status, log.result.price, log.result.winner, log.matches_live], ['sold', '410.00', 'Bidder 1', true]);
  assert.is(log.check, 'The replay ends with the same price, winner and end time as the live lot.');
  for (const secret of [alice.id, bob.id, carol.id, seller.id, 'Alice', '£500', '£200 (reserve)']) assert.not.ok(res.body.includes(secret), `no "${secret}" in the public log`);
  assert.is(log.entries[5].extended, true);
  assert.ok(Date.parse(log.entries[5].ends_at) > Date.parse(endsAt));
});

test('the auditor view: real ids and names, maxima, the match with the read model', async () => {
  const res = await get(`/api/audit/lots/${lotId}/`, auditor);
  assert.is(res.statusCode, 200, res.body);
  const audit = res.json();
  assert.equal(audit.entries.slice(1, 6).map((e: { actor_id: string }) => e.actor_id), [alice.id, bob.id, carol.id, bob.id, alice.id]);
  assert.is(audit.entries[2].text, "Bob Baxter's maximum £120 against Alice Grant's £150: price = min(£150, £120 + £10 step) = £130, Alice Grant leads. The reserve £200 is not met yet.");
  assert.is(audit.entries[5].max_bid, '500.00');
  assert.is(audit.entries[6].winner_id, alice.id);
  assert.is(audit.matches_read_model, true, JSON.stringify(audit.differences));
  assert.match(audit.comparison, /^Replay matches the live lot: price £410, winner Alice Grant, ended /);
  assert.equal([audit.stream_version, audit.mismatches, audit.read_model.current_price], [7, 0, '410.00']);
  assert.is(audit.people[alice.id].email, alice.email);
});

test('exports: CSV and JSON as attachments', async () => {
  const csv = await get(`/api/audit/lots/${lotId}/?format=csv`, auditor);
  assert.is(csv.statusCode, 200);
  assert.match(String(csv.headers['content-type']), /^text\/csv/);
  assert.is(csv.headers['content-disposition'], `attachment; filename="lot-${lotId}-replay.csv"`);
  const lines = csv.body.trim().split('\r\n');
  assert.ok(lines[0]!.startsWith('seq,at,type,kind,actor,actor_id,'));
  assert.is(lines.length, 1 + 7 + 1);
  assert.ok(lines[3]!.includes(bob.id) && lines[3]!.includes('"Bob Baxter\'s maximum £120 against Alice Grant\'s £150: price = min(£150, £120 + £10 step) = £130, Alice Grant leads. The reserve £200 is not met yet."'));
  assert.match(lines[8]!, /ReplayCheck,matches/);
  const json = await get(`/api/audit/lots/${lotId}/?format=json`, auditor);
  assert.is(json.headers['content-disposition'], `attachment; filename="lot-${lotId}-replay.json"`);
  assert.equal(JSON.parse(json.body).entries.length, 7);
  assert.is((await get(`/api/audit/lots/${lotId}/?format=xml`, auditor)).statusCode, 400);
});

test('who may see: public log for anyone; the auditor view for auditors and staff only; unknown lots 404', async () => {
  assert.is((await get(`/api/audit/lots/${lotId}/`, alice)).statusCode, 403);
  assert.is((await get(`/api/audit/lots/${lotId}/?format=csv`, alice)).statusCode, 403);
  assert.is((await get(`/api/audit/lots/${lotId}/`)).statusCode, 401);
  const staff = await createTestUser(t, { staff: true });
  assert.is((await get(`/api/audit/lots/${lotId}/`, staff)).statusCode, 200);
  assert.is((await get(`/api/lots/${randomUUID()}/price_log/`)).statusCode, 404);
  assert.is((await get('/api/lots/not-a-lot/price_log/')).statusCode, 404);
  assert.is((await get(`/api/audit/lots/${randomUUID()}/`, auditor)).statusCode, 404);
});

test('a corrupted read-model row: verifyLots names the lot and the field; the views say it loudly', async () => {
  const other = await createLot(t.ctx, t.clock.now(), { sellerId: seller.id });
  await projected(other.lotId);
  const clean = await t.ctx.db.transaction().setIsolationLevel('repeatable read').execute((trx) => verifyLots(t.ctx, trx));
  assert.equal([clean.check, clean.checked, clean.differences], ['lot', 2, []]);

  await sql`UPDATE lots SET current_price_pence = 45000 WHERE id = ${lotId}`.execute(t.ctx.db);
  const progress: number[] = [];
  const found = await t.ctx.db.transaction().setIsolationLevel('repeatable read')
    .execute((trx) => verifyLots(t.ctx, trx, (_check, done) => progress.push(done), { batchSize: 1 }));
  assert.equal(found.differences.map((d) => [d.subject, d.field, d.expected, d.found]), [[lotId, 'current_price', '£410', '£450']]);
  assert.equal(progress, [0, 1, 2]);
  const audit = (await get(`/api/audit/lots/${lotId}/`, auditor)).json();
  assert.is(audit.matches_read_model, false);
  assert.match(audit.comparison, /^THE REPLAY DOES NOT MATCH THE LIVE LOT: current_price: replay £410, live £450/);
  const log = (await get(`/api/lots/${lotId}/price_log/`)).json();
  assert.equal([log.matches_live, log.check], [false, 'THE REPLAY DOES NOT MATCH THE LIVE LOT (current_price). It has been logged for the auction house to investigate.']);
});

test.run();
