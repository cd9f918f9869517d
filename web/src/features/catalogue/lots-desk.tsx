/**
 * Staff: the lots of one auction in lot-number order with their status, end time and bids. Consign a lot, edit it
 * until the auction starts, feature it, or withdraw it with a reason before its end.
 */
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/http';
import { Empty, ErrorNote, Spinner } from '../../components/feedback';
import { Field, SelectField } from '../../components/field';
import { useAsync } from '../../components/hooks';
import { formatDateTime } from '../../lib/dates';
import { formatGBP } from '../../lib/money';
import { pushToast } from '../../state/toasts';
import { useErrorDialog } from '../../components/error-dialog';
import { auctionLabel, consignLot, fetchStaffAuctions, fetchStaffLots, STATUS_LABEL, type StaffLot } from './api';
import { FeatureToggle, WithdrawAction } from './lot-actions';
import { LotEditForm } from './lot-edit-form';
import './staff-catalogue.css';

function ConsignForm({ auctionId, onDone }: { auctionId: string; onDone: () => void }) {
  const empty = { seller: '', title: '', distillery: '', estimated_value: '', opening_bid: '' };
  const [form, setForm] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof empty) => (v: string) => { setForm((f) => ({ ...f, [k]: v })); setErrors((e) => ({ ...e, [k]: '' })); };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await consignLot({
        auction: auctionId, seller: form.seller.trim(), title: form.title.trim(), distillery: { name: form.distillery.trim(), region: null },
        estimated_value: form.estimated_value.trim(), ...(form.opening_bid.trim() ? { opening_bid: form.opening_bid.trim() } : {}),
      });
      setForm(empty);
      onDone();
    } catch (err) {
      const f = err instanceof ApiError ? err.fields : {};
      setErrors(Object.keys(f).length > 0 ? { ...f, distillery: f.distillery ?? f['distillery.name'] ?? '' } : { title: err instanceof Error ? err.message : 'Error occurred' });
    } finally {
      setBusy(false);
    }
  };
  const field = (k: keyof typeof empty, label: string, hint?: string) => <Field label={label} value={form[k]} onValue={set(k)} error={errors[k] || null} hint={hint} />;
  return (
    <form className="catalogue-form" onSubmit={submit} aria-label="Consign a lot" noValidate>
      <h2 className="catalogue-form__title">Consign a lot</h2>
      {field('seller', 'Seller user id')}
      {field('title', 'Title')}
      {field('distillery', 'Distillery')}
      {field('estimated_value', 'Estimated value (£)')}
      {field('opening_bid', 'Opening bid (£)', 'Empty for the default £10.')}
      <button type="submit" className="button button--primary button--small" disabled={busy}>Consign lot</button>
    </form>
  );
}

function LotRow({ lot, onChanged, onError }: { lot: StaffLot; onChanged: () => void; onError: (e: unknown) => void }) {
  const [editing, setEditing] = useState(false);
  const open = lot.staff_status === 'scheduled' || lot.staff_status === 'live';
  return (
    <tr data-lot={lot.id}>
      <th scope="row" data-label="Lot">{lot.reference_no}</th>
      <td data-label="Title">
        {lot.item.title}{lot.featured && <span className="tag">Featured</span>}
        {editing && (
          <LotEditForm lot={lot} onCancel={() => setEditing(false)} onError={onError}
            onDone={() => { setEditing(false); pushToast({ kind: 'success', title: 'Lot saved', text: lot.reference_no }); onChanged(); }} />
        )}
      </td>
      <td data-label="Ends" className="catalogue-ends">{formatDateTime(lot.end_date)}</td>
      <td data-label="Status">
        <span className={`catalogue-status catalogue-status--${lot.staff_status}`}>{STATUS_LABEL[lot.staff_status]}</span>
        {lot.withdrawal_reason && <span className="catalogue-reason">{lot.withdrawal_reason}</span>}
      </td>
      <td data-label="Bids">{lot.bid_count}</td>
      <td data-label="Price">{formatGBP(lot.hammer_price ?? lot.bid_stats.current_bid ?? lot.bid_stats.opening_bid)}</td>
      <td className="staff-table__action">
        <div className="desk-actions">
          {lot.editable && !editing && (
            <button type="button" className="button button--ghost button--small" onClick={() => setEditing(true)} aria-label={`Edit lot ${lot.reference_no}`}>Edit</button>
          )}
          {open && <FeatureToggle lot={lot} onDone={onChanged} onError={onError} />}
          {open && (
            <WithdrawAction lot={lot} onError={onError}
              onDone={(l) => { pushToast({ kind: 'success', title: 'Lot withdrawn', text: l.reference_no }); onChanged(); }} />
          )}
        </div>
      </td>
    </tr>
  );
}

export function LotsDesk({ auctionId, onAuction }: { auctionId: string | null; onAuction: (id: string) => void }) {
  const auctions = useAsync((signal) => fetchStaffAuctions(signal), []);
  const chosen = auctionId ?? auctions.data?.[0]?.id ?? null;
  const lots = useAsync((signal) => (chosen ? fetchStaffLots(chosen, signal) : Promise.resolve([] as StaffLot[])), [chosen]);
  const { dialog, show } = useErrorDialog();
  const options = (auctions.data ?? []).map((a) => ({ value: a.id, label: `${auctionLabel(a)} (${formatDateTime(a.start_date)})` }));
  const current = auctions.data?.find((a) => a.id === chosen);

  if (auctions.error) return <div className="container section"><ErrorNote error={auctions.error} onRetry={auctions.reload} /></div>;
  if (!auctions.data) return <div className="container section"><Spinner label="Loading auctions" /></div>;
  return (
    <div className="container section staff-desk catalogue-desk">
      {dialog}
      {options.length === 0 ? <Empty title="Create an auction first" /> : (
        <>
          <div className="staff-desk__filters">
            <SelectField label="Auction" options={options} value={chosen ?? ''} onValue={onAuction} />
          </div>
          {current?.status === 'next' && chosen && <ConsignForm auctionId={chosen} onDone={() => { lots.reload(); auctions.reload(); }} />}
          {lots.error ? <ErrorNote error={lots.error} onRetry={lots.reload} /> : !lots.data ? <Spinner label="Loading lots" /> : lots.data.length === 0 ? (
            <Empty title="No lots in this auction yet" />
          ) : (
            <table className="table staff-table catalogue-lots" aria-busy={lots.loading}>
              <caption className="visually-hidden">Lots</caption>
              <thead><tr><th scope="col">Lot</th><th scope="col">Title</th><th scope="col">Ends</th><th scope="col">Status</th><th scope="col">Bids</th><th scope="col">Price</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr></thead>
              <tbody>{lots.data.map((lot) => <LotRow key={lot.id} lot={lot} onChanged={lots.reload} onError={show} />)}</tbody>
            </table>
          )}
        </>
      )}
    </div>
  );
}
