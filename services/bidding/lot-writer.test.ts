import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { LotWriter, type LotJob } from './lot-writer';
import { FakeLotStream as FakeStream, writerDeps } from './fake-lot-stream';
import { consigned, LOT, MID } from '../../domain/catalogue/lot/test-fixtures';
import { lotDecider } from '../../domain/catalogue/lot/decide';
import type { LotEvent } from '../../domain/catalogue/lot/events';
import { RuleBroken } from '../../domain/shared/errors';
import { rejects } from '../testing/rejects';

let n = 0;
const bid = (bidder: string, pounds: number): LotJob => {
  n += 1;
  const id = n;
  return {
    build: (now) => ({ type: 'PlaceBid', lot_id: LOT, bid_id: `b${id}`, auto_bid_id: `a${id}`, bidder_id: bidder, max_bid: pounds * 100, bidder_registration_fee_paid: true, now }),
    metadata: { user_id: bidder },
  };
};

function setup() {
  const stream = new FakeStream();
  stream.appendOther(consigned());
  const writer = new LotWriter(LOT, writerDeps(stream, () => new Date(MID)));
  return { stream, writer };
}

const tick = () => new Promise((r) => setImmediate(r));

test('accepted bids arriving during an append are committed together in the next append (group commit)', async () => {
  const { stream, writer } = setup();
  await writer.submit(bid('alice', 10));
  stream.hold();
  const first = writer.submit(bid('bob', 20));
  await tick();
  const batch = [writer.submit(bid('carol', 30)), writer.submit(bid('dan', 40)), writer.submit(bid('erin', 50))];
  let settled = false;
  void Promise.all(batch).then(() => (settled = true));
  await tick();
  assert.is(settled, false, 'nobody is answered before their batch is committed');
  stream.release();
  await first;
  const decisions = await Promise.all(batch);
  assert.equal(stream.commits, [1, 1, 3]);
  assert.equal(decisions.map((d) => d.after.leaderId), ['carol', 'dan', 'erin']);
  assert.equal(writer.snapshot.state, stream.state());
  assert.is(writer.snapshot.version, stream.events.length);
});

test('a refused bid is answered at once, without touching the database, even while an append is in flight', async () => {
  const { stream, writer } = setup();
  await writer.submit(bid('alice', 100));
  const reads = stream.reads;
  stream.hold();
  const inFlight = writer.submit(bid('bob', 200));
  await tick();
  // Bob's bid is in flight: the minimum already counts it (price £110, next £120).
  const error = await rejects(() => writer.submit(bid('carol', 115)), RuleBroken);
  assert.is((error as Error).message, 'Your bid must be at least £120.');
  assert.is(stream.reads, reads);
  assert.equal(stream.commits, [1]);
  stream.release();
  await inFlight;
  assert.equal(stream.commits, [1, 1]);
});

test('a conflict with another process reloads the stream and re-decides the pending bids', async () => {
  const { stream, writer } = setup();
  await writer.submit(bid('alice', 50));
  // Another process accepts Zed's £300 maximum: price 55, Zed leads.
  stream.appendOther(lotDecider.decide(bid('zed', 300).build(MID) as never, stream.state())[0]);
  const stillValid = writer.submit(bid('bob', 400));
  const decision = await stillValid;
  assert.is(decision.after.leaderId, 'bob');
  assert.is(decision.after.currentPrice, 31_000, 'decided against Zed\'s maximum, not the stale state');
  assert.equal(writer.snapshot.state, stream.state());

  // A bid that was fine against the stale state but is too low against the real one is refused after the reload.
  stream.appendOther(lotDecider.decide(bid('yan', 1000).build(MID) as never, stream.state())[0]);
  await rejects(() => writer.submit(bid('carol', 350)), /at least £420/);
  assert.equal(writer.snapshot.state, stream.state());
});

test('an append with an unknown outcome fails its batch and the writer reloads before deciding again', async () => {
  const { stream, writer } = setup();
  await writer.submit(bid('alice', 50));
  stream.failNext = new Error('connection lost');
  await rejects(() => writer.submit(bid('bob', 60)), /connection lost/);
  const decision = await writer.submit(bid('bob', 70));
  assert.is(decision.after.leaderId, 'bob');
  assert.equal(writer.snapshot.state, stream.state());
});

test('"ended" on a lot that may have been extended elsewhere is re-checked against the stream', async () => {
  const stream = new FakeStream();
  stream.appendOther(consigned());
  const end = Date.parse((consigned() as Extract<LotEvent, { type: 'LotConsigned' }>).data.ends_at);
  let now = new Date(MID);
  const writer = new LotWriter(LOT, writerDeps(stream, () => now));
  await writer.submit(bid('alice', 10));
  // Another process takes a bid 10 s before the end: the lot now runs until 2 min 50 s after it.
  stream.appendOther(lotDecider.decide(bid('zed', 20).build(new Date(end - 10_000).toISOString()) as never, stream.state())[0]);
  now = new Date(end + 30_000);
  const decision = await writer.submit(bid('bob', 40));
  assert.is(decision.after.leaderId, 'bob');
  assert.equal(writer.snapshot.state, stream.state());

  // Past the real end the refusal stands.
  now = new Date(end + 400_000);
  await rejects(() => writer.submit(bid('carol', 100)), /ended/);
});

test('refusals are cheap (no stack), but a bug thrown while deciding keeps its stack trace', async () => {
  const { writer } = setup();
  const refusal = (await rejects(() => writer.submit(bid('alice', 5)), RuleBroken)) as Error;
  assert.not.match(String(refusal.stack), /lot-writer/);
  const bug = (await rejects(() => writer.submit({ build: () => ({ type: 'Nonsense' }) as never, metadata: {} }))) as Error;
  assert.not.instance(bug, RuleBroken);
  assert.match(String(bug.stack), /decide/);
  assert.is(Error.stackTraceLimit > 0, true, 'the limit is restored');
});

test.run();
