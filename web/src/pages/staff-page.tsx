/**
 * /staff: the house's screen for bidders. Search users, see who has paid the one-off registration fee, and record
 * a fee paid at the desk or by bank (until card payment opens, this is how a new bidder is let in).
 */
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { fetchStaffUsers, markRegistrationFeePaid, type FeeFilter, type StaffUser } from '../api/staff';
import { Empty, ErrorNote, Spinner } from '../components/feedback';
import { SelectField } from '../components/field';
import { useAsync } from '../components/hooks';
import { PageHead, RequireAuth } from '../components/page-head';
import { Pager } from '../components/pager';
import { formatShortDate } from '../lib/dates';
import { SITE } from '../lib/site';
import { session } from '../state/session';
import { pushToast } from '../state/toasts';
import '../styles/staff.css';

const FEE_OPTIONS = [
  { value: '', label: 'All users' },
  { value: 'false', label: 'Fee not paid' },
  { value: 'true', label: 'Fee paid' },
];

const fullName = (u: StaffUser) => `${u.first_name} ${u.last_name}`.trim() || '—';

/** The last value of `value` once it has not changed for `ms` (typing in the search box). */
function useDebounced<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function FeeAction({ user, onPaid }: { user: StaffUser; onPaid: (u: StaffUser) => void }) {
  const [confirming, setConfirming] = useState(false);
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
      onPaid(await markRegistrationFeePaid(user.id, reference));
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };
  const inputId = `ref-${user.id}`;
  return (
    <div className="fee-confirm" role="group" aria-label={`Record the registration fee of ${user.email}`}>
      <label htmlFor={inputId}>Payment reference (optional)</label>
      <input id={inputId} value={reference} maxLength={200} placeholder="e.g. paid at the desk" onChange={(e) => setReference(e.target.value)} />
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

function UsersTable() {
  const [search, setSearch] = useState('');
  const [fee, setFee] = useState<FeeFilter>('');
  const [page, setPage] = useState(1);
  const query = useDebounced(search);
  const [updated, setUpdated] = useState<Record<string, StaffUser>>({});
  const list = useAsync((signal) => fetchStaffUsers({ search: query, fee, page }, signal), [query, fee, page]);

  const onPaid = (u: StaffUser) => {
    // Shown paid at once; the list is then re-read for the recorded date.
    setUpdated((prev) => ({ ...prev, [u.id]: { ...prev[u.id], ...u } }));
    pushToast({ kind: 'success', title: 'Registration fee recorded', text: `${u.email} can now bid.` });
    list.reload();
  };
  const rows = (list.data?.results ?? []).map((u) => (u.registration_fee_status ? u : { ...u, ...updated[u.id] }));

  return (
    <div className="container section staff-desk">
      <div className="staff-desk__filters" role="search">
        <div className="field">
          <label htmlFor="staff-search">Search users</label>
          <input id="staff-search" type="search" placeholder="Name or email" value={search} onChange={(e) => { setSearch(e.target.value); setPage(1); }} />
        </div>
        <SelectField label="Registration fee" options={FEE_OPTIONS} value={fee} onValue={(v) => { setFee(v as FeeFilter); setPage(1); }} />
      </div>
      <p className="staff-desk__count" aria-live="polite">
        {list.data ? `${list.data.count} ${list.data.count === 1 ? 'user' : 'users'}` : 'Loading users…'}
      </p>
      {list.error ? (
        <ErrorNote error={list.error} onRetry={list.reload} />
      ) : !list.data ? (
        <Spinner label="Loading users" />
      ) : rows.length === 0 ? (
        <Empty title="No users match this search" />
      ) : (
        <table className="table staff-table" aria-busy={list.loading}>
          <caption className="visually-hidden">Users</caption>
          <thead>
            <tr><th scope="col">Name</th><th scope="col">Email</th><th scope="col">Email verified</th><th scope="col">Registration fee</th><th scope="col"><span className="visually-hidden">Action</span></th></tr>
          </thead>
          <tbody>
            {rows.map((u) => (
              <tr key={u.id}>
                <th scope="row" data-label="Name">{fullName(u)}{u.is_staff && <span className="tag">Staff</span>}</th>
                <td data-label="Email" className="staff-table__email">{u.email}</td>
                <td data-label="Email verified">{u.is_verified ? 'Yes' : 'Not yet'}</td>
                <td data-label="Registration fee">
                  {u.registration_fee_status
                    ? <span className="fee-status fee-status--paid">Paid{u.registration_fee_paid_at ? ` ${formatShortDate(u.registration_fee_paid_at)}` : ''}</span>
                    : <span className="fee-status fee-status--unpaid">Not paid</span>}
                </td>
                <td className="staff-table__action"><FeeAction user={u} onPaid={onPaid} /></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {list.data && <Pager page={page} totalPages={list.data.total_pages} onPage={setPage} />}
    </div>
  );
}

function StaffOnly() {
  const { isStaff } = useSnapshot(session);
  if (!isStaff) {
    return (
      <div className="container section">
        <ErrorNote error="This area is for the staff of the house." />
      </div>
    );
  }
  return <UsersTable />;
}

export function StaffPage() {
  return (
    <>
      <PageHead title="Bidders" eyebrow="Staff">
        <p>
          Find a bidder and record their one-off {SITE.registrationFee} registration fee once it has been received. Until
          card payment opens, a new bidder can bid only after the house has confirmed the fee here.
        </p>
      </PageHead>
      <RequireAuth what="the staff area">
        <StaffOnly />
      </RequireAuth>
    </>
  );
}
