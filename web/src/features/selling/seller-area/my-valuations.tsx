/**
 * "My valuations" for the seller's area: each request with its status, photos and the specialists' answer. An
 * estimated request can be sold "with one click": the sell request form opens at /selling?from_valuation=<id> and
 * reads the titles and the estimate from it.
 */
import { Link } from 'wouter';
import { Empty, ErrorNote, Spinner } from '../../../components/feedback';
import { useAsync } from '../../../components/hooks';
import { formatShortDate } from '../../../lib/dates';
import { fetchMyValuations, STATUS_LABELS } from '../../../api/valuations';
import { PhotoStrip } from '../../../components/auth-image';
import { ValuationAnswerText } from '../../../components/valuation-answer';
import '../../../components/valuation.css';

export function MyValuations() {
  const list = useAsync((signal) => fetchMyValuations(signal), []);
  return (
    <section aria-labelledby="my-valuations-title" className="stack">
      <div className="valuation-card__head">
        <h2 id="my-valuations-title">My valuations</h2>
        <Link href="/selling?valuation=true" className="text-link">Ask for a valuation</Link>
      </div>
      {list.error ? <ErrorNote error={list.error} onRetry={list.reload} />
        : !list.data ? <Spinner label="Loading your valuations" />
        : list.data.length === 0 ? <Empty title="No valuation requests yet" />
        : (
          <ul className="valuation-list">
            {list.data.map((v) => (
              <li key={v.id} className="valuation-card" data-testid="my-valuation">
                <div className="valuation-card__head">
                  <h3>{v.reference}</h3>
                  <span className={`valuation-status valuation-status--${v.status}`}>{STATUS_LABELS[v.status]}</span>
                  <span className="field__hint">Sent {formatShortDate(v.created_at)}</span>
                </div>
                {v.objects.map((o, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: objects of one stored valuation, rendered whole, never reordered
                  <div key={i}>
                    <p>{o.title}</p>
                    <PhotoStrip images={o.images} title={o.title} />
                  </div>
                ))}
                <ValuationAnswerText v={v} />
                {v.status === 'estimated' && (
                  <Link href={`/selling?from_valuation=${encodeURIComponent(v.id)}`} className="button button--primary">Sell these items</Link>
                )}
              </li>
            ))}
          </ul>
        )}
    </section>
  );
}
