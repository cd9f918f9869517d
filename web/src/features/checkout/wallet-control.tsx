/**
 * The wallet control (spec 1 sections 4 and 5): collapsed, then the amount entry (required, above 0, at most the
 * balance; the default is the smaller of the balance and what is left to pay), then the amount applied with Remove.
 */
import { useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { Field } from '../../components/field';
import { formatPence, penceToDecimal, toPence } from '../../lib/money';
import { checkout } from './checkout-store';
import { defaultWalletUse, payableBeforeWallet, walletAmountError } from './summary-rules';

export function WalletControl({ disabled }: { disabled?: boolean }) {
  const snap = useSnapshot(checkout);
  const balance = snap.walletBalance ?? 0;
  const used = toPence(snap.draft.used_from_wallet) ?? 0;
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const serverError = snap.costs.fields.used_from_wallet ?? snap.orderFields.used_from_wallet;

  const start = () => {
    const summary = checkout.costs.summary;
    const use = defaultWalletUse(balance, summary ? payableBeforeWallet(summary) : balance);
    setAmount(penceToDecimal(use));
    setError(null);
    setOpen(true);
  };

  const apply = (e: FormEvent) => {
    e.preventDefault();
    const problem = walletAmountError(amount, balance);
    setError(problem);
    if (problem) return;
    checkout.draft.used_from_wallet = penceToDecimal(toPence(amount)!);
    setOpen(false);
  };

  if (used > 0) {
    return (
      <div className="checkout-control checkout-control--applied">
        <p className="checkout-control__applied">
          <span>From your wallet</span>
          <span className="checkout-control__amount">−{formatPence(used)}</span>
        </p>
        {serverError && <p className="field-error" role="alert">{serverError}</p>}
        <button type="button" className="link-button" disabled={disabled} onClick={() => { checkout.draft.used_from_wallet = '0.00'; }}>Remove</button>
      </div>
    );
  }
  if (!open) {
    return (
      <button type="button" className="checkout-control__toggle" disabled={disabled} onClick={start}>
        <span aria-hidden="true">+</span> Use my wallet balance <span className="checkout-control__meta">{formatPence(balance)} available</span>
      </button>
    );
  }
  return (
    <form className="checkout-control checkout-control--form" onSubmit={apply} noValidate aria-label="Use your wallet">
      <Field
        label="Amount to use (£)" value={amount} inputMode="decimal" autoComplete="off" autoFocus
        onValue={(v) => { setAmount(v); if (error) setError(null); }} error={error} hint={`${formatPence(balance)} available`}
      />
      <div className="checkout-control__buttons">
        <button type="submit" className="button button--primary button--small">Apply</button>
        <button type="button" className="button button--ghost button--small" onClick={() => setOpen(false)}>Cancel</button>
      </div>
    </form>
  );
}
