/**
 * Staff: auctions. Create one (start and end), pick one to see its live progress, and before it starts stagger its
 * lots' end times (lot i ends at the auction's end + i × the interval, in lot-number order) or move its dates.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../api/http';
import { Empty, ErrorNote, Spinner } from '../../components/feedback';
import { Field } from '../../components/field';
import { useAsync } from '../../components/hooks';
import { formatDateTime } from '../../lib/dates';
import { pushToast } from '../../state/toasts';
import { useErrorDialog } from '../../components/error-dialog';
import { auctionLabel, fetchStaffAuctions, staggerAuction, type StaffAuction } from './api';
import { AuctionProgressPanel } from './auction-progress';
import { AuctionDatesForm, NewAuctionForm } from './auction-dates-form';
import './staff-catalogue.css';

function Stagger({ auction, onDone, onError }: { auction: StaffAuction; onDone: () => void; onError: (e: unknown) => void }) {
  const [interval, setSeconds] = useState('60');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const seconds = Number(interval);
    if (!Number.isInteger(seconds) || seconds < 0 || seconds > 600) return setError('Enter a whole number of seconds from 0 to 600.');
    setBusy(true);
    try {
      const { lots } = await staggerAuction(auction.id, seconds);
      pushToast({ kind: 'success', title: 'Lot ends staggered', text: `${lots.length} lots now end ${seconds} s apart.` });
      onDone();
    } catch (err) {
      if (err instanceof ApiError && err.fields.interval_seconds) setError(err.fields.interval_seconds);
      else onError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="catalogue-form catalogue-form--inline" onSubmit={submit} aria-label="Stagger lot end times" noValidate>
      <Field label="Seconds between lot ends" type="number" min={0} max={600} value={interval} onValue={(v) => { setSeconds(v); setError(''); }} error={error || null}
        hint="Lot 1 ends at the auction's end, each next lot this much later." />
      <button type="submit" className="button button--primary button--small" disabled={busy}>Stagger end times</button>
    </form>
  );
}

export function AuctionsDesk({ onOpenLots }: { onOpenLots?: (auctionId: string) => void }) {
  const list = useAsync((signal) => fetchStaffAuctions(signal), []);
  const [chosen, setChosen] = useState<string | null>(null);
  const { dialog, show } = useErrorDialog();
  const auctions = list.data ?? [];
  const current = auctions.find((a) => a.id === chosen) ?? null;
  // The chosen auction's panel sits under a long table: bring it into view, or "Open" seems to do nothing.
  const panel = useRef<HTMLElement>(null);
  const shownId = current?.id;
  useEffect(() => {
    if (shownId) panel.current?.scrollIntoView({ block: 'start' });
  }, [shownId]);

  return (
    <div className="container section staff-desk catalogue-desk">
      {dialog}
      <NewAuctionForm onCreated={(a) => { pushToast({ kind: 'success', title: 'Auction created', text: auctionLabel(a) }); setChosen(a.id); list.reload(); }} />
      {list.error ? <ErrorNote error={list.error} onRetry={list.reload} /> : !list.data ? <Spinner label="Loading auctions" /> : auctions.length === 0 ? (
        <Empty title="No auctions yet" />
      ) : (
        <table className="table staff-table" aria-busy={list.loading}>
          <caption className="visually-hidden">Auctions</caption>
          <thead><tr><th scope="col">Auction</th><th scope="col">Starts</th><th scope="col">Ends</th><th scope="col">Lots</th><th scope="col">Status</th><th scope="col"><span className="visually-hidden">Action</span></th></tr></thead>
          <tbody>
            {auctions.map((a) => (
              <tr key={a.id} aria-current={a.id === chosen ? 'true' : undefined}>
                <th scope="row" data-label="Auction">{auctionLabel(a)}</th>
                <td data-label="Starts">{formatDateTime(a.start_date)}</td>
                <td data-label="Ends">{formatDateTime(a.end_date)}</td>
                <td data-label="Lots">{a.lot_count}</td>
                <td data-label="Status">{a.finished ? 'Finished' : a.status === 'next' ? 'Not started' : a.status === 'live' ? 'Live' : 'Ended'}</td>
                <td className="staff-table__action">
                  <div className="desk-actions">
                    <button type="button" className="button button--ghost button--small" onClick={() => setChosen(a.id)} aria-label={`Open ${auctionLabel(a)}`}>Open</button>
                    {onOpenLots && <button type="button" className="button button--ghost button--small" onClick={() => onOpenLots(a.id)} aria-label={`Lots of ${auctionLabel(a)}`}>Lots</button>}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {current && (
        <section className="catalogue-auction" aria-label={auctionLabel(current)} ref={panel}>
          <h2>{auctionLabel(current)}</h2>
          {current.status === 'next' && <Stagger auction={current} onDone={list.reload} onError={show} />}
          {current.status === 'next' && (
            <AuctionDatesForm key={`${current.start_date}|${current.end_date}`} auction={current} onError={show}
              onDone={() => { pushToast({ kind: 'success', title: 'Auction dates moved', text: auctionLabel(current) }); list.reload(); }} />
          )}
          <AuctionProgressPanel auctionId={current.id} />
        </section>
      )}
    </div>
  );
}
