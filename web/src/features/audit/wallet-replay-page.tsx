/**
 * /audit/wallets/:userId: one wallet replayed from its events. Every entry with its running balances and what caused
 * it, the balance as of a chosen date and time, the read-model comparison, and a CSV export. The table scrolls
 * sideways inside its box on a phone; the page itself never does.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { ErrorNote, Spinner } from '../../components/feedback';
import { Field } from '../../components/field';
import { useAsync } from '../../components/hooks';
import { PageHead } from '../../components/page-head';
import { formatDateTime } from '../../lib/dates';
import { formatGBP } from '../../lib/money';
import { AuditorOnly } from './audit-home-page';
import { downloadWalletCsv, fetchWalletReplay, type AuditBalances, type Cause, type ReplayEntry, type WalletReplay } from './wallet-api';
import './wallet-replay.css';

/** Entries can be seconds apart: the date with seconds. */
const stamp = (v: string) => `${formatDateTime(v)}:${String(new Date(v).getSeconds()).padStart(2, '0')}`;

const KIND_LABEL: Record<ReplayEntry['kind'], string> = {
  credit: 'Credit', debit: 'Debit', fee: 'Fee', adjustment: 'Staff adjustment', hold: 'Hold', capture: 'Hold captured', release: 'Hold released', overdraft: 'Overdraft',
};

/** A cause as a link where the audit has a screen for it (lots), else its kind and id. */
function CauseLink({ cause }: { cause: Cause }) {
  const label = `${cause.kind} ${cause.id.length > 13 ? `${cause.id.slice(0, 8)}…` : cause.id}`;
  if (cause.kind === 'lot') return <Link href={`/audit/lots/${cause.id}`} title={cause.id}>{label}</Link>;
  return <span title={cause.id}>{label}</span>;
}

function BalanceLine({ title, b }: { title: string; b: AuditBalances }) {
  return (
    <dl className="audit-balances" aria-label={title}>
      <div><dt>Available</dt><dd>{formatGBP(b.available)}</dd></div>
      <div><dt>Pending</dt><dd>{formatGBP(b.pending)}</dd></div>
      <div><dt>Posted</dt><dd>{formatGBP(b.posted)}</dd></div>
      <div><dt>Overdraft limit</dt><dd>{formatGBP(b.overdraft_limit)}</dd></div>
    </dl>
  );
}

function ReadModelBanner({ replay }: { replay: WalletReplay }) {
  if (replay.matches_read_model) {
    return <p className="audit-banner audit-banner--ok" role="status">The read model matches the replay (wallet and transaction rows, version {replay.read_model_version}).</p>;
  }
  return (
    <div className="audit-banner audit-banner--bad" role="alert">
      <p>The read model differs from the replay in {replay.differences.length} place{replay.differences.length === 1 ? '' : 's'}:</p>
      <ul>
        {replay.differences.map((d, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed report, rendered whole, never reordered
          <li key={i}><strong>{d.field}</strong>: events say {d.expected}, read model says {d.found}. {d.message}</li>
        ))}
      </ul>
    </div>
  );
}

function EntriesTable({ entries, asOfVersion }: { entries: ReplayEntry[]; asOfVersion: number | null }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table region must be focusable to scroll by keyboard (axe scrollable-region-focusable)
    <div className="audit-table-box" tabIndex={0} role="region" aria-label="Wallet entries">
      <table className="audit-table">
        <thead>
          <tr>
            <th scope="col">#</th><th scope="col">Date</th><th scope="col">Entry</th><th scope="col">Amount</th>
            <th scope="col">Available</th><th scope="col">Pending</th><th scope="col">Posted</th><th scope="col">Caused by</th><th scope="col">By / reason</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.version} className={asOfVersion !== null && e.version <= asOfVersion ? 'audit-table__before' : undefined}>
              <td>{e.version}</td>
              <td className="audit-table__nowrap">{stamp(e.at)}</td>
              <td><strong>{KIND_LABEL[e.kind]}</strong><span className="audit-table__sub">{e.description}</span></td>
              <td className="audit-table__money">{e.kind === 'overdraft' ? formatGBP(e.amount) : `${Number(e.available_change) < 0 || Number(e.posted_change) < 0 ? '−' : '+'}${formatGBP(e.amount)}`}</td>
              <td className="audit-table__money">{formatGBP(e.balances.available)}</td>
              <td className="audit-table__money">{formatGBP(e.balances.pending)}</td>
              <td className="audit-table__money">{formatGBP(e.balances.posted)}</td>
              <td>
                <CauseLink cause={e.caused_by} />
                {e.related.map((r) => <span key={`${r.kind}-${r.id}`} className="audit-table__sub"><CauseLink cause={r} /></span>)}
              </td>
              <td><span className="audit-table__sub">{e.actor.id ?? '—'}</span>{e.actor.reason && <span>{e.actor.reason}</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** `datetime-local` gives the browser's local time without a zone; the API wants an instant. */
const toInstant = (local: string): string | null => {
  const ms = Date.parse(local);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
};

function Replay({ userId }: { userId: string }) {
  const [asOf, setAsOf] = useState('');
  const [at, setAt] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const replay = useAsync((signal) => fetchWalletReplay(userId, at, signal), [userId, at]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const instant = asOf ? toInstant(asOf) : null;
    if (asOf && !instant) return setError('Enter a date and time.');
    setError(null);
    setAt(instant);
  };
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadWalletCsv(userId, at);
    } finally {
      setExporting(false);
    }
  };
  if (replay.error) return <ErrorNote error={replay.error} onRetry={replay.reload} />;
  if (!replay.data) return <Spinner label="Replaying the wallet" />;
  const r = replay.data;
  return (
    <>
      <p className="audit-who">{`${r.user.first_name} ${r.user.last_name}`.trim()} · {r.user.email} · {r.entries.length} entries</p>
      <ReadModelBanner replay={r} />
      <section className="audit-card" aria-label="Balances now">
        <h2>Balances now</h2>
        <BalanceLine title="Balances now" b={r.balances} />
      </section>
      <form className="form audit-card audit-asof" onSubmit={submit} noValidate aria-label="Balance as of">
        <Field label="Balance as of" type="datetime-local" step={1} value={asOf} onValue={setAsOf} error={error} />
        <div className="audit-asof__actions">
          <button type="submit" className="button button--gold">Show</button>
          <button type="button" className="button button--ghost" disabled={exporting} onClick={() => void exportCsv()}>Export CSV</button>
        </div>
        {r.as_of && (
          <div className="audit-asof__result" aria-live="polite">
            <p>As of {stamp(r.as_of.at)} {r.as_of.version === 0 ? '(before the first entry)' : `(after entry #${r.as_of.version})`}:</p>
            <BalanceLine title="Balances as of then" b={r.as_of.balances} />
          </div>
        )}
      </form>
      <EntriesTable entries={r.entries} asOfVersion={r.as_of?.version ?? null} />
    </>
  );
}

export function WalletReplayPage({ params }: { params: { userId: string } }) {
  return (
    <AuditorOnly>
      <PageHead title="Wallet replay" eyebrow="Audit">Every balance change traced to its event, folded with the wallet's own rules.</PageHead>
      <div className="container section audit-wallet">
        <p><Link href="/audit">← Audit home</Link></p>
        <Replay userId={params.userId} />
      </div>
    </AuditorOnly>
  );
}
