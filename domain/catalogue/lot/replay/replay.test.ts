/**
 * The replay of the bidding rules' given/when/then scenarios (place-bid, soft-close, change-reserve, close-lot
 * tests): each scenario's history goes through replayLot, and the step the scenario is about must state the price
 * that scenario expects, in words and numbers.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { LotEvent } from '../events';
import { beforeEnd, bid, changeReserve, close, history, END_MS, ENDS_AT } from '../test-fixtures';
import { replayLot } from './replay';

const audit = (events: LotEvent[]) => replayLot(events, { audience: 'auditor' });
/** The explanation of the last step of a scenario's history. */
const lastText = (events: LotEvent[]) => audit(events).entries.at(-1)!.text;
const iso = (ms: number) => new Date(ms).toISOString();

test('first bid at the opening bid', () => {
  assert.is(lastText(history({}, bid('alice', 1_000))), "alice's maximum £10, the first bid: price = the opening bid £10, alice leads.");
});

test('a lone bidder with a high maximum pays only the opening bid', () => {
  assert.is(lastText(history({}, bid('alice', 8_000))), "alice's maximum £80, the first bid: price = the opening bid £10, alice leads.");
});

test('proxy: the leader answers one step above a lower challenger (£25)', () => {
  assert.is(lastText(history({}, bid('alice', 5_000), bid('bob', 2_000))), "bob's maximum £20 against alice's £50: price = min(£50, £20 + £5 step) = £25, alice leads.");
});

test('proxy: the answer is capped at the leader maximum (£50)', () => {
  assert.is(lastText(history({}, bid('alice', 5_000), bid('bob', 4_800))), "bob's maximum £48 against alice's £50: price = min(£50, £48 + £5 step) = £50, alice leads.");
});

test('proxy: the step at the CHALLENGER maximum (£103, not £108)', () => {
  assert.is(lastText(history({}, bid('alice', 20_000), bid('bob', 9_800))), "bob's maximum £98 against alice's £200: price = min(£200, £98 + £5 step) = £103, alice leads.");
});

test('proxy: the issue\'s example, £150 against £400 is £160', () => {
  assert.is(lastText(history({}, bid('alice', 40_000), bid('bob', 15_000))), "bob's maximum £150 against alice's £400: price = min(£400, £150 + £10 step) = £160, alice leads.");
});

test('a higher challenger takes the lead at the old maximum plus ITS step (£103)', () => {
  const r = audit(history({}, bid('alice', 9_800), bid('bob', 20_000)));
  assert.is(r.entries.at(-1)!.kind, 'outbid');
  assert.is(r.entries.at(-1)!.text, "bob's maximum £200 against alice's £98: price = min(£200, £98 + £5 step) = £103, bob leads.");
});

test('a higher challenger pays no more than their own maximum (£52)', () => {
  assert.is(lastText(history({}, bid('alice', 5_000), bid('bob', 5_200))), "bob's maximum £52 against alice's £50: price = min(£52, £50 + £5 step) = £52, bob leads.");
});

test('ties: the earlier maximum wins at that maximum (£50)', () => {
  const r = audit(history({}, bid('alice', 5_000), bid('bob', 5_000)));
  assert.is(r.entries.at(-1)!.kind, 'tie');
  assert.is(r.entries.at(-1)!.text, "bob's maximum £50 equals alice's £50: price = min(£50, £50 + £5 step) = £50; a tie is won by the earlier maximum, alice leads.");
  assert.is(r.entries.at(-1)!.leader_id, 'alice');
});

test('the leader raises their maximum without moving the price (£25 stays)', () => {
  const r = audit(history({}, bid('alice', 5_000), bid('bob', 2_000), bid('alice', 8_000)));
  assert.is(r.entries.at(-1)!.kind, 'raise');
  assert.is(r.entries.at(-1)!.text, 'alice, already leading, raises their own maximum from £50 to £80: a raise is silent, the price stays £25.');
});

test('an outbid bidder bids again and takes the lead (£55)', () => {
  assert.is(lastText(history({}, bid('alice', 5_000), bid('bob', 2_000), bid('bob', 9_000))), "bob's maximum £90 against alice's £50: price = min(£90, £50 + £5 step) = £55, bob leads.");
});

test('reserve jump: a first maximum over the reserve moves the price to the reserve (£200)', () => {
  assert.is(
    lastText(history({ reserve_price_pence: 20_000 }, bid('alice', 30_000))),
    "alice's maximum £300, the first bid: price = the opening bid £10, raised to the reserve £200 (alice's maximum covers it), alice leads.",
  );
});

test('reserve not met: the price stays at £10 below the reserve', () => {
  assert.is(
    lastText(history({ reserve_price_pence: 20_000 }, bid('alice', 15_000))),
    "alice's maximum £150, the first bid: price = the opening bid £10, alice leads. The reserve £200 is not met yet.",
  );
});

test('reserve jump when a challenger takes the lead past the reserve (£200, not £160)', () => {
  assert.is(
    lastText(history({ reserve_price_pence: 20_000 }, bid('alice', 15_000), bid('bob', 25_000))),
    "bob's maximum £250 against alice's £150: price = min(£250, £150 + £10 step) = £160, raised to the reserve £200 (bob's maximum covers it), bob leads.",
  );
});

