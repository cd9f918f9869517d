/**
 * /audit/lots/:id: a lot replayed through the live bidding rules, with real bidders, their maxima and the reserve;
 * the comparison with the live lot (green when it matches, a loud red list when not); CSV and JSON exports.
 * Auditors and staff only (the API refuses everyone else as well).
 */
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { ErrorNote, Spinner } from '../../components/feedback';
import { useAsync } from '../../components/hooks';
import { PageHead } from '../../components/page-head';
import { formatDateTime } from '../../lib/dates';
import { formatGBP } from '../../lib/money';
import { pushToast } from '../../state/toasts';
import { friendlyFailure } from '../../lib/error-text';
import { AuditorOnly } from './audit-home-page';
import { downloadLotAudit, fetchLotAudit, type LotAudit } from '../../api/lot-replay';
import '../../components/price-log.css';
import './lot-replay.css';

export function LotReplayPage() {
  const { id = '' } = useParams<{ id: string }>();
  return (
    <AuditorOnly>
      <PageHead title="Lot replay" eyebrow="Audit" />
      <div className="container section">
        <LotReplay lotId={id} />
      </div>
    </AuditorOnly>
  );
}

function LotReplay({ lotId }: { lotId: string }) {
  const { data, error, loading, reload } = useAsync((signal) => fetchLotAudit(lotId, signal), [lotId]);
  if (error) return <ErrorNote error={error} onRetry={reload} />;
  if (!data) return loading ? <Spinner label="Replaying the lot" /> : null;
  return (
    <>
      <p>
        <Link href="/audit" className="text-link">Audit</Link> · Lot {data.lot.reference_no ?? ''} {data.lot.title ?? ''}{' '}
        <Link href={`/product/${data.lot.id}`} className="text-link">open the lot page</Link>
      </p>
      <Banner audit={data} />
      <Exports lotId={lotId} />
      <StepsTable audit={data} />
      <p className="price-log__result">{data.result.text}</p>
    </>
  );
}

function Banner({ audit }: { audit: LotAudit }) {
  if (audit.matches_read_model) {
    return <p role="status" className="notice notice--success lot-audit__banner">{audit.comparison}</p>;
  }
  return (
    <div role="alert" className="notice notice--danger lot-audit__banner">
      <p>{audit.differences.some((d) => d.field !== 'decision') ? audit.comparison : 'THE REPLAY DOES NOT MATCH THE STORED EVENTS.'}</p>
      <ul className="lot-audit__differences">
        {/* biome-ignore lint/suspicious/noArrayIndexKey: a fixed report, rendered whole, never reordered */}
        {audit.differences.map((d, i) => <li key={i}>{d.message}</li>)}
      </ul>
    </div>
  );
}

function Exports({ lotId }: { lotId: string }) {
  const [busy, setBusy] = useState<'csv' | 'json' | null>(null);
  const download = async (format: 'csv' | 'json') => {
    setBusy(format);
    try {
      await downloadLotAudit(lotId, format);
    } catch (e) {
      pushToast({ kind: 'error', title: 'The export failed', text: friendlyFailure(e, 'export this replay') });
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="lot-audit__actions">
      <button type="button" className="button button--ghost button--small" disabled={busy !== null} onClick={() => download('csv')}>Export CSV</button>
      <button type="button" className="button button--ghost button--small" disabled={busy !== null} onClick={() => download('json')}>Export JSON</button>
    </div>
  );
}

function StepsTable({ audit }: { audit: LotAudit }) {
  return (
    <div className="table-wrap">
      <table className="table lot-audit__table">
        <caption>Every event, in order, with the reasoning</caption>
        <thead>
          <tr>
            <th scope="col">#</th><th scope="col">Time</th><th scope="col">Who</th><th scope="col">What the rules did</th>
            <th scope="col">Price</th><th scope="col">Leader</th><th scope="col">Ends</th>
          </tr>
        </thead>
        <tbody>
          {audit.entries.map((e) => (
            <tr key={e.seq} className={e.mismatch ? 'is-mismatch' : undefined}>
              <td data-label="#">{e.seq}</td>
              <td data-label="Time"><time dateTime={e.at}>{formatDateTime(e.at)}</time></td>
              <td data-label="Who">
                {e.actor}
                {e.actor_id && <div className="lot-audit__id">{e.actor_id}</div>}
                {e.actor_email && <div className="lot-audit__id">{e.actor_email}</div>}
              </td>
              <td data-label="What">{e.text}{e.max_bid && <div className="muted">maximum {formatGBP(e.max_bid)}</div>}</td>
              <td data-label="Price">{formatGBP(e.price)}</td>
              <td data-label="Leader">{e.leader ?? '—'}{e.leader_max && <div className="muted">max {formatGBP(e.leader_max)}</div>}</td>
              <td data-label="Ends">{formatDateTime(e.ends_at)}{e.extended && <div className="tag">extended</div>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
