/**
 * Choose Service Method: ship (the default), store (45 days free), collect in store, and settle the wallet, offered
 * only while the wallet balance is negative (spec 1 section 4).
 */
import { useId } from 'react';
import { formatPence, type Pence } from '../../lib/money';
import { SERVICE_LABELS } from './rules';
import type { Service } from './types';

const NOTES: Record<Service, string> = {
  delivery: 'We pack your bottles and send them to your address, insured by default.',
  storage: 'We keep your bottles in our bonded warehouse: 45 days free, longer periods available.',
  collection: 'Collect your bottles from our store in person.',
  wallet_settle: 'Pay off the negative balance of your wallet.',
};

interface Props {
  value: Service;
  walletBalance: Pence | null;
  onChange: (service: Service) => void;
  disabled?: boolean;
}

export function ServiceChoice({ value, walletBalance, onChange, disabled }: Props) {
  const name = useId();
  const settle = walletBalance !== null && walletBalance < 0;
  const services: Service[] = ['delivery', 'storage', 'collection', ...(settle ? (['wallet_settle'] as const) : [])];
  return (
    <fieldset className="checkout-options checkout-options--services" disabled={disabled}>
      <legend className="visually-hidden">Service method</legend>
      {services.map((s) => (
        <label key={s} className={`checkout-option checkout-option--${s}`}>
          <input type="radio" name={name} value={s} checked={value === s} onChange={() => onChange(s)} />
          <span className="checkout-option__text">
            <span className="checkout-option__label">
              {SERVICE_LABELS[s]}
              {s === 'storage' && <span className="checkout-option__badge">45 days free</span>}
            </span>
            <span className="checkout-option__note">
              {s === 'wallet_settle' && walletBalance !== null ? `Your wallet is at ${formatPence(walletBalance)}. ${NOTES[s]}` : NOTES[s]}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
