/**
 * Live nodes (docs/scale.md, "Live nodes"): an API node (`SERVER_ROLE=api`) serves everything but the websockets and
 * only signals its appends; a live node (`SERVER_ROLE=live`) serves only the websocket channels, so the fan-out to
 * thousands of watchers leaves the bid process. Bids go through the API node; the live node's watchers get them
 * pushed, public and private; the live node answers nothing else, writes nothing and keeps no read model.
 */
import type { AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../../infra/config/config';
import { startTestApp, type TestApp } from '../testing/harness';
import { bearer, createTestUser, type TestUser } from '../testing/users';
import { openSession } from '../accounts/sessions';
import { CLOSE_SIGNED_OUT } from './hub';
import { createLot, postBid, replayLot } from '../bidding/testing';
import { userSocket, type TestSocket } from './testing';
import { liveSignalOf } from './feature';

let api: TestApp;
let live: TestApp;
let livePort: number;
let alice: TestUser;
let bob: TestUser;
const opened: TestSocket[] = [];

test.before(async () => {
  api = await startTestApp({ config: { natsUrl: null, role: 'api' } });
  live = await startTestApp({ config: { natsUrl: null, role: 'live', tokenSecret: api.ctx.config.tokenSecret }, database: api.database, clock: api.clock });
  await live.app.listen({ port: 0, host: '127.0.0.1' });
  livePort = (live.app.server.address() as AddressInfo).port;
  [alice, bob] = await Promise.all([createTestUser(api, { feePaid: true }), createTestUser(api, { feePaid: true })]);
});

test.after(async () => {
  for (const socket of opened) socket.close();
  await live?.close();
  await api?.close();
});

test('SERVER_ROLE: "live" takes no lot leases; anything but all, api or live stops the server', () => {
  assert.is(loadConfig({ SERVER_ROLE: 'live', PROCESSES: '2' }).lotLeases, false);
  assert.is(loadConfig({ SERVER_ROLE: 'api', PROCESSES: '2' }).lotLeases, true);
  assert.is(loadConfig({}).role, 'all');
  assert.throws(() => loadConfig({ SERVER_ROLE: 'websockets' }), /SERVER_ROLE must be "all", "api" or "live"/);
});

test('the API node serves the API but no websocket; both signals are up', async () => {
  assert.is((await api.app.inject({ method: 'GET', url: '/api/server_time/' })).statusCode, 200);
  assert.is((await api.app.inject({ method: 'GET', url: '/api/auth/get_ws_ticket/' })).statusCode, 200);
  assert.is((await api.app.inject({ method: 'GET', url: '/ws/lots/' })).statusCode, 404);
  assert.is(liveSignalOf(api.ctx)?.connected, true);
  assert.is(liveSignalOf(live.ctx)?.connected, true);
});

test('bids through the API node reach the live node\'s watchers: the lot update to all, the bid update to its bidder', async () => {
  const { lotId } = await createLot(api.ctx, api.clock.now());
  const watcher = await userSocket(api, livePort, 'lots', null);
  const aliceSocket = await userSocket(api, livePort, 'lots', alice);
  opened.push(watcher, aliceSocket);

  const published = liveSignalOf(api.ctx)!.stats.published;
  assert.is((await postBid(api, alice, { bid: '35', lot: lotId })).statusCode, 201);
  // The signal follows the commit, fire-and-forget: a NOTIFY still in flight for an earlier append (the lot's, the
  // users') covers this one with one more after it, so it may be sent just after the answer.
  const signalled = () => liveSignalOf(api.ctx)!.stats.published > published;
  for (const deadline = Date.now() + 5_000; !signalled() && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 10));
  assert.ok(signalled(), 'the API node signalled its append');
  const first = await watcher.next((m) => m.purpose === 'lot_update' && m.lot_id === lotId, 2000);
  assert.is(first.current_bid, '10.00');
  const mine = await aliceSocket.next((m) => m.purpose === 'bid_update' && m.lot_id === lotId, 2000);
  assert.equal([mine.is_winning, mine.current_user_bid], [true, '35.00']);

  // Bob outbids: alice's socket on the live node learns she lost the lead, with her own maximum only.
  const from = aliceSocket.messages.length;
  assert.is((await postBid(api, bob, { bid: '60', lot: lotId })).statusCode, 201);
  const outbid = await aliceSocket.next((m) => m.purpose === 'bid_update' && m.lot_id === lotId, 2000, from);
  assert.equal([outbid.is_winning, outbid.current_user_bid, outbid.current_bid], [false, '35.00', '40.00']);
  await watcher.next((m) => m.purpose === 'lot_update' && m.lot_id === lotId && m.current_bid === '40.00', 2000);
});

