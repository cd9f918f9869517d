/**
 * Select Storage Period (storage only): the periods POST /api/checkout/storage_periods/ offers for the won lots and
 * the stored lots chosen (45 days free, 3, 6 or 12 months), priced for all of them.
 */
import { useEffect, useId, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Spinner } from '../../components/feedback';
import { formatGBP } from '../../lib/money';
import { fetchStorageOptions } from './api';
import { checkout } from './checkout-store';
import { STORAGE_LOAD_FAILED } from './summary-rules';
import type { StorageOption } from './types';

const periodLabel = (o: StorageOption) =>
  o.storage_type === 'days' ? `${o.value} days` : o.value === 12 ? '12 months (1 year)' : `${o.value} months`;

export function StoragePeriodSection() {
  const snap = useSnapshot(checkout);
  const { draft } = snap;
  const [options, setOptions] = useState<StorageOption[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [nonce, setNonce] = useState(0);
  const name = useId();
  const lots = [...draft.lots_from_storage].sort().join(',');

  // biome-ignore lint/correctness/useExhaustiveDependencies: nonce is the reload trigger
  useEffect(() => {
    const ctrl = new AbortController();
    setFailed(false);
    fetchStorageOptions(lots ? lots.split(',') : [], ctrl.signal).then(
      (list) => setOptions(list),
      () => {
        if (ctrl.signal.aborted) return;
        setOptions(null);
        setFailed(true);
      },
    );
    return () => ctrl.abort();
  }, [lots, nonce]);

  const chosen = (o: StorageOption) =>
    o.storage_type === draft.storage_type && (o.storage_type === 'days' ? o.value === draft.storage_days : o.value === draft.storage_months);

  const choose = (o: StorageOption) => {
    const d = checkout.draft;
    d.storage_type = o.storage_type;
    if (o.storage_type === 'days') {
      d.storage_days = o.value;
      d.storage_months = 0;
    } else {
      d.storage_months = o.value;
    }
  };

  if (failed) {
    return (
      <div className="error-note" role="alert">
        <p>{STORAGE_LOAD_FAILED}</p>
        <button type="button" className="button button--ghost button--small" onClick={() => setNonce((n) => n + 1)}>Try again</button>
      </div>
    );
  }
  if (!options) return <Spinner label="Loading storage periods" />;
  return (
    <fieldset className="checkout-options checkout-options--grid">
      <legend className="visually-hidden">Storage period</legend>
      {options.map((o) => (
        <label key={o.key} className="checkout-option checkout-option--period">
          <input type="radio" name={name} value={o.key} checked={chosen(o)} onChange={() => choose(o)} />
          <span className="checkout-option__text">
            <span className="checkout-option__label">{periodLabel(o)}</span>
            <span className="checkout-option__note">{Number(o.amount) === 0 ? 'Free' : formatGBP(o.amount)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
