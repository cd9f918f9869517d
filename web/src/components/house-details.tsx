/**
 * The house's details a buyer pays or collects with: the bank account for a UK or international transfer
 * (GET /api/auction_settings/bank_data/) and the store (GET /api/auction_settings/contact_data/).
 */
import { useEffect, useState } from 'react';
import { Spinner } from './feedback';
import { fetchBankData, fetchStoreInfo, type BankData, type BankLocation, type StoreInfo } from '../api/house';

function useHouse<T>(load: () => Promise<T>): { data: T | null; failed: boolean } {
  const [state, setState] = useState<{ data: T | null; failed: boolean }>({ data: null, failed: false });
  useEffect(() => {
    let live = true;
    load().then((data) => live && setState({ data, failed: false }), () => live && setState({ data: null, failed: true }));
    return () => {
      live = false;
    };
  }, [load]);
  return state;
}

export const STORE_ADDRESS_FAILED = "Address can't be loaded.";

const useBankData = () => useHouse(fetchBankData);
export const useStoreInfo = () => useHouse(fetchStoreInfo);

function Rows({ rows }: { rows: [string, string | undefined][] }) {
  return (
    <dl className="checkout-details">
      {rows.filter(([, v]) => v).map(([k, v]) => (
        <div key={k} className="checkout-details__row">
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

function bankRows(bank: BankData, location: BankLocation): [string, string | undefined][] {
  return location === 'UK'
    ? [['Account name', bank.account_owner_uk], ['Sort code', bank.sort_code_uk], ['Account number', bank.account_number_uk]]
    : [['Account name', bank.account_owner_int], ['IBAN', bank.iban_int], ['BIC / SWIFT', bank.bic_swift_int], ['Bank address', bank.bank_address_int]];
}

export function BankDetails({ location, bank }: { location: BankLocation; bank?: BankData | null }) {
  const loaded = useBankData();
  const data = bank ?? loaded.data;
  if (!data) return loaded.failed ? <p className="form-error" role="alert">Our bank details can't be loaded. Please try again later.</p> : <Spinner label="Loading bank details" />;
  return (
    <div className="checkout-house" role="group" aria-label="Our bank details">
      <p className="checkout-house__title">Pay to</p>
      <Rows rows={bankRows(data, location)} />
    </div>
  );
}

export function StoreDetails({ store, title = 'Our store' }: { store?: StoreInfo | null; title?: string }) {
  const loaded = useStoreInfo();
  const data = store ?? loaded.data;
  if (!data) return loaded.failed ? <p className="form-error" role="alert">{STORE_ADDRESS_FAILED}</p> : <Spinner label="Loading the store address" />;
  if (!data.jw_address) return <p className="form-error" role="alert">{STORE_ADDRESS_FAILED}</p>;
  return (
    <div className="checkout-house" role="group" aria-label={title}>
      <p className="checkout-house__title">{title}</p>
      <p className="checkout-house__address">{data.jw_address}</p>
      {!!data.jw_working_hours?.length && <Rows rows={data.jw_working_hours.map((h) => [h.key, h.value])} />}
      {data.jw_contact_phone && <p className="checkout-house__phone">Telephone <a href={`tel:${data.jw_contact_phone.replace(/\s+/g, '')}`}>{data.jw_contact_phone}</a></p>}
    </div>
  );
}
