/**
 * Staff: valuation requests by status, each with the seller, the objects and their photos (thumbnails, click for
 * full size), and the answer form: an estimate (low <= high, both above zero) or a decline, always with a message.
 * The seller is emailed by the server when the answer is recorded.
 */
import { useState, type FormEvent } from 'react';
import { Empty, ErrorNote, Spinner } from '../../components/feedback';
import { Field, FormMessage, SelectField } from '../../components/field';
import { useAsync } from '../../components/hooks';
import type { ApiError } from '../../api/http';
import { formatShortDate } from '../../lib/dates';
import { pushToast } from '../../state/toasts';
import { answerValuation, fetchStaffValuations, STATUS_LABELS, type StaffValuation } from '../../api/valuations';
import { PhotoStrip } from '../../components/auth-image';
import { ValuationAnswerText } from '../../components/valuation-answer';
import '../../components/valuation.css';

const FILTERS = [{ value: 'pending', label: 'Awaiting valuation' }, { value: 'estimated', label: 'Estimated' }, { value: 'declined', label: 'Declined' }, { value: '', label: 'All' }];
const DECISIONS = [{ value: 'estimate', label: 'Estimate' }, { value: 'decline', label: 'Decline' }];
const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;

function answerProblem(decision: string, low: string, high: string, message: string): string | null {
  if (decision === 'estimate') {
    if (!AMOUNT.test(low.trim()) || !AMOUNT.test(high.trim()) || Number(low) <= 0 || Number(high) <= 0) return 'Enter both amounts of the estimate, each above zero.';
    if (Number(low) > Number(high)) return 'The low estimate cannot be above the high estimate.';
  }
  if (!message.trim()) return 'Enter a message for the seller.';
  return null;
}

function AnswerForm({ v, onDone }: { v: StaffValuation; onDone: () => void }) {
  const [decision, setDecision] = useState<'estimate' | 'decline'>('estimate');
  const [low, setLow] = useState('');
  const [high, setHigh] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = answerProblem(decision, low, high, message);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      await answerValuation(v.id, decision === 'estimate' ? { decision, low: low.trim(), high: high.trim(), message } : { decision, message });
      pushToast({ kind: 'success', title: 'Answer sent', text: `${v.reference} · the seller has been emailed` });
      onDone();
    } catch (err) {
      setError((err as ApiError).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="valuation-answer-form" onSubmit={submit} noValidate aria-label={`Answer ${v.reference}`}>
      <SelectField label="Decision" options={DECISIONS} value={decision} onValue={(x) => setDecision(x as 'estimate' | 'decline')} />
      {decision === 'estimate' && (
        <>
          <Field label="Low estimate (£)" inputMode="decimal" value={low} onValue={setLow} />
          <Field label="High estimate (£)" inputMode="decimal" value={high} onValue={setHigh} />
        </>
      )}
      <div className="field span-all">
        <label htmlFor={`msg-${v.id}`}>Message to the seller</label>
        <textarea id={`msg-${v.id}`} rows={3} maxLength={2000} value={message} onChange={(e) => setMessage(e.target.value)} />
      </div>
      <div className="span-all">
        <FormMessage error={error} />
        <button type="submit" className="button button--primary" disabled={busy}>{busy ? 'Sending…' : 'Send answer'}</button>
      </div>
    </form>
  );
}

export function ValuationsDesk() {
  const [status, setStatus] = useState('pending');
  const list = useAsync((signal) => fetchStaffValuations(status, signal), [status]);
  return (
    <div className="container section staff-desk">
      <div className="staff-desk__filters">
        <SelectField label="Status" options={FILTERS} value={status} onValue={setStatus} />
      </div>
      {list.error ? <ErrorNote error={list.error} onRetry={list.reload} />
        : !list.data ? <Spinner label="Loading valuation requests" />
        : list.data.length === 0 ? <Empty title="No valuation requests here" />
        : (
          <ul className="valuation-list">
            {list.data.map((v) => (
              <li key={v.id} className="valuation-card" data-testid="staff-valuation">
                <div className="valuation-card__head">
                  <h3>{v.reference}</h3>
                  <span className={`valuation-status valuation-status--${v.status}`}>{STATUS_LABELS[v.status]}</span>
                  <span>{`${v.user.first_name} ${v.user.last_name}`.trim() || '—'} · {v.user.email}</span>
                  <span className="field__hint">Sent {formatShortDate(v.created_at)}</span>
                </div>
                {v.objects.map((o, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: objects of one stored valuation, rendered whole, never reordered
                  <div key={i}>
                    <p><strong>Object {i + 1}:</strong> {o.title} ({o.images.length} {o.images.length === 1 ? 'photo' : 'photos'})</p>
                    <PhotoStrip images={o.images} title={o.title} />
                  </div>
                ))}
                {v.answer ? <ValuationAnswerText v={v} /> : <AnswerForm v={v} onDone={list.reload} />}
              </li>
            ))}
          </ul>
        )}
    </div>
  );
}
