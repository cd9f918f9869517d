/**
 * "Mark registration fee paid" on the staff users screen: how it was received (bank transfer or in store) and an
 * optional payment reference. Card payments record themselves; this is for money the house took by other means.
 */
import { useId, useState } from 'react';
import type { CurrentUser } from '../../../api/contract';
import type { StaffUser } from '../../../api/staff';
import { SITE } from '../../../lib/site';
import { markFeePaid, type FeeMethod } from './api';

const METHODS: { value: FeeMethod; label: string }[] = [
  { value: 'bank', label: 'Bank transfer' },
  { value: 'in_store', label: 'In store' },
];

export function FeeAction({ user, onPaid }: { user: StaffUser; onPaid: (u: CurrentUser) => void }) {
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const [method, setMethod] = useState<FeeMethod>('bank');
  const [reference, setReference] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  if (user.registration_fee_status) return null;
  if (!confirming) {
    return (
      <button type="button" className="button button--ghost button--small" aria-label={`Mark registration fee paid for ${user.email}`} onClick={() => setConfirming(true)}>
        Mark registration fee paid
      </button>
    );
  }
  const confirm = async () => {
    setBusy(true);
    setError('');
    try {
      onPaid(await markFeePaid(user.id, method, reference));
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };
  return (
    <div className="fee-confirm" role="group" aria-label={`Record the registration fee of ${user.email}`}>
      <fieldset className="fee-confirm__methods">
        <legend>Paid by</legend>
        {METHODS.map((m) => (
          <label key={m.value}>
            <input type="radio" name={`${id}-method`} value={m.value} checked={method === m.value} onChange={() => setMethod(m.value)} /> {m.label}
          </label>
        ))}
      </fieldset>
      <label htmlFor={`${id}-ref`}>Payment reference (optional)</label>
      <input id={`${id}-ref`} value={reference} maxLength={200} placeholder={method === 'bank' ? 'e.g. the transfer reference' : 'e.g. receipt number'} onChange={(e) => setReference(e.target.value)} />
      {error && <p className="field-error" role="alert">{error}</p>}
      <div className="fee-confirm__actions">
        <button type="button" className="button button--ghost button--small" onClick={() => setConfirming(false)} disabled={busy}>Cancel</button>
        <button type="button" className="button button--primary button--small" onClick={confirm} disabled={busy}>
          {busy ? 'Recording…' : `Confirm ${SITE.registrationFee} received`}
        </button>
      </div>
    </div>
  );
}
