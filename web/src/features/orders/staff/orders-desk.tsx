/**
 * Staff: the orders, by status and search. An unpaid bank or in-store order is marked paid with the payment's
 * reference (the order then completes: lots paid, sellers credited); an unpaid order can be cancelled with a reason
 * (its lots are free to order again); a paid order is moved forward to one of the statuses its service allows.
 */
import { useState } from 'react';
import { Empty, ErrorNote, Spinner } from '../../../components/feedback';
import { SelectField } from '../../../components/field';
import { useAsync } from '../../../components/hooks';
import { Pager } from '../../../components/pager';
import { formatShortDate } from '../../../lib/dates';
import { formatGBP } from '../../../lib/money';
import { pushToast } from '../../../state/toasts';
import { STATUS_LABELS, statusLabel } from '../../../lib/order-labels';
import { useDebounced } from '../../../components/use-debounced';
import { useErrorDialog } from '../../../components/error-dialog';
import { fetchStaffOrders, type StaffOrder } from './api';
import { OrderActions, type Done } from './order-actions';
import { PAYMENT_LABELS, SERVICE_LABELS } from './rules';
import '../../../components/order-status.css';
import '../../../components/staff-desk.css';
import './staff-orders.css';
import { personName } from '../../../lib/normalize';

const FILTERS = [
  { value: '', label: 'All orders' },
  ...Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label })),
];

const DONE_TEXT: Record<Done['action'], string> = {
  paid: 'Payment recorded',
  moved: 'Order moved forward',
  cancelled: 'Order cancelled',
};

export function OrdersDesk() {
  const [status, setStatus] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = useDebounced(search);
  const list = useAsync((signal) => fetchStaffOrders({ status, search: query, page }, signal), [status, query, page]);
  const [changed, setChanged] = useState<Record<string, string>>({});
  const errors = useErrorDialog();

  const onDone = (o: StaffOrder, done: Done) => {
    // Shown at once; the list is re-read for what the server now says (the next statuses, the reference).
    setChanged((c) => ({ ...c, [o.id]: done.status }));
    pushToast({ kind: 'success', title: DONE_TEXT[done.action], text: `Order ${o.order_number} · ${statusLabel(done.status)}` });
    list.reload();
  };
  const rows = (list.data?.results ?? []).map((o) => (changed[o.id] && changed[o.id] !== o.status && list.loading ? { ...o, status: changed[o.id] } : o));

  return (
    <div className="container section staff-desk">
      <div className="staff-desk__filters" role="search">
        <div className="field">
          <label htmlFor="staff-order-search">Search orders</label>
          <input id="staff-order-search" type="search" placeholder="Order number, name or email" value={search} onChange={(e) => { setSearch(e.target.value); setPage(1); }} />
        </div>
        <SelectField label="Status" options={FILTERS} value={status} onValue={(v) => { setStatus(v); setPage(1); setChanged({}); }} />
      </div>
      <p className="staff-desk__count" aria-live="polite">
        {list.data ? `${list.data.count} ${list.data.count === 1 ? 'order' : 'orders'}` : 'Loading orders…'}
      </p>
      {list.error && !list.data ? <ErrorNote error={list.error} onRetry={list.reload} /> : !list.data ? <Spinner label="Loading orders" /> : rows.length === 0 ? (
        <Empty title="No orders here" />
      ) : (
        <table className="table staff-table staff-orders" aria-busy={list.loading}>
          <caption className="visually-hidden">Orders</caption>
          <thead>
            <tr>
              <th scope="col">Order</th><th scope="col">Buyer</th><th scope="col">Service</th><th scope="col">Total</th>
              <th scope="col">Status</th><th scope="col"><span className="visually-hidden">Action</span></th>
            </tr>
          </thead>
          <tbody>
            {rows.map((o) => (
              <tr key={o.id}>
                <th scope="row" data-label="Order">
                  {o.order_number}
                  <span className="staff-table__sub">{formatShortDate(o.created_at)} · {o.lots.length} {o.lots.length === 1 ? 'lot' : 'lots'}</span>
                </th>
                <td data-label="Buyer">{personName(o.user)}<span className="staff-table__sub">{o.user.email}</span></td>
                <td data-label="Service">
                  {SERVICE_LABELS[o.service] ?? o.service}
                  {o.payment_method && <span className="staff-table__sub">{PAYMENT_LABELS[o.payment_method] ?? o.payment_method}</span>}
                </td>
                <td data-label="Total" className="staff-table__money">
                  {formatGBP(o.summary.total)}
                  {o.status === 'awaiting_payment' && o.amount_due !== o.summary.total && <span className="staff-table__sub">Due {formatGBP(o.amount_due)}</span>}
                </td>
                <td data-label="Status">
                  <span className={`order-status order-status--${o.status}`}>{statusLabel(o.status)}</span>
                  {o.paid_reference && <span className="staff-table__sub">Ref. {o.paid_reference}</span>}
                  {o.cancel_reason && <span className="staff-table__sub">Reason: {o.cancel_reason}</span>}
                </td>
                <td className="staff-table__action"><OrderActions order={o} onDone={onDone} onError={errors.show} /></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {list.data && <Pager page={page} totalPages={list.data.total_pages} onPage={setPage} />}
      {errors.dialog}
    </div>
  );
}
