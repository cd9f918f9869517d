/**
 * Staff newsletter desk (/staff?section=newsletter): past and draft campaigns with their status, recipients and
 * delivery, and the editor to write, preview and send one (newsletter-editor.tsx).
 */
import { useState } from 'react';
import { Empty, ErrorNote, Spinner } from '../../components/feedback';
import { useAsync } from '../../components/hooks';
import { Pager } from '../../components/pager';
import { formatDateTime } from '../../lib/dates';
import { fetchCampaigns } from './newsletter-api';
import { CampaignEditor, deliveryText } from './newsletter-editor';

export function NewsletterDesk() {
  const [open, setOpen] = useState<string | null | undefined>(undefined);
  const [page, setPage] = useState(1);
  const list = useAsync((signal) => fetchCampaigns(page, signal), [page]);
  if (open !== undefined) {
    return <div className="container section staff-desk"><CampaignEditor id={open} onDone={() => { setOpen(undefined); list.reload(); }} /></div>;
  }
  return (
    <div className="container section staff-desk">
      <p><button type="button" className="button button--primary" onClick={() => setOpen(null)}>New campaign</button></p>
      {list.error ? <ErrorNote error={list.error} onRetry={list.reload} /> : !list.data ? <Spinner label="Loading campaigns" /> : list.data.results.length === 0 ? (
        <Empty title="No campaigns yet" />
      ) : (
        <table className="table staff-table newsletter-table" aria-busy={list.loading}>
          <caption className="visually-hidden">Newsletter campaigns</caption>
          <thead><tr><th scope="col">Subject</th><th scope="col">Status</th><th scope="col">Recipients</th><th scope="col">Delivery</th><th scope="col"><span className="visually-hidden">Action</span></th></tr></thead>
          <tbody>
            {list.data.results.map((c) => (
              <tr key={c.id}>
                <th scope="row" data-label="Subject">{c.subject}</th>
                <td data-label="Status">{c.status === 'sent' ? `Sent ${formatDateTime(c.sent_at)}` : 'Draft'}</td>
                <td data-label="Recipients">{c.recipients_count ?? '—'}</td>
                <td data-label="Delivery">{deliveryText(c)}</td>
                <td className="staff-table__action">
                  <button type="button" className="button button--small" onClick={() => setOpen(c.id)} aria-label={`${c.status === 'sent' ? 'View' : 'Edit'} ${c.subject}`}>
                    {c.status === 'sent' ? 'View' : 'Edit'}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {list.data && <Pager page={page} totalPages={list.data.total_pages} onPage={setPage} />}
    </div>
  );
}
