/**
 * The lot page's "How this price was reached": the lot's stream replayed through the bidding rules, step by step,
 * bidders anonymised (GET /api/lots/{id}/price_log/). Loaded when opened, and again whenever the live price moves.
 */
import { useState } from 'react';
import { ErrorNote, Spinner } from '../../components/feedback';
import { useAsync } from '../../components/hooks';
import { formatDateTime } from '../../lib/dates';
import { fetchPriceLog, type PriceLog } from '../../api/lot-replay';
import '../../components/price-log.css';

export function PriceLogSection({ lotId, version }: { lotId: string; version: string }) {
  const [open, setOpen] = useState(false);
  return (
    <section className="panel price-log" aria-labelledby="price-log-title">
      <h2 id="price-log-title">
        <button type="button" className="price-log__toggle" aria-expanded={open} aria-controls="price-log-body" onClick={() => setOpen(!open)}>
          How this price was reached
          <span aria-hidden="true" className="price-log__chevron">{open ? '−' : '+'}</span>
        </button>
      </h2>
      {open && <div id="price-log-body"><PriceLogBody lotId={lotId} version={version} /></div>}
    </section>
  );
}

function PriceLogBody({ lotId, version }: { lotId: string; version: string }) {
  const { data, error, loading, reload } = useAsync((signal) => fetchPriceLog(lotId, signal), [lotId, version]);
  if (error) return <ErrorNote error={error} onRetry={reload} />;
  if (!data) return loading ? <Spinner label="Replaying the bids" /> : null;
  return <PriceLogList log={data} />;
}

function PriceLogList({ log }: { log: PriceLog }) {
  return (
    <>
      <p className="muted price-log__intro">
        Every step of this lot replayed through the same bidding rules that run the auction. Bidders are numbered in the
        order they first bid; maximum bids stay secret until another bid passes them.
      </p>
      <ol className="price-log__steps">
        {log.entries.map((e) => (
          <li key={e.seq} className={e.mismatch ? 'price-log__step is-mismatch' : 'price-log__step'}>
            <div className="price-log__meta">
              <time dateTime={e.at}>{formatDateTime(e.at)}</time>
              <span className="price-log__actor">{e.actor}</span>
            </div>
            <p className="price-log__text">{e.text}</p>
          </li>
        ))}
      </ol>
      <p className="price-log__result">{log.result.text}</p>
      <p role="status" className={log.matches_live ? 'notice notice--success' : 'notice notice--danger'}>{log.check}</p>
    </>
  );
}
