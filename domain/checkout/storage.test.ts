import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValidationError } from '../shared/errors';
import {
  assertOfferedPeriod, freeStorageEnds, lateStorageDays, lateStorageFeePence, storageExpiry, storagePeriodOptions,
  storagePeriodPence, storedLotStorageExpiry, wonLotStorage,
} from './storage';
import { NOW, daysAgo, daysFromNow } from './test-fixtures';

const months = (value: number) => ({ storage_type: 'months' as const, value });
const FREE = { storage_type: 'days' as const, value: 45 };

test('the storage period options: 45 free days, then 3, 6 and 12 months at £3 per lot per month', () => {
  assert.equal(storagePeriodOptions(2), [
    { key: '45_days', value: 45, amount_pence: 0, storage_type: 'days' },
    { key: '3_months', value: 3, amount_pence: 1800, storage_type: 'months' },
    { key: '6_months', value: 6, amount_pence: 3600, storage_type: 'months' },
    { key: '12_months', value: 12, amount_pence: 7200, storage_type: 'months' },
  ]);
  assert.equal(storagePeriodOptions(0).map((o) => o.amount_pence), [0, 0, 0, 0]);
  assert.is(storagePeriodPence(months(12), 3), 10800);
  assert.is(storagePeriodPence(FREE, 3), 0);
  assert.is(storagePeriodPence(null, 3), 0);
});

test('only the offered periods are accepted', () => {
  for (const ok of [FREE, months(3), months(6), months(12)]) assertOfferedPeriod(ok);
  const refused = (choice: Parameters<typeof assertOfferedPeriod>[0], field: string) => {
    try {
      assertOfferedPeriod(choice);
      assert.unreachable('accepted');
    } catch (e) {
      assert.instance(e, ValidationError);
      assert.equal((e as ValidationError).fields, { [field]: ['Choose one of the offered storage periods.'] });
    }
  };
  refused({ storage_type: 'days', value: 90 }, 'storage_days');
  refused(months(1), 'storage_months');
  refused(months(24), 'storage_months');
});

test('a won lot within its 45 free days owes nothing; the free days end 45 days after the auction', () => {
  assert.is(freeStorageEnds('2026-01-01T10:00:00.000Z'), '2026-02-15T10:00:00.000Z');
  const lot = { auction_ended_at: daysAgo(45) };
  assert.equal(wonLotStorage(lot, null, NOW), { owed_months: 0, owed_pence: 0, expires_at: NOW });
});

test('a won lot past its free days owes £3 per started 30 days, and those blocks extend its storage', () => {
  const justPast = wonLotStorage({ auction_ended_at: daysAgo(45.01) }, null, NOW);
  assert.is(justPast.owed_pence, 300);
  assert.is(justPast.expires_at, daysFromNow(29.99));
  assert.is(wonLotStorage({ auction_ended_at: daysAgo(75) }, null, NOW).owed_pence, 300);
  assert.is(wonLotStorage({ auction_ended_at: daysAgo(75.5) }, null, NOW).owed_pence, 600);
  // 200 days after the auction: 155 days past the free ones = 6 started blocks (the free option buys nothing more)
  assert.is(wonLotStorage({ auction_ended_at: daysAgo(200) }, FREE, NOW).owed_pence, 1800);
});

test('a bought period starts where the free days end, so it covers time already spent past them', () => {
  const lot = { auction_ended_at: daysAgo(100) }; // 55 days past the free period
  assert.equal(wonLotStorage(lot, months(3), NOW), { owed_months: 0, owed_pence: 0, expires_at: daysFromNow(35) });
  const longAgo = { auction_ended_at: daysAgo(150) }; // 105 days past: 3 months cover 90, 15 more days owed
  assert.equal(wonLotStorage(longAgo, months(3), NOW), { owed_months: 1, owed_pence: 300, expires_at: daysFromNow(15) });
  assert.is(storageExpiry({ auction_ended_at: daysAgo(1) }, months(6), NOW), daysFromNow(44 + 180));
  assert.is(storageExpiry({ auction_ended_at: daysAgo(1) }, FREE, NOW), daysFromNow(44));
});

test('late storage fee: £1 per started day past the paid storage, nothing up to its end', () => {
  assert.is(lateStorageFeePence(daysFromNow(1), NOW), 0);
  assert.is(lateStorageFeePence(NOW, NOW), 0);
  assert.is(lateStorageFeePence(daysAgo(0.001), NOW), 100);
  assert.is(lateStorageFeePence(daysAgo(1), NOW), 100);
  assert.is(lateStorageFeePence(daysAgo(3.2), NOW), 400);
  assert.is(lateStorageDays(daysAgo(10), NOW), 10);
});

test('a stored lot extended: the late days are paid by the fee, the new period starts after them', () => {
  assert.is(storedLotStorageExpiry({ storage_expires_at: daysFromNow(10) }, months(3), NOW), daysFromNow(100));
  assert.is(storageExpiry({ storage_expires_at: daysAgo(3.2) }, months(3), NOW), daysFromNow(0.8 + 90));
  assert.is(storageExpiry({ storage_expires_at: daysAgo(3.2) }, FREE, NOW), daysFromNow(0.8));
});

test.run();
