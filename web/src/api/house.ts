/** The house's bank details (for a bank transfer) and its store (address, hours, phone), read once per page load. */
import type { HouseBankData, HouseContactData } from './contract';
import { get } from './http';
import { unwrap } from '../lib/normalize';

/** The bank location choice of a bank transfer: it decides UK_BANK or INT_BANK. */
export type BankLocation = 'UK' | 'INT';

export type BankData = HouseBankData;
export type StoreInfo = HouseContactData;

let bankData: Promise<BankData> | null = null;
export function fetchBankData(): Promise<BankData> {
  bankData ??= get('/api/auction_settings/bank_data/').then((d) => unwrap<BankData>(d)).catch((e) => {
    bankData = null;
    throw e;
  });
  return bankData;
}

let storeInfo: Promise<StoreInfo> | null = null;
export function fetchStoreInfo(): Promise<StoreInfo> {
  storeInfo ??= get('/api/auction_settings/contact_data/').then((d) => unwrap<StoreInfo>(d)).catch((e) => {
    storeInfo = null;
    throw e;
  });
  return storeInfo;
}