test('reserve jump when the leader raises to the reserve (£200)', () => {
  assert.is(
    lastText(history({ reserve_price_pence: 20_000 }, bid('alice', 5_000), bid('alice', 20_000))),
    'alice, already leading, raises their own maximum from £50 to £200: it now covers the reserve, so the price jumps from £10 to the reserve £200.',
  );
});

test('soft close: a bid in the last 3 minutes moves the end, old and new end stated', () => {
  const r = audit(history({}, bid('alice', 1_000, beforeEnd(60))));
  assert.is(r.entries.at(-1)!.text, "alice's maximum £10, the first bid: price = the opening bid £10, alice leads. Placed within 3 minutes of the end: the end moves from 2025-03-08 20:00:00 UTC to 2025-03-08 20:02:00 UTC.");
  assert.equal([r.entries.at(-1)!.extended, r.entries.at(-1)!.previous_ends_at, r.entries.at(-1)!.ends_at], [true, ENDS_AT, iso(END_MS + 120_000)]);
});

test('soft close: extensions chain (end +120 s, then +280 s)', () => {
  const r = audit(history({}, bid('alice', 1_000, beforeEnd(60)), bid('bob', 5_000, beforeEnd(-100))));
  assert.match(r.entries.at(-1)!.text, /the end moves from 2025-03-08 20:02:00 UTC to 2025-03-08 20:04:40 UTC\.$/);
  assert.is(r.outcome.ends_at, iso(END_MS + 280_000));
});

test('reserve change within the leader maximum: the price jumps to it (£40)', () => {
  assert.is(
    lastText(history({}, bid('alice', 5_000), bid('bob', 3_000), changeReserve(4_000))),
    "seller changes the reserve from none to £40: alice's maximum £50 covers it, so the price jumps from £35 to the reserve £40.",
  );
});

test('reserve change above the leader maximum: not met, the price stays £35', () => {
  assert.is(
    lastText(history({}, bid('alice', 5_000), bid('bob', 3_000), changeReserve(6_000))),
    'seller changes the reserve from none to £60: the price stays £35 and the reserve is not met.',
  );
});

test('close: sold to the leader at the hammer price (£35)', () => {
  const r = audit(history({}, bid('alice', 5_000), bid('bob', 3_000), close('2025-03-08T20:00:05.000Z')));
  assert.is(r.entries.at(-1)!.text, 'The lot closes at 2025-03-08 20:00:00 UTC: sold to alice (maximum £50) at the hammer price £35.');
  assert.equal([r.outcome.status, r.outcome.winner_id, r.outcome.hammer_price], ['sold', 'alice', 3_500]);
  assert.is(r.outcome.text, 'The replay ends with the lot sold to alice at the hammer price £35, ended 2025-03-08 20:00:00 UTC.');
});

test('close: unsold when the reserve was not met (highest bid £10)', () => {
  assert.is(
    lastText(history({ reserve_price_pence: 20_000 }, bid('alice', 15_000), close())),
    'The lot closes at 2025-03-08 20:00:00 UTC: unsold, the highest bid £10 did not reach the reserve £200.',
  );
});

test('close: unsold with no bids', () => {
  assert.is(lastText(history({}, close())), 'The lot closes at 2025-03-08 20:00:00 UTC: unsold, there were no bids.');
});

test('every scenario replays without a mismatch: the live decider produces each stored event again', () => {
  const h = history({ reserve_price_pence: 20_000 }, bid('alice', 15_000), bid('bob', 25_000), bid('carol', 25_000), changeReserve(22_000), bid('alice', 40_000, beforeEnd(30)), close(iso(END_MS + 150_000)));
  const r = audit(h);
  assert.is(r.mismatches, 0, r.entries.map((e) => e.mismatch).join('\n'));
  assert.equal(r.entries.map((e) => e.kind), ['consigned', 'first_bid', 'outbid', 'tie', 'reserve_changed', 'outbid', 'closed']);
  assert.equal([r.outcome.status, r.outcome.price, r.outcome.winner_id, r.outcome.ends_at], ['sold', 26_000, 'alice', iso(END_MS + 150_000)]);
});

test('a stored event the rules would not decide is flagged loudly as a mismatch', () => {
  const h = history({}, bid('alice', 5_000), bid('bob', 2_000));
  const bad = structuredClone(h) as LotEvent[];
  const placed = bad[2]!;
  if (placed.type !== 'BidPlaced') throw new Error('fixture');
  placed.data.current_price = 3_000; // the rules say £25
  const r = audit(bad);
  assert.is(r.mismatches, 1);
  assert.match(r.entries[2]!.mismatch!, /current_price: the event says 3000, the rules say 2500/);
  assert.ok(r.entries[2]!.text.startsWith('MISMATCH: '));
  // A bid the rules refuse outright (below the next acceptable bid) is flagged too.
  const refused = structuredClone(h) as LotEvent[];
  const extra = structuredClone(refused[2]!) as Extract<LotEvent, { type: 'BidPlaced' }>;
  extra.data.bidder_id = 'carol';
  extra.data.max_bid = 2_600;
  refused.push(extra);
  assert.match(audit(refused).entries[3]!.mismatch!, /refuse this event \(Your bid must be at least £30\.\)/);
});

test.run();
