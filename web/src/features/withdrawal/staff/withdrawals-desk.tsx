/**
 * Staff: withdrawals the users have confirmed with their code, waiting to be paid. Paying out records the bank
 * transfer's reference (the held money leaves the wallet); rejecting gives a reason (the hold is released).
 */
import { useState } from 'react';
import { Empty, ErrorNote, Spinner } from '../../../components/feedback';
import { Field, SelectField } from '../../../components/field';
import { useAsync } from '../../../components/hooks';
import { Pager } from '../../../components/pager';
import { formatShortDate } from '../../../lib/dates';
import { formatGBP } from '../../../lib/money';
import { pushToast } from '../../../state/toasts';
import { useErrorDialog } from '../../../components/error-dialog';
import { statusLabel } from '../../../lib/wallet-rules';
import {
  payOutWithdrawal, rejectWithdrawal, fetchStaffWithdrawals, type StaffWithdrawal, type WithdrawalFilter,
} from './api';
import '../../../components/staff-desk.css';
import { personName } from '../../../lib/normalize';

const FILTERS = [
  { value: 'confirmed', label: 'To pay out (confirmed)' },
  { value: 'paid_out', label: 'Paid out' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'awaiting_code', label: 'Waiting for the user\'s code' },
  { value: 'cancelled', label: 'Cancelled' },
];

const REQUIRED = 'This field is required';

/** The bank details staff pay into (the method as it is now), under the label the user chose when asking. */
function PayTo({ w }: { w: StaffWithdrawal }) {
  const d = w.payout_details;
  const lines = !d ? [] : d.type === 'UK_BANK'
    ? [d.account_owner_uk, d.sort_code_uk && `Sort code ${d.sort_code_uk}`, d.account_number_uk && `Account ${d.account_number_uk}`]
    : [d.account_owner_int, d.iban_int && `IBAN ${d.iban_int}`, d.bic_swift_int && `BIC ${d.bic_swift_int}`, d.bank_address_int];
  return (
    <span className="pay-to">
      <span>{w.payment_method?.label ?? '—'}</span>
      {lines.filter(Boolean).map((l) => <span key={l as string} className="pay-to__line">{l}</span>)}
      {!d && <span className="pay-to__warn">The payout method could not be found.</span>}
      {w.details_changed && <span className="pay-to__warn">Changed since the request: check with the user before paying.</span>}
    </span>
  );
}

function Decide({ w, onDone, onError }: { w: StaffWithdrawal; onDone: (w: StaffWithdrawal, action: 'paid' | 'rejected') => void; onError: (e: unknown) => void }) {
  const [mode, setMode] = useState<'pay' | 'reject' | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const who = personName(w.user ?? {});
  if (!mode) {
    return (
      <div className="desk-actions">
        <button type="button" className="button button--primary button--small" aria-label={`Pay out ${formatGBP(w.amount)} to ${who}`} onClick={() => setMode('pay')}>Pay out</button>
        <button type="button" className="button button--ghost button--small" aria-label={`Reject the withdrawal of ${who}`} onClick={() => setMode('reject')}>Reject</button>
      </div>
    );
  }
  const submit = async () => {
    if (!text.trim()) return setError(REQUIRED);
    setBusy(true);
    setError('');
    try {
      if (mode === 'pay') await payOutWithdrawal(w.id, text.trim());
      else await rejectWithdrawal(w.id, text.trim());
      onDone(w, mode === 'pay' ? 'paid' : 'rejected');
    } catch (e) {
      setBusy(false);
      onError(e);
    }
  };
  return (
    <div className="desk-confirm" role="group" aria-label={mode === 'pay' ? `Pay out the withdrawal of ${who}` : `Reject the withdrawal of ${who}`}>
      <Field
        label={mode === 'pay' ? 'Bank transfer reference' : 'Reason for rejecting'} value={text} maxLength={mode === 'pay' ? 100 : 500} error={error || null}
        hint={mode === 'reject' ? 'The money is released back to the user\'s balance.' : undefined}
        onValue={(v) => { setText(v); setError(''); }}
      />
      <div className="desk-actions">
        <button type="button" className="button button--ghost button--small" onClick={() => { setMode(null); setText(''); setError(''); }} disabled={busy}>Cancel</button>
        <button type="button" className="button button--primary button--small" onClick={submit} disabled={busy}>
          {busy ? 'Recording…' : mode === 'pay' ? `Confirm ${formatGBP(w.amount)} paid` : 'Reject withdrawal'}
        </button>
      </div>
    </div>
  );
}

export function WithdrawalsDesk() {
  const [status, setStatus] = useState<WithdrawalFilter>('confirmed');
  const [page, setPage] = useState(1);
  const list = useAsync((signal) => fetchStaffWithdrawals(status, page, signal), [status, page]);
  const [done, setDone] = useState<Record<string, 'paid' | 'rejected'>>({});
  const errors = useErrorDialog();

  const onDone = (w: StaffWithdrawal, action: 'paid' | 'rejected') => {
    setDone((d) => ({ ...d, [w.id]: action }));
    pushToast({ kind: 'success', title: action === 'paid' ? 'Withdrawal paid out' : 'Withdrawal rejected', text: `${formatGBP(w.amount)} · ${personName(w.user ?? {})}` });
  };
  const rows = list.data?.results ?? [];
  return (
    <div className="container section staff-desk">
      <div className="staff-desk__filters">
        <SelectField label="Show" options={FILTERS} value={status} onValue={(v) => { setStatus(v as WithdrawalFilter); setPage(1); setDone({}); }} />
      </div>
      <p className="staff-desk__count" aria-live="polite">
        {list.data ? `${list.data.count} ${list.data.count === 1 ? 'withdrawal' : 'withdrawals'}` : 'Loading withdrawals…'}
      </p>
      {list.error ? <ErrorNote error={list.error} onRetry={list.reload} /> : !list.data ? <Spinner label="Loading withdrawals" /> : rows.length === 0 ? (
        <Empty title={status === 'confirmed' ? 'Nothing to pay out' : 'No withdrawals here'} />
      ) : (
        <table className="table staff-table" aria-busy={list.loading}>
          <caption className="visually-hidden">Withdrawals</caption>
          <thead>
            <tr><th scope="col">User</th><th scope="col">Amount</th><th scope="col">Pay to</th><th scope="col">Requested</th><th scope="col"><span className="visually-hidden">Action</span></th></tr>
          </thead>
          <tbody>
            {rows.map((w) => (
              <tr key={w.id}>
                <th scope="row" data-label="User">{personName(w.user ?? {})}<span className="staff-table__sub">{w.user?.email}</span></th>
                <td data-label="Amount" className="staff-table__money">{formatGBP(w.amount)}</td>
                <td data-label="Pay to"><PayTo w={w} /></td>
                <td data-label="Requested">{formatShortDate(w.created_at)}</td>
                <td className="staff-table__action">
                  {done[w.id] ? (
                    <span className={`fee-status ${done[w.id] === 'paid' ? 'fee-status--paid' : 'fee-status--unpaid'}`}>{done[w.id] === 'paid' ? 'Paid out' : 'Rejected'}</span>
                  ) : w.status === 'confirmed' ? (
                    <Decide w={w} onDone={onDone} onError={errors.show} />
                  ) : (
                    <span className="fee-status">{statusLabel(w.status)}{w.reference ? ` · ${w.reference}` : w.reject_reason ? ` · ${w.reject_reason}` : ''}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {list.data && <Pager page={page} totalPages={list.data.total_pages} onPage={setPage} />}
      {errors.dialog}
    </div>
  );
}
