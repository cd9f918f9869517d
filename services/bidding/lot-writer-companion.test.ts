/** The lot writer with companions: a capped bidder's bid commits alone with its cap append, and learning of a cap. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { LotWriter, type LotJob } from './lot-writer';
import { CompanionNeeded, type Companion } from './lot-job';
import { CappedBidders } from './capped-bidders';
import { FakeLotStream, writerDeps } from './fake-lot-stream';
import { spendingCapStream } from '../spending-cap/streams';
import { AUCTION, consigned, LOT, MID } from '../../domain/catalogue/lot/test-fixtures';
import { RuleBroken } from '../../domain/shared/errors';
import { rejects } from '../testing/rejects';

let n = 0;
const bid = (bidder: string, pounds: number, companion?: Companion): LotJob => {
  const id = ++n;
  return {
    build: (now) => ({ type: 'PlaceBid', lot_id: LOT, bid_id: `b${id}`, auto_bid_id: `a${id}`, bidder_id: bidder, max_bid: pounds * 100, bidder_registration_fee_paid: true, now }),
    metadata: { user_id: bidder },
    companion,
  };
};

/** A companion that records what it was shown and appends one event at cap version `expected`. */
function capCompanion(expected: number, refuseAbove: number | null = null) {
  const seen: { lotVersionAfter: number; leader: string | null }[] = [];
  const companion: Companion = {
    decide(_before, after, lotVersionAfter) {
      seen.push({ lotVersionAfter, leader: after.leaderId });
      if (refuseAbove !== null && after.leaderMax > refuseAbove) throw new RuleBroken('over your spending cap');
      return { streamId: spendingCapStream('cap', AUCTION), expected, events: [{ event_id: `c${lotVersionAfter}`, type: 'BidCountedAgainstCap', data: {} }] };
    },
  };
  return { companion, seen };
}

const tick = () => new Promise((r) => setImmediate(r));

function setup() {
  const stream = new FakeLotStream();
  stream.appendOther(consigned());
  const capped = new CappedBidders();
  return { stream, capped, writer: new LotWriter(LOT, writerDeps(stream, () => new Date(MID), capped)) };
}

test('a bid with a companion is committed alone, its companion in the same commit, told the lot version it reaches', async () => {
  const { stream, writer } = setup();
  await writer.submit(bid('alice', 10));
  stream.hold();
  const first = writer.submit(bid('bob', 20));
  await tick();
  const { companion, seen } = capCompanion(3);
  const rest = [writer.submit(bid('carol', 30)), writer.submit(bid('cap', 40, companion)), writer.submit(bid('dan', 50))];
  stream.release();
  await Promise.all([first, ...rest]);
  assert.equal(stream.commits, [1, 1, 1, 1, 1], 'carol, the capped bid and dan each in their own append');
  assert.equal(stream.companions.map((c) => c.expected), [3]);
  assert.equal(seen.at(-1), { lotVersionAfter: 5, leader: 'cap' });
});

test('a companion\'s refusal refuses the bid and leaves the lot as it was', async () => {
  const { stream, writer } = setup();
  await writer.submit(bid('alice', 10));
  const { companion } = capCompanion(1, 3_000);
  await rejects(() => writer.submit(bid('cap', 40, companion)), /over your spending cap/);
  const after = await writer.submit(bid('bob', 20));
  assert.is(after.after.leaderId, 'bob');
  assert.equal(stream.companions, []);
});

test('a guard naming a bidder\'s cap stream: the others commit, that bidder is asked for a companion from then on', async () => {
  const { stream, capped, writer } = setup();
  stream.existing.add(spendingCapStream('cap', AUCTION));
  stream.hold();
  const first = writer.submit(bid('alice', 10));
  await tick();
  const batch = [writer.submit(bid('bob', 20)), writer.submit(bid('cap', 30)), writer.submit(bid('carol', 40))];
  stream.release();
  await first;
  const [bob, cap, carol] = await Promise.allSettled(batch);
  assert.is(bob.status, 'fulfilled');
  assert.is(carol.status, 'fulfilled');
  assert.instance((cap as PromiseRejectedResult).reason, CompanionNeeded);
  assert.is(((cap as PromiseRejectedResult).reason as CompanionNeeded).auctionId, AUCTION);
  assert.is(stream.state().leaderId, 'carol');
  assert.ok(capped.needsCap(bid('cap', 50).build(MID), stream.state()));
  await rejects(() => writer.submit(bid('cap', 60)), CompanionNeeded);
});

test('the companion stream moved since the companion was decided: that bid asks for a fresh one, the lot is unchanged', async () => {
  const { stream, writer } = setup();
  await writer.submit(bid('alice', 10));
  const { WrongExpectedVersion } = await import('../../infra/event-store/types');
  stream.failNext = new WrongExpectedVersion(spendingCapStream('cap', AUCTION), 2, 3);
  const error = await rejects(() => writer.submit(bid('cap', 40, capCompanion(2).companion)), CompanionNeeded);
  assert.ok((error as CompanionNeeded).stale);
  const next = await writer.submit(bid('bob', 20));
  assert.is(next.after.leaderId, 'bob');
});

test.run();
