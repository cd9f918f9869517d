import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { WalletEvent } from './events';
import { balanceAt, lotOfEntry, orderOfEntry, replayWallet, type ReplayInput } from './replay';
import { captured, credited, debited, held, overdraftSet, released } from './test-fixtures';

/** Dates the events an hour apart from 10:00, stream positions 100 + version. */
function stream(events: WalletEvent[]): ReplayInput[] {
  return events.map((event, i) => ({
    position: 100 + i + 1, version: i + 1,
    event: { ...event, data: { ...event.data, at: new Date(Date.UTC(2026, 10, 21, 10 + i)).toISOString() } } as WalletEvent,
  }));
}

const ORDER = '5c1b2a44-0000-4000-8000-000000000001';
const LOT = '9a0f0c11-0000-4000-8000-000000000002';

const movements = (): WalletEvent[] => [
  credited(10_000, { entry_id: `sale-${LOT}`, kind: 'seller_proceeds', reference: LOT, description: 'Sale of lot 7' }),
  debited(500, { entry_id: `sale-${LOT}-commission`, kind: 'fee', reference: LOT, by: 'system', description: 'Seller commission (5%) on lot 7' }),
  debited(2_000, { entry_id: `order-${ORDER}-wallet`, kind: 'checkout', reference: ORDER, description: 'Used for order WA-1' }),
  credited(1_500, { entry_id: `order-${ORDER}-voucher-remainder`, kind: 'voucher_remainder', reference: 'BIG20', by: 'system' }),
  credited(300, { entry_id: 'adj-1', kind: 'adjustment', reference: null, by: 'staff-9', reason: 'Goodwill for a late delivery', description: 'Credit from the house' }),
  held(4_000, 'w-1'),
  captured(4_000, 'w-1'),
  held(1_000, 'w-2'),
  released(1_000, 'w-2', 'Withdrawal rejected: wrong account'),
  overdraftSet(2_000),
];

test('each event becomes an entry with its kind, amount and the balances right after it (the real evolve)', () => {
  const { entries, state } = replayWallet(stream(movements()));
  const rows = entries.map((e) => [e.kind, e.amount_pence, e.posted_change, e.available_change, e.after.posted, e.after.pending, e.after.available]);
  assert.equal(rows, [
    ['credit', 10_000, 10_000, 10_000, 10_000, 0, 10_000],
    ['fee', 500, -500, -500, 9_500, 0, 9_500],
    ['debit', 2_000, -2_000, -2_000, 7_500, 0, 7_500],
    ['credit', 1_500, 1_500, 1_500, 9_000, 0, 9_000],
    ['adjustment', 300, 300, 300, 9_300, 0, 9_300],
    ['hold', 4_000, 0, -4_000, 9_300, 4_000, 5_300],
    ['capture', 4_000, -4_000, 0, 5_300, 0, 5_300],
    ['hold', 1_000, 0, -1_000, 5_300, 1_000, 4_300],
    ['release', 1_000, 0, 1_000, 5_300, 0, 5_300],
    ['overdraft', 2_000, 0, 0, 5_300, 0, 5_300],
  ]);
  assert.equal([state.posted, state.overdraftLimit], [5_300, 2_000]);
  assert.is(entries.at(-1)?.after.overdraft_limit, 2_000);
  assert.equal(entries.map((e) => e.version), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
});

test('each entry links to its cause: lot, order, voucher (with its order), withdrawal, staff', () => {
  const { entries } = replayWallet(stream(movements()));
  assert.equal(entries.map((e) => e.caused_by), [
    { kind: 'lot', id: LOT }, { kind: 'lot', id: LOT }, { kind: 'order', id: ORDER }, { kind: 'voucher', id: 'BIG20' },
    { kind: 'staff', id: 'staff-9' }, { kind: 'withdrawal', id: 'w-1' }, { kind: 'withdrawal', id: 'w-1' },
    { kind: 'withdrawal', id: 'w-2' }, { kind: 'withdrawal', id: 'w-2' }, { kind: 'staff', id: 'staff-1' },
  ]);
  assert.equal(entries[3].related, [{ kind: 'order', id: ORDER }]);
  assert.equal(entries[4].actor, { id: 'staff-9', reason: 'Goodwill for a late delivery' });
  assert.equal(entries[8].actor, { id: 'staff-1', reason: 'Withdrawal rejected: wrong account' });
  assert.match(entries[6].description, /Paid out \(BACS 991\): Withdrawal to bank/);
  assert.equal([entries[6].entry_id, entries[9].entry_id, entries[9].detail_kind], ['w-1', null, null]);
});

test('balance as of an instant: after the last entry dated at or before it, zero before the first', () => {
  const { entries } = replayWallet(stream(movements()));
  assert.equal(balanceAt(entries, '2026-11-21T09:59:59.999Z'), { balances: { posted: 0, pending: 0, available: 0, overdraft_limit: 0 }, version: 0, entry: null });
  const atHold = balanceAt(entries, '2026-11-21T15:30:00.000Z');
  assert.equal([atHold.version, atHold.balances], [6, { posted: 9_300, pending: 4_000, available: 5_300, overdraft_limit: 0 }]);
  assert.is(balanceAt(entries, new Date('2026-11-21T15:00:00.000Z')).version, 6, 'an entry dated exactly then counts');
  assert.is(balanceAt(entries, '2030-01-01T00:00:00.000Z').version, 10);
});

test('an empty wallet replays to nothing', () => {
  const { entries, state } = replayWallet([]);
  assert.equal([entries.length, state.posted], [0, 0]);
  assert.is(balanceAt(entries, '2026-01-01T00:00:00Z').entry, null);
});

test('entry ids name their order or lot', () => {
  assert.is(orderOfEntry(`order-${ORDER}-wallet-refund`), ORDER);
  assert.is(orderOfEntry(`order-${ORDER}-settlement`), ORDER);
  assert.is(orderOfEntry('adj-1'), null);
  assert.is(lotOfEntry(`sale-${LOT}-reserve_fee`), LOT);
  assert.is(lotOfEntry(`sale-${LOT}`), LOT);
});

test.run();
