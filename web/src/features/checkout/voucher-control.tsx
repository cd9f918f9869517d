/**
 * The voucher control (spec 1 sections 4 and 5): a collapsed button, then the entry form (required, 3 to 10
 * characters, Apply disabled under 3), then the applied code with Remove Discount. The code is checked by
 * POST /api/checkout/check_discount_code/; the server's message on discount_code shows on the field.
 */
import { useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { ApiError } from '../../api/http';
import { Field } from '../../components/field';
import { formatPence } from '../../lib/money';
import { openModal } from '../../state/modals';
import { checkDiscountCode } from './api';
import { checkout } from './checkout-store';
import { canApplyVoucher, pence, VOUCHER_MSG, voucherError } from './summary-rules';

export function VoucherControl({ disabled }: { disabled?: boolean }) {
  const snap = useSnapshot(checkout);
  const applied = snap.draft.discount_code;
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const serverError = snap.costs.fields.discount_code ?? snap.orderFields.discount_code;

  const apply = async (e: FormEvent) => {
    e.preventDefault();
    const problem = voucherError(code);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      const answer = await checkDiscountCode(code.trim());
      checkout.draft.discount_code = (answer.discount_code || code).trim();
      setOpen(false);
      setCode('');
      openModal('authSuccess', { title: 'Voucher applied', message: answer.detail || VOUCHER_MSG.activated });
    } catch (err) {
      setError((err instanceof ApiError && err.fields.discount_code) || (err as Error).message || 'Server error');
    } finally {
      setBusy(false);
    }
  };

  if (applied) {
    const discount = pence(snap.costs.summary, 'voucher_discount_amount');
    return (
      <div className="checkout-control checkout-control--applied">
        <p className="checkout-control__applied">
          <span>Voucher <strong className="checkout-code">{applied}</strong></span>
          {discount > 0 && <span className="checkout-control__amount">−{formatPence(discount)}</span>}
        </p>
        {serverError && <p className="field-error" role="alert">{serverError}</p>}
        <button type="button" className="link-button" disabled={disabled} onClick={() => { checkout.draft.discount_code = ''; }}>Remove Discount</button>
      </div>
    );
  }
  if (!open) {
    return (
      <button type="button" className="checkout-control__toggle" disabled={disabled} onClick={() => { setError(null); setOpen(true); }}>
        <span aria-hidden="true">+</span> Add a voucher code
      </button>
    );
  }
  return (
    <form className="checkout-control checkout-control--form" onSubmit={apply} noValidate aria-label="Apply a voucher">
      <Field
        label="Voucher code" value={code} autoFocus autoComplete="off" spellCheck={false} autoCapitalize="characters"
        onValue={(v) => { setCode(v); if (error) setError(null); }} error={error} disabled={busy}
      />
      <div className="checkout-control__buttons">
        <button type="submit" className="button button--primary button--small" disabled={busy || !canApplyVoucher(code)}>{busy ? 'Checking…' : 'Apply'}</button>
        <button type="button" className="button button--ghost button--small" onClick={() => setOpen(false)} disabled={busy}>Cancel</button>
      </div>
    </form>
  );
}
