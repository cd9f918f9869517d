/**
 * /audit: the auditor's home. Find a lot by its id (its replay is /audit/lots/:id) or a wallet by email or name (its
 * replay is /audit/wallets/:userId). Auditors and staff only; the API refuses everyone else as well.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useSnapshot } from 'valtio';
import { Empty, ErrorNote, Spinner } from '../../components/feedback';
import { Field } from '../../components/field';
import { useAsync } from '../../components/hooks';
import { PageHead, RequireAuth } from '../../components/page-head';
import { formatGBP } from '../../lib/money';
import { session } from '../../state/session';
import { useDebounced } from '../../components/use-debounced';
import { findWallets } from './wallet-api';
import './wallet-replay.css';

/** Shown to signed-in users who are neither auditors nor staff. */
export function AuditorOnly({ children }: { children: ReactNode }) {
  const { user, isStaff } = useSnapshot(session);
  return (
    <RequireAuth what="the audit screens">
      {user?.is_auditor || isStaff ? children : (
        <div className="container section"><Empty title="Auditors only">These screens are for the house's auditors and staff.</Empty></div>
      )}
    </RequireAuth>
  );
}

function FindLot() {
  const [, navigate] = useLocation();
  const [id, setId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!id.trim()) return setError('Enter a lot id.');
    navigate(`/audit/lots/${encodeURIComponent(id.trim())}`);
  };
  return (
    <form className="form audit-card" onSubmit={submit} noValidate aria-label="Find a lot">
      <h2>Lot replay</h2>
      <Field label="Lot id" value={id} onValue={(v) => { setId(v); setError(null); }} error={error} autoComplete="off" />
      <button type="submit" className="button button--gold">Open the lot</button>
    </form>
  );
}

function FindWallet() {
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim());
  const found = useAsync((signal) => (query ? findWallets(query, signal) : Promise.resolve(null)), [query]);
  return (
    <section className="audit-card" aria-label="Find a wallet">
      <h2>Wallet replay</h2>
      <Field label="Email or name" type="search" value={search} onValue={setSearch} autoComplete="off" />
      {found.loading && query && <Spinner label="Searching" />}
      {found.error && <ErrorNote error={found.error} onRetry={found.reload} />}
      {found.data && found.data.results.length === 0 && <Empty title="No wallet matches this search" />}
      {found.data && found.data.results.length > 0 && (
        <ul className="audit-results">
          {found.data.results.map((w) => (
            <li key={w.user_id}>
              <Link href={`/audit/wallets/${w.user_id}`}>{`${w.first_name} ${w.last_name}`.trim() || w.email}</Link>
              <span className="audit-results__sub">{w.email} · {formatGBP(w.balance)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function AuditHomePage() {
  return (
    <AuditorOnly>
      <PageHead title="Audit" eyebrow="Read-only">Replay a lot's bidding or a wallet's ledger from the event history.</PageHead>
      <div className="container section audit-home">
        <FindLot />
        <FindWallet />
      </div>
    </AuditorOnly>
  );
}
