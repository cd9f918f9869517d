/**
 * The seller's reserve change on one lot (PATCH /api/update_reserve_price/{id}/). A refusal shows the server's first
 * message under the reserve field (spec 2 section 8); any other failure goes to the "Error occurred" dialog.
 */
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../api/http';
import { formatGBP, penceToDecimal, toPence } from '../../../lib/money';
import { pushToast } from '../../../state/toasts';
import { changeReserve } from './seller-store';

export function ReserveForm({ lotId, current, title, onError }: { lotId: string; current: string | null | undefined; title: string; onError: (e: unknown) => void }) {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const typed = value.trim();
    const pence = typed === '' ? 0 : toPence(typed);
    if (pence === null || pence < 0) return setError('Enter an amount in pounds, e.g. 250 or 250.50');
    setBusy(true);
    setError('');
    try {
      const answer = await changeReserve(lotId, pence === 0 ? null : penceToDecimal(pence));
      setOpen(false);
      setValue('');
      pushToast({
        kind: 'success',
        title: answer.reserve_price ? `Reserve changed to ${formatGBP(answer.reserve_price)}` : 'Reserve removed',
        text: answer.reserve_met ? `${title}: the reserve is met.` : `${title}: the reserve is not met yet.`,
      });
    } catch (err) {
      const field = err instanceof ApiError ? err.fields.reserve_price : undefined;
      if (field) setError(field);
      else onError(err);
    } finally {
      setBusy(false);
    }
  };

  if (!open) {
    return (
      <button type="button" className="button button--ghost button--small" onClick={() => setOpen(true)} aria-label={`Change the reserve of ${title}`}>
        Change reserve
      </button>
    );
  }
  const id = `reserve-${lotId}`;
  return (
    <form className="seller-reserve" onSubmit={submit} noValidate aria-label={`Reserve of ${title}`}>
      <div className={`field${error ? ' field--invalid' : ''}`}>
        <label htmlFor={id}>New reserve price</label>
        <div className="money-input">
          <span aria-hidden="true">£</span>
          <input
            id={id} inputMode="decimal" autoComplete="off" value={value} placeholder={current ? String(toPence(current)! / 100) : 'No reserve'}
            aria-invalid={!!error} aria-describedby={error ? `${id}-err` : `${id}-hint`} onChange={(e) => { setValue(e.target.value); setError(''); }}
          />
        </div>
        {error ? <p id={`${id}-err`} className="field-error">{error}</p> : <p id={`${id}-hint`} className="field__hint">Leave empty or 0 for no reserve.</p>}
      </div>
      <div className="seller-reserve__actions">
        <button type="submit" className="button button--primary button--small" disabled={busy}>Save reserve</button>
        <button type="button" className="button button--ghost button--small" onClick={() => { setOpen(false); setError(''); }}>Cancel</button>
      </div>
    </form>
  );
}
