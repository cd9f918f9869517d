/**
 * One lot's staff actions: feature / unfeature, and withdraw with a reason then a confirmation (withdrawing ends
 * the lot at once with no winner: bids are refused with "This lot has been withdrawn.").
 */
import { useState } from 'react';
import { Field } from '../../components/field';
import { setFeatured, withdrawLot, type StaffLot } from './api';

const REASON_REQUIRED = 'Please give a reason for withdrawing this lot.';

export function FeatureToggle({ lot, onDone, onError }: { lot: StaffLot; onDone: () => void; onError: (e: unknown) => void }) {
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    try {
      await setFeatured(lot.id, !lot.featured);
      onDone();
    } catch (e) {
      onError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="button button--ghost button--small" aria-pressed={lot.featured} disabled={busy} onClick={toggle}
      aria-label={`${lot.featured ? 'Unfeature' : 'Feature'} lot ${lot.reference_no}`}>
      {lot.featured ? 'Unfeature' : 'Feature'}
    </button>
  );
}

export function WithdrawAction({ lot, onDone, onError }: { lot: StaffLot; onDone: (lot: StaffLot) => void; onError: (e: unknown) => void }) {
  const [step, setStep] = useState<'idle' | 'reason' | 'confirm'>('idle');
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const reset = () => { setStep('idle'); setReason(''); setError(''); };

  if (step === 'idle') {
    return (
      <button type="button" className="button button--ghost button--small" onClick={() => setStep('reason')} aria-label={`Withdraw lot ${lot.reference_no}`}>
        Withdraw
      </button>
    );
  }
  const confirm = async () => {
    setBusy(true);
    try {
      onDone(await withdrawLot(lot.id, reason.trim()));
    } catch (e) {
      setBusy(false);
      setStep('reason');
      onError(e);
    }
  };
  if (step === 'confirm') {
    return (
      <div className="desk-confirm" role="alertdialog" aria-label={`Confirm withdrawing lot ${lot.reference_no}`}>
        <p>Withdraw lot {lot.reference_no} “{lot.item.title}”? Bidding stops now and nobody wins it. This cannot be undone.</p>
        <p className="catalogue-reason">Reason: {reason.trim()}</p>
        <div className="desk-actions">
          <button type="button" className="button button--ghost button--small" onClick={reset} disabled={busy}>Keep the lot</button>
          <button type="button" className="button button--primary button--small" onClick={confirm} disabled={busy}>Yes, withdraw the lot</button>
        </div>
      </div>
    );
  }
  return (
    <div className="desk-confirm" role="group" aria-label={`Withdraw lot ${lot.reference_no}`}>
      <Field label="Reason for withdrawing" value={reason} maxLength={500} error={error || null} onValue={(v) => { setReason(v); setError(''); }}
        hint="Kept with the lot and shown to its seller." />
      <div className="desk-actions">
        <button type="button" className="button button--ghost button--small" onClick={reset}>Cancel</button>
        <button type="button" className="button button--primary button--small" onClick={() => (reason.trim() ? setStep('confirm') : setError(REASON_REQUIRED))}>
          Withdraw lot
        </button>
      </div>
    </div>
  );
}
