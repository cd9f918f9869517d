import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { WebSocket } from 'ws';
import { LiveHub, SLOW_BUFFERED, type LiveClient } from './hub';

/** Just what the hub uses of a ws socket; records what it was sent. */
class FakeSocket {
  readyState = 1;
  bufferedAmount = 0;
  readonly received: string[] = [];
  send(data: string | Buffer): void {
    this.received.push(data.toString());
  }
  on(): void {}
  ping(): void {}
  terminate(): void {
    this.readyState = 3;
  }
  close(): void {
    this.readyState = 3;
  }
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function watchers(hub: LiveHub, count: number, lots: string[] | null): FakeSocket[] {
  return Array.from({ length: count }, () => {
    const socket = new FakeSocket();
    const client: LiveClient = { socket: socket as unknown as WebSocket, channel: 'lots', userId: null, lots: null, alive: true, openedAt: new Date() };
    hub.add(client);
    if (lots) hub.setLots(client, new Set(lots));
    return socket;
  });
}

async function settle(hub: LiveHub): Promise<void> {
  for (let i = 0; hub.pendingBroadcasts > 0; i++) {
    if (i > 1000) throw new Error('the broadcast never finished');
    await turn();
  }
}

const state = (v: number) => JSON.stringify({ purpose: 'lot_update', lot_id: 'a', v });
const versions = (s: FakeSocket) => s.received.map((text) => JSON.parse(text).v as number);

test('1,000 watchers are sent in slices: a callback queued after the update runs before the last slice', async () => {
  const hub = new LiveHub({ slice: 150 });
  const sockets = watchers(hub, 1000, ['a']);
  let reachedWhenOtherWorkRan = -1;
  hub.toLotState('a', state(1));
  assert.is(sockets.filter((s) => s.received.length > 0).length, 150, 'only the first slice goes out synchronously');
  setImmediate(() => (reachedWhenOtherWorkRan = sockets.filter((s) => s.received.length > 0).length));
  await settle(hub);
  assert.ok(reachedWhenOtherWorkRan > 0 && reachedWhenOtherWorkRan < 1000, `other work ran mid-broadcast (${reachedWhenOtherWorkRan})`);
  assert.ok(sockets.every((s) => s.received.length === 1 && versions(s)[0] === 1));
  hub.stop();
});

test('two quick updates: every socket ends with the newer, and none gets the older after the newer', async () => {
  const hub = new LiveHub({ slice: 150 });
  const sockets = watchers(hub, 1000, ['a']);
  hub.toLotState('a', state(1));
  await turn(); // a second slice of the first update went out
  hub.toLotState('a', state(2));
  await settle(hub);
  const got = sockets.map((s) => versions(s).join(','));
  assert.ok(got.every((v) => v === '1,2' || v === '2'), `unexpected sequences: ${[...new Set(got)].join(' | ')}`);
  assert.ok(got.includes('1,2') && got.includes('2'), 'the update was replaced mid-run');
  hub.stop();
});

test('a burst of updates across many turns: per socket strictly increasing, ending on the latest', async () => {
  const hub = new LiveHub({ slice: 100 });
  const sockets = watchers(hub, 1000, ['a']);
  for (let v = 1; v <= 20; v++) {
    hub.toLotState('a', state(v));
    if (v % 3 === 0) await turn();
  }
  await settle(hub);
  for (const s of sockets) {
    const seen = versions(s);
    assert.ok(seen.every((v, i) => i === 0 || v > seen[i - 1]), `out of order: ${seen}`);
    assert.is(seen.at(-1), 20);
  }
  hub.stop();
});

test('an event queued after a lot state reaches every socket after it (finished lots after the last price)', async () => {
  const hub = new LiveHub({ slice: 100 });
  const sockets = watchers(hub, 500, ['a']);
  hub.toLotState('a', state(7));
  hub.toLotWatchers(['a'], JSON.stringify({ purpose: 'finished_lots', lot_id_list: ['a'] }));
  await settle(hub);
  for (const s of sockets) assert.equal(s.received.map((t) => JSON.parse(t).purpose), ['lot_update', 'finished_lots']);
  hub.stop();
});

test('an update touches only its lot watchers and those of every lot; narrowing moves a socket between lots', async () => {
  const hub = new LiveHub();
  const [onA] = watchers(hub, 1, ['a']);
  const [onB] = watchers(hub, 1, ['b']);
  const [onAll] = watchers(hub, 1, null);
  hub.toLotState('a', state(1));
  await settle(hub);
  assert.is(onA.received.length, 1);
  assert.is(onB.received.length, 0);
  assert.is(onAll.received.length, 1);
  hub.toLotWatchers(['a', 'b'], JSON.stringify({ purpose: 'finished_lots', lot_id_list: ['a', 'b'] }));
  await settle(hub);
  assert.is(onAll.received.length, 2, 'a socket watching both lots gets the message once');
  hub.stop();
});

test('a slow socket is skipped, then caught up with the latest state only; others are not held back', async () => {
  const hub = new LiveHub({ slice: 150 });
  const [slow, fast] = watchers(hub, 2, ['a']);
  slow.bufferedAmount = SLOW_BUFFERED + 1;
  hub.toLotState('a', state(1));
  hub.toLotState('a', state(2)); // (a direct send: nothing is running, the first went out whole)
  await settle(hub);
  assert.equal(versions(fast), [1, 2]);
  assert.equal(slow.received, [], 'nothing queued behind a slow consumer');
  slow.bufferedAmount = 0;
  await sleep(120);
  assert.equal(versions(slow), [2], 'caught up with the latest, not the older');
  hub.toLotState('a', state(3));
  await settle(hub);
  assert.equal(versions(slow), [2, 3]);
  hub.stop();
});

test('a slow socket gets its missed state before a later event, and a newer state drops the missed one', async () => {
  const hub = new LiveHub();
  const [slow] = watchers(hub, 1, ['a']);
  slow.bufferedAmount = SLOW_BUFFERED + 1;
  hub.toLotState('a', state(1));
  hub.toLotWatchers(['a'], JSON.stringify({ purpose: 'finished_lots', lot_id_list: ['a'] }));
  await settle(hub);
  assert.equal(slow.received.map((t) => JSON.parse(t).purpose), ['lot_update', 'finished_lots']);

  const [other] = watchers(hub, 1, ['a']);
  other.bufferedAmount = SLOW_BUFFERED + 1;
  hub.toLotState('a', state(5));
  other.bufferedAmount = 0;
  hub.toLotState('a', state(6));
  await settle(hub);
  await sleep(80);
  assert.equal(versions(other), [6], 'the missed 5 is older than the 6 it got: never sent after it');
  hub.stop();
});

test('private messages go to the user sockets of that channel only', () => {
  const hub = new LiveHub();
  const mine = new FakeSocket();
  const theirs = new FakeSocket();
  const note = new FakeSocket();
  hub.add({ socket: mine as unknown as WebSocket, channel: 'lots', userId: 'u1', lots: null, alive: true, openedAt: new Date() });
  hub.add({ socket: theirs as unknown as WebSocket, channel: 'lots', userId: 'u2', lots: null, alive: true, openedAt: new Date() });
  hub.add({ socket: note as unknown as WebSocket, channel: 'notifications', userId: 'u1', lots: null, alive: true, openedAt: new Date() });
  hub.toUser('u1', 'lots', '{"purpose":"bid_update"}');
  assert.is(mine.received.length, 1);
  assert.is(theirs.received.length, 0);
  assert.is(note.received.length, 0);
  hub.stop();
});

test.run();
