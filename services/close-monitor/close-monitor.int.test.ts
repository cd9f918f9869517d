/**
 * The close monitor over a real websocket: staff only (4401 without credentials, 4403 for a bidder), the history
 * first, then a sample a second whose figures move with the house: a lot under way counted open, bids counted (from
 * the read model, house-wide) with this process's decision latency, a refusal counted, the watcher itself counted.
 */
import type { AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../testing/harness';
import { createTestUser, type TestUser } from '../testing/users';
import { createLot, postBid } from '../bidding/testing';
import { CLOSE_UNAUTHORIZED } from '../live/hub';
import { connect, ticketFor, userSocket, type Message, type TestSocket } from '../live/testing';
import { CLOSE_FORBIDDEN } from './feature';

let t: TestApp;
let port: number;
let staff: TestUser;
let bidder: TestUser;
const opened: TestSocket[] = [];

test.before(async () => {
  t = await startTestApp();
  t.ctx.projections.start();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  [staff, bidder] = await Promise.all([createTestUser(t, { staff: true }), createTestUser(t, { feePaid: true })]);
});

test.after(async () => {
  for (const socket of opened) socket.close();
  await t.close();
});

const monitor = async (user: TestUser | null, withToken = true) => {
  const query: Record<string, string> = { ticket: await ticketFor(t, user) };
  if (user && withToken) query.token = user.access;
  const socket = await connect(port, 'close_monitor', query);
  opened.push(socket);
  return socket;
};

test('staff only: no token or a bad one is 4401, a bidder is 4403', async () => {
  assert.is((await (await connect(port, 'close_monitor', {})).closing()).code, CLOSE_UNAUTHORIZED);
  assert.is((await (await monitor(staff, false)).closing()).code, CLOSE_UNAUTHORIZED);
  const forbidden = await (await monitor(bidder)).closing();
  assert.equal(forbidden, { code: CLOSE_FORBIDDEN, reason: 'The close monitor is for staff.' });
});

test('a watcher gets the history, then samples that follow the bids, refusals, lots and watchers of the house', async () => {
  const { lotId } = await createLot(t.ctx, t.clock.now());
  const socket = await monitor(staff);
  const history = await socket.next((m) => m.purpose === 'close_history');
  assert.ok(Array.isArray(history.samples));
  const sampleWhere = (match: (s: Message) => boolean) => socket.next((m) => m.purpose === 'close_sample' && match(m.sample), 20_000);

  const quiet = await sampleWhere((s) => s.lots_open >= 1);
  assert.is(quiet.sample.projection_events_behind >= 0, true);
  assert.is(typeof quiet.sample.emails_waiting, 'number');
  const bidsBefore = await t.ctx.db.selectFrom('lots').select('bid_count').where('id', '=', lotId).executeTakeFirstOrThrow();
  assert.is(bidsBefore.bid_count, 0);

  // A watcher of the lots channel, two accepted bids and a refused one (below the opening bid).
  opened.push(await userSocket(t, port, 'lots', null));
  assert.is((await postBid(t, bidder, { bid: '100', lot: lotId })).statusCode, 201);
  assert.is((await postBid(t, bidder, { bid: '300', lot: lotId })).statusCode, 201);
  assert.is((await postBid(t, bidder, { bid: '1', lot: lotId })).statusCode, 400);
  await t.ctx.projections.settle();

  const busy = await sampleWhere((s) => s.bids_per_second > 0);
  assert.ok(busy.sample.decision_p50_ms !== null && busy.sample.decision_p50_ms > 0, 'this process decided them');
  assert.ok(busy.sample.decision_p99_ms >= busy.sample.decision_p50_ms);
  const refused = socket.messages.some((m) => m.purpose === 'close_sample' && m.sample.refusals_per_second > 0);
  assert.ok(refused || (await sampleWhere((s) => s.refusals_per_second > 0)), 'the refusal is counted');
  const watched = await sampleWhere((s) => s.watchers >= 1);
  assert.ok(watched.sample.lots_open >= 1);

  // A second watcher starts with what the first has seen.
  const late = await monitor(staff);
  const lateHistory = await late.next((m) => m.purpose === 'close_history');
  assert.ok(lateHistory.samples.some((s: Message) => s.bids_per_second > 0), 'the history holds the busy second');
});

test.run();
