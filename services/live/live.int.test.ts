import type { AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../testing/harness';
import { createContext } from '../context';
import { buildApp } from '../app';
import { createTestUser, type TestUser } from '../testing/users';
import { closingScheduler } from '../bidding/closing-scheduler';
import { createAuction, createLot, postBid, replayLot } from '../bidding/testing';
import { penceToDecimal } from '../../domain/shared/money';
import { CLOSE_SIGNED_OUT, CLOSE_UNAUTHORIZED } from './hub';
import { connect, ticketFor, userSocket, type TestSocket } from './testing';

let t: TestApp;
let port: number;
let alice: TestUser;
let bob: TestUser;
const opened: TestSocket[] = [];

test.before(async () => {
  t = await startTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  [alice, bob] = await Promise.all([createTestUser(t, { feePaid: true }), createTestUser(t, { feePaid: true })]);
});

test.after(async () => {
  for (const socket of opened) socket.close();
  await t.close();
});

const open = async (channel: string, user: TestUser | null) => {
  const socket = await userSocket(t, port, channel, user);
  opened.push(socket);
  return socket;
};

test('a ticket is required, used once, and notifications need the token too (4401)', async () => {
  const none = await connect(port, 'lots', {});
  assert.is((await none.closing()).code, CLOSE_UNAUTHORIZED);
  const forged = await connect(port, 'lots', { ticket: '8f0e1a4c-3b7d-4a9e-9c1f-2d3e4f5a6b7c' });
  assert.is((await forged.closing()).code, CLOSE_UNAUTHORIZED);

  const ticket = await ticketFor(t, null);
  const first = await connect(port, 'lots', { ticket });
  opened.push(first);
  const hello = await first.next((m) => m.purpose === 'hello');
  assert.is(hello.server_time, t.clock.now().toISOString());
  const reused = await connect(port, 'lots', { ticket });
  assert.is((await reused.closing()).code, CLOSE_UNAUTHORIZED);

  const noToken = await connect(port, 'notifications', { ticket: await ticketFor(t, null) });
  assert.is((await noToken.closing()).code, CLOSE_UNAUTHORIZED);
  const badToken = await connect(port, 'lots', { ticket: await ticketFor(t, null), token: 'not.a.token' });
  assert.is((await badToken.closing()).code, CLOSE_UNAUTHORIZED);
  const othersToken = await connect(port, 'notifications', { ticket: await ticketFor(t, alice), token: bob.access });
  assert.is((await othersToken.closing()).code, CLOSE_UNAUTHORIZED);
});

test('a bid reaches every watcher as lot_update; the outbid leader hears it privately at once, with a notification', async () => {
  const { lotId } = await createLot(t.ctx, t.clock.now());
  const watcher = await open('lots', null);
  const aliceLots = await open('lots', alice);
  const aliceNotes = await open('notifications', alice);
  const bobLots = await open('lots', bob);

  assert.is((await postBid(t, alice, { bid: '100', lot: lotId })).statusCode, 201);
  const first = await watcher.next((m) => m.purpose === 'lot_update' && m.lot_id === lotId);
  assert.equal(first, {
    purpose: 'lot_update', lot_id: lotId, current_bid: '10.00', bid_step: '5.00', lot_extra_time: null, lot_on_bidding: true,
    reserve_met: true, bid_count: 1, end_date: first.end_date,
  });
  assert.ok(Date.parse(first.end_date) > t.clock.now().getTime());
  const leading = await aliceLots.next((m) => m.purpose === 'bid_update' && m.lot_id === lotId);
  assert.equal([leading.is_winning, leading.current_user_bid], [true, '100.00']);

  const seen = aliceLots.messages.length;
  assert.is((await postBid(t, bob, { bid: '150', lot: lotId })).statusCode, 201);
  const outbid = await aliceLots.next((m) => m.purpose === 'bid_update' && m.lot_id === lotId, 3000, seen);
  assert.equal(outbid, { purpose: 'bid_update', lot_id: lotId, is_winning: false, current_bid: '110.00', bid_step: '10.00', current_user_bid: '100.00' });
  const note = await aliceNotes.next((m) => m.purpose === 'notification');
  assert.equal([note.notification.template, note.notification.lot_id], ['outbid', lotId]);
  assert.match(note.notification.text, /outbid/);
  const winning = await bobLots.next((m) => m.purpose === 'bid_update' && m.lot_id === lotId);
  assert.equal([winning.is_winning, winning.current_bid, winning.current_user_bid], [true, '110.00', '150.00']);

  // Private messages stay private: the anonymous watcher and Bob's notifications never get Alice's.
  assert.is(watcher.of('bid_update').length, 0);
  assert.ok(bobLots.of('bid_update').every((m) => m.is_winning === true));
});

test('lot updates are coalesced: a burst of 20 bids gives a few messages, the last one with the final price', async () => {
  const { lotId } = await createLot(t.ctx, t.clock.now());
  const watcher = await open('lots', null);
  for (let i = 0; i < 20; i++) {
    const bidder = i % 2 === 0 ? alice : bob;
    assert.is((await postBid(t, bidder, { bid: String(10 + i * 10), lot: lotId })).statusCode, 201);
  }
  const final = (await replayLot(t.ctx, lotId)).state;
  const finalPrice = penceToDecimal(final.currentPrice!);
  await watcher.next((m) => m.purpose === 'lot_update' && m.lot_id === lotId && m.current_bid === finalPrice);
  await new Promise((r) => setTimeout(r, 300));
  const updates = watcher.of('lot_update').filter((m) => m.lot_id === lotId);
  assert.ok(updates.length < 20 && updates.length >= 1, `${updates.length} lot_update messages for 20 bids`);
  assert.is(updates.at(-1)!.current_bid, finalPrice);
  assert.is(updates.at(-1)!.bid_count, final.bidCount);
});

test('a client may narrow /ws/lots/ to the lots it shows', async () => {
  const [a, b] = await Promise.all([createLot(t.ctx, t.clock.now()), createLot(t.ctx, t.clock.now())]);
  const narrow = await open('lots', null);
  narrow.send({ action: 'subscribe', lot_ids: [a.lotId] });
  await narrow.next((m) => m.purpose === 'subscribed');
  await postBid(t, alice, { bid: '20', lot: b.lotId });
  await postBid(t, alice, { bid: '20', lot: a.lotId });
  await narrow.next((m) => m.purpose === 'lot_update' && m.lot_id === a.lotId);
  await new Promise((r) => setTimeout(r, 200));
  // Only lot a: its first look on subscribing (when the feed knew it by then) and its bid; nothing of b.
  assert.ok(narrow.of('lot_update').length >= 1);
  assert.ok(narrow.of('lot_update').every((m) => m.lot_id === a.lotId), JSON.stringify(narrow.of('lot_update')));
  narrow.send({ action: 'nonsense' });
  await narrow.next((m) => m.purpose === 'error');
});

test('a socket that subscribes after the bids gets each lot as the live feed knows it (the page\'s read may trail)', async () => {
  const { lotId } = await createLot(t.ctx, t.clock.now());
  const early = await open('lots', null);
  early.send({ action: 'subscribe', lot_ids: [lotId] });
  await early.next((m) => m.purpose === 'subscribed');
  assert.is((await postBid(t, alice, { bid: '20', lot: lotId })).statusCode, 201);
  assert.is((await postBid(t, bob, { bid: '40', lot: lotId })).statusCode, 201);
  // The feed has folded every bid (the proxy's answer included) once the early watcher has heard of the last.
  const final = (await replayLot(t.ctx, lotId)).state;
  const pushed = await early.next((m) => m.purpose === 'lot_update' && m.lot_id === lotId && m.bid_count === final.bidCount);
  assert.is(pushed.current_bid, penceToDecimal(final.currentPrice!));

  const late = await open('lots', null);
  late.send({ action: 'subscribe', lot_ids: [lotId.toUpperCase()] });
  const first = await late.next((m) => m.purpose === 'lot_update' && m.lot_id === lotId);
  assert.equal(first, pushed, 'the same state the watchers were sent, without another bid');
  const unknown = await open('lots', null);
  unknown.send({ action: 'subscribe', lot_ids: ['8f0e1a4c-3b7d-4a9e-9c1f-2d3e4f5a6b7c'] });
  await unknown.next((m) => m.purpose === 'subscribed');
  await new Promise((r) => setTimeout(r, 200));
  assert.is(unknown.of('lot_update').length, 0, 'a lot the feed does not know: nothing to say');
});

test('auction events go out on /ws/auctions/', async () => {
  const auctions = await open('auctions', null);
  const auctionId = await createAuction(t.ctx, t.clock.now(), 60 * 60_000);
  const update = await auctions.next((m) => m.purpose === 'auction_update');
  assert.equal([update.auction_id, update.status], [auctionId, 'live']);
});

test('disconnectUser closes that user\'s sockets and no others', async () => {
  const mine = await open('lots', alice);
  const notes = await open('notifications', alice);
  const others = await open('lots', bob);
  t.ctx.live.disconnectUser(alice.id);
  assert.is((await mine.closing()).code, CLOSE_SIGNED_OUT);
  assert.is((await notes.closing()).code, CLOSE_SIGNED_OUT);
  await new Promise((r) => setTimeout(r, 100));
  assert.is(others.closed, null);
});

test('a bid written by another server process reaches this process\'s watchers (the feed tails the store)', async () => {
  const ctx2 = createContext(t.ctx.config, t.database.url, { clock: t.clock, poolSize: 2 });
  const app2 = await buildApp(ctx2);
  try {
    const { lotId } = await createLot(t.ctx, t.clock.now());
    const watcher = await open('lots', null);
    const aliceLots = await open('lots', alice);
    assert.is((await postBid({ app: app2 }, alice, { bid: '35', lot: lotId })).statusCode, 201);
    const update = await watcher.next((m) => m.purpose === 'lot_update' && m.lot_id === lotId);
    assert.is(update.current_bid, '10.00');
    const mine = await aliceLots.next((m) => m.purpose === 'bid_update' && m.lot_id === lotId);
    assert.equal([mine.is_winning, mine.current_user_bid], [true, '35.00']);
  } finally {
    await app2.close();
    await ctx2.db.destroy();
  }
});

test('closing a lot sends finished_lots', async () => {
  const { lotId, endsAt } = await createLot(t.ctx, t.clock.now(), { endsInMs: 10 * 60_000 });
  const watcher = await open('lots', null);
  t.clock.set(endsAt);
  await closingScheduler(t.ctx).runOnce();
  const finished = await watcher.next((m) => m.purpose === 'finished_lots' && m.lot_id_list.includes(lotId));
  assert.equal(finished.lot_id_list, [lotId]);
});

test.run();