test('a stored notification written by the API node\'s projection is pushed on the live node\'s notifications channel', async () => {
  const seller = await createTestUser(api, { feePaid: true });
  const sellerNotes = await userSocket(api, livePort, 'notifications', seller);
  opened.push(sellerNotes);
  const { lotId } = await createLot(api.ctx, api.clock.now(), { sellerId: seller.id, reservePence: 5_000 });
  assert.is((await postBid(api, alice, { bid: '80', lot: lotId })).statusCode, 201);
  // met_reserve is not a live-dispatcher push (only outbid is): it reaches the socket through the pusher slice.
  const pushed = await sellerNotes.next((m) => m.purpose === 'notification' && m.notification.template === 'met_reserve', 5000);
  assert.is(pushed.notification.lot_id, lotId);
});

test('the live node serves nothing but /ws/ and /health: no API, no pages, no bids', async () => {
  const { lotId } = await createLot(api.ctx, api.clock.now());
  assert.is((await live.app.inject({ method: 'GET', url: '/health' })).statusCode, 200);
  for (const url of ['/api/lots/', '/api/auth/get_ws_ticket/', '/', '/lots']) {
    assert.is((await live.app.inject({ method: 'GET', url })).statusCode, 404, url);
  }
  assert.is((await postBid(live, alice, { bid: '35', lot: lotId })).statusCode, 404);
  assert.is((await replayLot(api.ctx, lotId)).events.filter((e) => e.type === 'BidPlaced').length, 0);
});

test('the live node keeps no read model: its projection runner never started', async () => {
  assert.ok(api.ctx.projections.started);
  assert.not.ok(live.ctx.projections.started);
  const { lotId } = await createLot(api.ctx, api.clock.now());
  assert.is((await postBid(api, alice, { bid: '35', lot: lotId })).statusCode, 201);
  assert.not.ok(live.ctx.projections.started);
});

test('a logout on the API node closes the user\'s sockets on the live node; a socket opened after signing in again stays', async () => {
  const carol = await createTestUser(api, { feePaid: true });
  const lots = await userSocket(api, livePort, 'lots', carol);
  const notes = await userSocket(api, livePort, 'notifications', carol);
  const bobs = await userSocket(api, livePort, 'lots', bob);
  opened.push(lots, notes, bobs);

  api.clock.advance(1000);
  const logout = await api.app.inject({ method: 'GET', url: '/api/auth/clear_ws_connections/', headers: bearer(carol) });
  assert.is(logout.statusCode, 200);
  // The live node's sweep runs every 3 s.
  assert.is((await lots.closing(8000)).code, CLOSE_SIGNED_OUT);
  assert.is((await notes.closing(1000)).code, CLOSE_SIGNED_OUT);

  api.clock.advance(1000);
  const again = await openSession(api.ctx, { id: carol.id, is_staff: false }, false);
  const fresh = await userSocket(api, livePort, 'lots', { ...carol, access: again.access });
  opened.push(fresh);
  await new Promise((r) => setTimeout(r, 3500));
  assert.is(fresh.closed, null, 'signed in again after the logout');
  assert.is(bobs.closed, null, 'another user');
});

test.run();
