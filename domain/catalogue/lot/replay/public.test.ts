/** The public "How this price was reached" view: anonymised, and never a secret the bid history does not imply. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { WithdrawLot } from '../commands';
import type { LotEvent } from '../events';
import { bid, changeReserve, close, history, MID } from '../test-fixtures';
import { replayLot } from './replay';
import { compareWithLive } from './compare';
import type { LiveLotFigures } from './types';

const pub = (events: LotEvent[]) => replayLot(events, { audience: 'public' });

test('bidders are Bidder 1, 2, 3 by first bid, the same in every step; no real id anywhere', () => {
  const h = history({ reserve_price_pence: 5_000 }, bid('alice', 40_000), bid('bob', 15_000), bid('carol', 40_000), bid('bob', 60_000), bid('alice', 80_000), close('2025-03-09T00:00:00.000Z'));
  const r = pub(h);
  assert.equal(r.entries.map((e) => e.actor), ['Auction house', 'Bidder 1', 'Bidder 2', 'Bidder 3', 'Bidder 2', 'Bidder 1', 'System']);
  const json = JSON.stringify(r);
  for (const secret of ['alice', 'bob', 'carol', 'seller', 'staff']) assert.not.ok(json.includes(secret), `"${secret}" must not appear`);
  assert.ok(r.entries.every((e) => e.actor_id === null && e.leader_id === null && e.max_bid === null && e.leader_max === null && e.reserve_price === null));
  assert.is(r.entries[2]!.text, "Bidder 2's maximum £150 against Bidder 1's £400: price = min(£400, £150 + £10 step) = £160, Bidder 1 leads.");
});

test('the current leader\'s maximum is never shown while open; a beaten maximum is', () => {
  const r = pub(history({}, bid('alice', 40_000), bid('bob', 15_000)));
  assert.is(r.entries[1]!.text, "Bidder 1's maximum (secret), the first bid: price = the opening bid £10, Bidder 1 leads.");
  assert.is(r.entries[2]!.text, "Bidder 2's maximum £150 against Bidder 1's maximum (secret): price = min(Bidder 1's maximum, £150 + £10 step) = £160, Bidder 1 leads.");
  assert.not.ok(JSON.stringify(r).includes('£400'));
  // Once Carol's maximum passes it, Alice's £400 is implied by the history (her automatic line at £400).
  const later = pub(history({}, bid('alice', 40_000), bid('bob', 15_000), bid('carol', 90_000)));
  assert.is(later.entries[3]!.text, "Bidder 3's maximum (secret) against Bidder 1's £400: price = min(Bidder 3's maximum, £400 + £10 step) = £410, Bidder 3 leads.");
  assert.not.ok(JSON.stringify(later).includes('£900'));
});

test('after the close the winner\'s maximum stays hidden; a raise names no amounts', () => {
  const r = pub(history({}, bid('alice', 5_000), bid('bob', 2_000), bid('alice', 9_000), close()));
  assert.is(r.entries[3]!.text, 'Bidder 1, already leading, raises their own maximum (amounts secret): a raise is silent, the price stays £25.');
  assert.is(r.entries[4]!.text, 'The lot closes at 2025-03-08 20:00:00 UTC: sold to Bidder 1 at the hammer price £25.');
  assert.not.ok(/£50|£90/.test(JSON.stringify(r)));
});

test('the reserve amount stays private unless the price jumped to it', () => {
  const notMet = pub(history({ reserve_price_pence: 20_000 }, bid('alice', 15_000), changeReserve(30_000), close()));
  assert.not.ok(/£200|£300/.test(JSON.stringify(notMet)));
  assert.is(notMet.entries[2]!.text, 'Seller changes the reserve (the amount is private): the price stays £10 and the reserve is not met.');
  assert.is(notMet.entries[3]!.text, 'The lot closes at 2025-03-08 20:00:00 UTC: unsold, the highest bid £10 did not reach the reserve.');
  const jumped = pub(history({}, bid('alice', 5_000), bid('bob', 3_000), changeReserve(4_000)));
  assert.is(jumped.entries[3]!.text, "Seller changes the reserve (the amount is private): Bidder 1's maximum covers it, so the price jumps from £35 to the reserve £40.");
});

test('a withdrawal: the reason is for auditors only', () => {
  const withdraw: WithdrawLot = { type: 'WithdrawLot', lot_id: 'lot-1', reason: 'Cork failure', by: 'staff-2', now: MID };
  const h = history({}, bid('alice', 5_000), withdraw);
  assert.equal(pub(h).entries.slice(2).map((e) => e.text), [
    'Auction house withdraws the lot at 2025-03-07 20:00:00 UTC.',
    'The lot closes with the withdrawal at 2025-03-07 20:00:00 UTC: no winner (the price had reached £10).',
  ]);
  const audited = replayLot(h, { audience: 'auditor', name: (id) => (id === 'staff-2' ? 'Sam Staff' : undefined) });
  assert.is(audited.entries[2]!.text, 'Sam Staff withdraws the lot at 2025-03-07 20:00:00 UTC, reason: "Cork failure".');
  assert.equal([audited.mismatches, audited.outcome.status], [0, 'withdrawn']);
});

const live = (over: Partial<LiveLotFigures> = {}): LiveLotFigures => ({
  version: 4, status: 'sold', current_price: 2_500, leader_id: 'alice', winner_id: 'alice', hammer_price: 2_500, ends_at: '2025-03-08T20:00:00.000Z',
  bid_count: 3, reserve_met: true, reserve_price: null, ...over,
});

test('the comparison with the live read model: matches, differs loudly, or compares at the version applied', () => {
  const r = replayLot(history({}, bid('alice', 5_000), bid('bob', 2_000), close()), { audience: 'auditor', name: (id) => id.toUpperCase() });
  const same = compareWithLive(r, live());
  assert.equal([same.matches, same.text], [true, 'Replay matches the live lot: price £25, winner ALICE, ended 2025-03-08 20:00:00 UTC.']);
  const wrong = compareWithLive(r, live({ current_price: 3_000, winner_id: 'bob' }));
  assert.is(wrong.matches, false);
  assert.equal(wrong.differences, [{ field: 'current_price', replay: '£25', live: '£30' }, { field: 'winner_id', replay: 'alice', live: 'bob' }]);
  assert.is(wrong.text, 'THE REPLAY DOES NOT MATCH THE LIVE LOT: current_price: replay £25, live £30; winner_id: replay alice, live bob.');
  // A read model one event behind (the close not applied yet) is compared with the replay at that version.
  const behind = compareWithLive(r, live({ version: 3, status: 'open', winner_id: null, hammer_price: null }));
  assert.equal([behind.matches, behind.version], [true, 3]);
  assert.throws(() => compareWithLive(pub(history({})), live()));
});

test.run();
