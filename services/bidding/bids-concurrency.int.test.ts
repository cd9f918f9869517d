import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { startTestApp, type TestApp } from '../testing/harness';
import { createTestUser, type TestUser } from '../testing/users';
import { createContext, type AppContext } from '../context';
import { buildApp } from '../app';
import { features } from '../features';
import { lotDecider } from '../../domain/catalogue/lot/decide';
import type { BidPlaced, LotEvent } from '../../domain/catalogue/lot/events';
import type { LotState } from '../../domain/catalogue/lot/state';
import { bidAnswer } from './bid-answer';
import { lotWriters } from './lot-writers';
import { createLot, postBid, replayLot } from './testing';

let t: TestApp;
let ctx2: AppContext;
let app2: FastifyInstance;
let bidders: TestUser[];

test.before(async () => {
  t = await startTestApp();
  bidders = await Promise.all(Array.from({ length: 6 }, () => createTestUser(t, { feePaid: true })));
  // A second server process on the same database: its own lot writers, its own memory.
  ctx2 = createContext(t.ctx.config, t.database.url, { clock: t.clock, poolSize: 5 });
  app2 = await buildApp(ctx2);
  await app2.ready();
  // Warm both processes (sessions, fee status): then requests reach the lot writer in the order they are sent.
  const { lotId } = await createLot(t.ctx, t.clock.now());
  for (const [i, bidder] of bidders.entries()) {
    for (const [j, app] of [t.app, app2].entries()) {
      const res = await postBid({ app }, bidder, { bid: String(1000 + i * 200 + j * 100), lot: lotId });
      assert.is(res.statusCode, 201, res.body);
    }
  }
});

test.after(async () => {
  await app2.close();
  for (const feature of [...features].reverse()) await feature.stop?.(ctx2);
  await ctx2.db.destroy();
  await t.close();
});

interface Sent {
  bidder: TestUser;
  res: LightMyRequestResponse;
}

/** Rising amounts with some noise, so that many bids are accepted and many are too low. */
function amounts(count: number): number[] {
  let seed = 7;
  const noise = () => {
    seed = (seed * 48271) % 2147483647;
    return seed % 40;
  };
  return Array.from({ length: count }, (_, i) => 10 + i * 4 + noise());
}

/** `count` bids at once, or in `waves` of concurrent bids (so two processes really compete with each other). */
async function fire(apps: FastifyInstance[], lotId: string, count: number, waves = 1): Promise<Sent[]> {
  const list = amounts(count);
  const perWave = Math.ceil(count / waves);
  const sent: Sent[] = [];
  for (let start = 0; start < count; start += perWave) {
    const wave = list.slice(start, start + perWave).map(async (pounds, j) => {
      const i = start + j;
      const bidder = bidders[i % bidders.length];
      const res = await postBid({ app: apps[i % apps.length] }, bidder, { bid: String(pounds), lot: lotId });
      return { bidder, res };
    });
    sent.push(...(await Promise.all(wave)));
  }
  return sent;
}

/**
 * The auditor's check: replaying the stream bid by bid gives, for every accepted bid, exactly the answer its
 * bidder got; and no accepted bid is missing from the stream.
 */
async function audit(lotId: string, sent: Sent[]): Promise<{ state: LotState; accepted: number; transactions: number }> {
  const { stored, state } = await replayLot(t.ctx, lotId);
  const accepted = sent.filter((s) => s.res.statusCode === 201);
  const refused = sent.filter((s) => s.res.statusCode !== 201);
  for (const s of refused) {
    assert.is(s.res.statusCode, 400, s.res.body);
    assert.match(s.res.json().detail, /at least|higher than your current maximum/);
  }
  const answers = new Map(accepted.map((s) => [s.res.json().bid_id as string, s]));
  const bids = stored.filter((e) => e.type === 'BidPlaced') as unknown as { data: BidPlaced['data']; transaction_id: string }[];
  assert.is(bids.length, accepted.length, 'one BidPlaced per accepted answer, no more, no less');

  let before = lotDecider.initialState;
  for (const event of stored) {
    const after = lotDecider.evolve(before, { type: event.type, data: event.data } as LotEvent);
    if (event.type === 'BidPlaced') {
      const d = event.data as BidPlaced['data'];
      const answered = answers.get(d.bid_id);
      assert.ok(answered, `accepted bid ${d.bid_id} has an answer`);
      assert.is(answered!.bidder.id, d.bidder_id);
      assert.equal(answered!.res.json(), bidAnswer(before, after, d.bidder_id, d.bid_id));
    }
    before = after;
  }
  return { state, accepted: accepted.length, transactions: new Set(bids.map((b) => b.transaction_id)).size };
}

test('200 concurrent bids on one lot leave exactly the state a sequential replay gives, and lose no accepted bid', async () => {
  const { lotId } = await createLot(t.ctx, t.clock.now());
  const sent = await fire([t.app], lotId, 200);
  const { state, accepted, transactions } = await audit(lotId, sent);
  assert.ok(accepted >= 20 && accepted < 200, `a mix of accepted and refused bids (${accepted} accepted)`);
  assert.equal(lotWriters(t.ctx).get(lotId).snapshot.state, state, 'the writer holds what the stream says');
  assert.ok(transactions < accepted, `bids were committed in groups (${accepted} bids in ${transactions} appends)`);
});

test('two server processes bidding on one lot stay correct through the stream\'s optimistic concurrency', async () => {
  const { lotId } = await createLot(t.ctx, t.clock.now());
  const sent = await fire([t.app, app2], lotId, 200, 10);
  const { state, accepted } = await audit(lotId, sent);
  assert.ok(accepted >= 20, `${accepted} accepted`);
  const fromApp2 = sent.filter((s, i) => i % 2 === 1 && s.res.statusCode === 201).length;
  assert.ok(fromApp2 > 0 && fromApp2 < accepted, 'both processes placed bids');

  // Each process's writer catches up with the other's appends on its next command.
  // Someone other than the leader, so that the price moves (a leader raising their maximum leaves it where it is).
  const challenger = bidders.find((b) => b.id !== state.leaderId)!;
  const last = await postBid({ app: app2 }, challenger, { bid: '100000', lot: lotId });
  assert.is(last.statusCode, 201);
  const final = await replayLot(t.ctx, lotId);
  assert.equal(lotWriters(ctx2).get(lotId).snapshot.state, final.state);
  assert.is(final.state.leaderId, challenger.id);
  assert.ok(final.state.currentPrice! > state.currentPrice!);
});

test.run();
