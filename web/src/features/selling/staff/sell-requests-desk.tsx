/**
 * /staff?section=sell-requests: the sell requests queue with a status filter; each request lists its items with the
 * next step (received with a condition note, consigned as a lot, an unsold lot relisted or returned). Failures open
 * the "Error occurred" dialog.
 */
import { useState } from 'react';
import { Empty, ErrorNote, Spinner } from '../../../components/feedback';
import { SelectField } from '../../../components/field';
import { useAsync } from '../../../components/hooks';
import { formatShortDate } from '../../../lib/dates';
import { pushToast } from '../../../state/toasts';
import { useErrorDialog } from '../../../components/error-dialog';
import { fetchOpenAuctions, fetchStaffSellRequests, type StaffSellRequest } from './api';
import { ItemRow } from './item-row';
import { DELIVERY_LABELS, REQUEST_STATUS_LABELS } from './rules';
import './staff-selling.css';

const STATUS_OPTIONS = [{ value: '', label: 'All requests' }, ...Object.entries(REQUEST_STATUS_LABELS).map(([value, label]) => ({ value, label }))];

function RequestCard({ request, auctions, onChanged, onError }: {
  request: StaffSellRequest;
  auctions: Awaited<ReturnType<typeof fetchOpenAuctions>>;
  onChanged: (text: string) => void;
  onError: (e: unknown) => void;
}) {
  const u = request.user;
  const name = `${u.first_name} ${u.last_name}`.trim() || u.email;
  const headingId = `sell-request-${request.id}`;
  return (
    <article className="sell-request" aria-labelledby={headingId}>
      <header className="sell-request__head">
        <h2 id={headingId}>{request.reference}</h2>
        <span className="tag">{REQUEST_STATUS_LABELS[request.status] ?? request.status}</span>
      </header>
      <p className="sell-request__meta">
        {name} · {u.email} · {formatShortDate(request.created_at)} · {request.kind === 'from_storage' ? 'From storage' : DELIVERY_LABELS[request.type ?? ''] ?? 'New items'}
        {request.pick_up_date ? ` · collection ${formatShortDate(request.pick_up_date)}` : ''}{request.boxes ? ` · ${request.boxes} ${request.boxes === 1 ? 'box' : 'boxes'}` : ''}
      </p>
      <ul className="sell-items">
        {request.items.map((item) => (
          <ItemRow key={item.id} request={request} item={item} auctions={auctions} onChanged={onChanged} onError={onError} />
        ))}
      </ul>
    </article>
  );
}

export function SellRequestsDesk() {
  const [status, setStatus] = useState('');
  const list = useAsync((signal) => fetchStaffSellRequests(status, signal), [status]);
  const auctions = useAsync((signal) => fetchOpenAuctions(signal), []);
  const { dialog, show } = useErrorDialog();
  const onChanged = (text: string) => {
    pushToast({ kind: 'success', title: text });
    list.reload();
  };
  const rows = list.data ?? [];
  return (
    <div className="container section staff-desk staff-selling">
      <div className="staff-desk__filters">
        <SelectField label="Status" options={STATUS_OPTIONS} value={status} onValue={setStatus} />
      </div>
      <p className="staff-desk__count" aria-live="polite">
        {list.data ? `${rows.length} ${rows.length === 1 ? 'request' : 'requests'}` : 'Loading requests…'}
      </p>
      {list.error ? (
        <ErrorNote error={list.error} onRetry={list.reload} />
      ) : !list.data ? (
        <Spinner label="Loading requests" />
      ) : rows.length === 0 ? (
        <Empty title="No sell requests here" />
      ) : (
        <div className="sell-requests" aria-busy={list.loading}>
          {rows.map((r) => <RequestCard key={r.id} request={r} auctions={auctions.data ?? []} onChanged={onChanged} onError={show} />)}
        </div>
      )}
      {dialog}
    </div>
  );
}
