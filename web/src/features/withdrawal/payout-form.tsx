/** Add or edit a payout method: a UK account (sort code, account number) or an international one (IBAN, BIC). */
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/http';
import { Checkbox, Field } from '../../components/field';
import { pushToast } from '../../state/toasts';
import { createPayoutMethod, updatePayoutMethod, type PayoutMethod } from '../../api/payout';
import {
  emptyPayoutForm, maskSortCode, payoutBody, validatePayoutForm, type PayoutErrors, type PayoutForm as Form, TYPE_LABEL,
} from '../../lib/payout-validation';

const fromMethod = (m: PayoutMethod): Form => ({
  ...emptyPayoutForm(m.type),
  account_owner_uk: m.account_owner_uk ?? '',
  sort_code_uk: m.sort_code_uk ? maskSortCode(m.sort_code_uk) : '',
  account_number_uk: m.account_number_uk ?? '',
  account_owner_int: m.account_owner_int ?? '',
  iban_int: m.iban_int ?? '',
  bic_swift_int: m.bic_swift_int ?? '',
  bank_address_int: m.bank_address_int ?? '',
});

interface Props {
  method: PayoutMethod | null;
  onSaved: () => void;
  onCancel: () => void;
  /** The server closed access (403): ask for a new code. */
  onExpired: (reason: string) => void;
  onError: (e: unknown) => void;
}

export function PayoutForm({ method, onSaved, onCancel, onExpired, onError }: Props) {
  const [f, setF] = useState<Form>(() => (method ? fromMethod(method) : emptyPayoutForm()));
  const [errors, setErrors] = useState<PayoutErrors>({});
  const [makeDefault, setMakeDefault] = useState(false);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof PayoutErrors, v: string) => {
    setF((prev) => ({ ...prev, [k]: v }));
    setErrors((prev) => ({ ...prev, [k]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validatePayoutForm(f);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const body = makeDefault ? { ...payoutBody(f), is_default: true } : payoutBody(f);
      if (method) await updatePayoutMethod(method.id, body);
      else await createPayoutMethod(body);
      pushToast({ kind: 'success', title: method ? 'Payout method updated' : 'Payout method added' });
      onSaved();
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && err.status === 403) return onExpired(err.message);
      const fields = err instanceof ApiError ? err.fields : {};
      const known = Object.fromEntries(Object.entries(fields).filter(([k]) => k in f && k !== 'type')) as PayoutErrors;
      if (Object.keys(known).length) setErrors(known);
      else onError(err);
    }
  };

  const title = method ? `Edit ${TYPE_LABEL[method.type].toLowerCase()}` : 'Add a payout method';
  return (
    <form className="form payout-form" onSubmit={submit} noValidate aria-label={title}>
      <h3>{title}</h3>
      {!method && (
        <fieldset className="choice">
          <legend>Account type</legend>
          {(['UK_BANK', 'INT_BANK'] as const).map((t) => (
            <label key={t} className="choice__option">
              <input type="radio" name="payout-type" value={t} checked={f.type === t} onChange={() => { setF((p) => ({ ...p, type: t })); setErrors({}); }} />
              {TYPE_LABEL[t]}
            </label>
          ))}
        </fieldset>
      )}
      {f.type === 'UK_BANK' ? (
        <>
          <Field label="Account holder name" autoComplete="name" maxLength={100} value={f.account_owner_uk} error={errors.account_owner_uk} onValue={(v) => set('account_owner_uk', v)} />
          <div className="form form--grid">
            <Field label="Sort code" inputMode="numeric" placeholder="12-34-56" autoComplete="off" value={f.sort_code_uk} error={errors.sort_code_uk} onValue={(v) => set('sort_code_uk', maskSortCode(v))} />
            <Field label="Account number" inputMode="numeric" placeholder="8 digits" autoComplete="off" maxLength={9} value={f.account_number_uk} error={errors.account_number_uk} onValue={(v) => set('account_number_uk', v)} />
          </div>
        </>
      ) : (
        <>
          <Field label="Account holder name" autoComplete="name" maxLength={100} value={f.account_owner_int} error={errors.account_owner_int} onValue={(v) => set('account_owner_int', v)} />
          <Field label="IBAN" autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={40} value={f.iban_int} error={errors.iban_int} onValue={(v) => set('iban_int', v)} />
          <Field label="BIC / SWIFT" autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={14} value={f.bic_swift_int} error={errors.bic_swift_int} onValue={(v) => set('bic_swift_int', v)} />
          <Field label="Bank address" autoComplete="off" maxLength={80} value={f.bank_address_int} error={errors.bank_address_int} onValue={(v) => set('bank_address_int', v)} />
        </>
      )}
      {!method?.is_default && (
        <Checkbox label="Pay my withdrawals here by default" checked={makeDefault} onChecked={setMakeDefault} />
      )}
      <div className="form__row">
        <button type="submit" className="button button--primary" disabled={busy}>{busy ? 'Saving…' : method ? 'Save changes' : 'Add payout method'}</button>
        <button type="button" className="button button--ghost" onClick={onCancel} disabled={busy}>Cancel</button>
      </div>
    </form>
  );
}
