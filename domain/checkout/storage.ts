/**
 * Storage (product rules): 45 days free after the auction ends, then £3 per lot per 30 days, bought in periods of
 * 3, 6 or 12 months (a storage month is 30 days, so one month = one £3 block). Lots left past their paid storage
 * accrue £1 per lot per started day. How the periods chain: docs/checkout.md "Pricing".
 */
import { ValidationError } from '../shared/errors';
import type { Pence } from '../shared/money';
import { DAY_MS, instant } from './rates';
import type { PricedLot, StoredLot, StoragePeriodChoice } from './types';

export const FREE_STORAGE_DAYS = 45;
export const STORAGE_MONTH_DAYS = 30;
export const STORAGE_FEE_PENCE_PER_MONTH = 300;
export const LATE_STORAGE_FEE_PENCE_PER_DAY = 100;
export const STORAGE_MONTH_OPTIONS = [3, 6, 12] as const;

export const FREE_STORAGE: StoragePeriodChoice = { storage_type: 'days', value: FREE_STORAGE_DAYS };

interface StoragePeriodOption {
  key: string;
  value: number;
  amount_pence: Pence;
  storage_type: 'days' | 'months';
}

/** The options of POST /api/checkout/storage_periods/ for `lotCount` lots (won and stored together). */
export function storagePeriodOptions(lotCount: number): StoragePeriodOption[] {
  return [
    { key: `${FREE_STORAGE_DAYS}_days`, value: FREE_STORAGE_DAYS, amount_pence: 0, storage_type: 'days' },
    ...STORAGE_MONTH_OPTIONS.map((months) => ({
      key: `${months}_months`,
      value: months,
      amount_pence: lotCount * months * STORAGE_FEE_PENCE_PER_MONTH,
      storage_type: 'months' as const,
    })),
  ];
}

/** Refuses a period that is not one of the offered options (the only `days` option is the free 45 days). */
export function assertOfferedPeriod(choice: StoragePeriodChoice): void {
  if (choice.storage_type === 'days' && choice.value !== FREE_STORAGE_DAYS) {
    throw new ValidationError({ storage_days: ['Choose one of the offered storage periods.'] });
  }
  if (choice.storage_type === 'months' && !(STORAGE_MONTH_OPTIONS as readonly number[]).includes(choice.value)) {
    throw new ValidationError({ storage_months: ['Choose one of the offered storage periods.'] });
  }
}

/** Days a period buys beyond what the lot already has: the free 45 days buy nothing more (they come with the win). */
function boughtDays(choice: StoragePeriodChoice | null): number {
  return choice?.storage_type === 'months' ? choice.value * STORAGE_MONTH_DAYS : 0;
}

/** The price of a period for `lotCount` lots. */
export function storagePeriodPence(choice: StoragePeriodChoice | null, lotCount: number): Pence {
  return choice?.storage_type === 'months' ? lotCount * choice.value * STORAGE_FEE_PENCE_PER_MONTH : 0;
}

const addDays = (ms: number, days: number) => new Date(ms + days * DAY_MS).toISOString();
const startedUnits = (ms: number, unitMs: number) => (ms <= 0 ? 0 : Math.ceil(ms / unitMs));

/** End of a won lot's free storage: the auction's end + 45 days. */
export function freeStorageEnds(auctionEndedAt: string): string {
  return addDays(instant(auctionEndedAt), FREE_STORAGE_DAYS);
}

/**
 * A won lot's storage at `now`: a bought period starts where the free 45 days end (it covers any time already
 * spent past them); time past both is owed at £3 per started 30 days (`owed_pence`, the price summary's
 * delivery_storage_amount) and those paid blocks extend the expiry, so `expires_at` is never before `now`.
 */
export function wonLotStorage(lot: Pick<PricedLot, 'auction_ended_at'>, choice: StoragePeriodChoice | null, now: string) {
  const paidUntil = instant(freeStorageEnds(lot.auction_ended_at)) + boughtDays(choice) * DAY_MS;
  const owedMonths = startedUnits(instant(now) - paidUntil, STORAGE_MONTH_DAYS * DAY_MS);
  return {
    owed_months: owedMonths,
    owed_pence: owedMonths * STORAGE_FEE_PENCE_PER_MONTH,
    expires_at: addDays(paidUntil, owedMonths * STORAGE_MONTH_DAYS),
  };
}

/** Started days a stored lot is past its paid storage at `now` (0 while within it; exactly at the end: 0). */
export function lateStorageDays(storageExpiresAt: string, now: string): number {
  return startedUnits(instant(now) - instant(storageExpiresAt), DAY_MS);
}

/** The late storage fee of one stored lot: £1 per started day past its paid storage. */
export function lateStorageFeePence(storageExpiresAt: string, now: string): Pence {
  return lateStorageDays(storageExpiresAt, now) * LATE_STORAGE_FEE_PENCE_PER_DAY;
}

/**
 * A stored lot's new expiry: the late days are paid by the late fee (a penalty, owed whatever is bought next), so a
 * bought period starts after them: current expiry + late days + the period.
 */
export function storedLotStorageExpiry(lot: Pick<StoredLot, 'storage_expires_at'>, choice: StoragePeriodChoice | null, now: string): string {
  const late = lateStorageDays(lot.storage_expires_at, now);
  return addDays(instant(lot.storage_expires_at), late + boughtDays(choice));
}

/** The new storage expiry of a lot in a storage order (won: from its free 45 days; stored: from its paid storage). */
export function storageExpiry(lot: Pick<PricedLot, 'auction_ended_at'> | Pick<StoredLot, 'storage_expires_at'>, choice: StoragePeriodChoice | null, now: string): string {
  return 'storage_expires_at' in lot ? storedLotStorageExpiry(lot, choice, now) : wonLotStorage(lot, choice, now).expires_at;
}
