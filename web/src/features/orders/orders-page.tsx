/**
 * /account/orders: the buyer's orders history (spec 2: expandable rows, print, PDF), paged, with the number of
 * orders and their total above the list.
 */
import { useState } from 'react';
import { Link } from 'wouter';
import { Empty, ErrorNote, Spinner } from '../../components/feedback';
import { useAsync } from '../../components/hooks';
import { PageHead, RequireAuth } from '../../components/page-head';
import { Pager } from '../../components/pager';
import { formatGBP } from '../../lib/money';
import { pushToast } from '../../state/toasts';
import { useErrorDialog } from '../../components/error-dialog';
import { downloadInvoice, fetchOrdersHistory, type Order } from './api';
import { OrderRow } from './order-row';
import { askToCancelOrder } from '../../components/cancel-order';
import './orders.css';

function OrdersHistory() {
  const [page, setPage] = useState(1);
  const list = useAsync((signal) => fetchOrdersHistory(page, signal), [page]);
  const errors = useErrorDialog();

  const pdf = async (order: Order) => {
    try {
      await downloadInvoice(order.id);
    } catch (e) {
      errors.show(e);
    }
  };
  const blocked = () =>
    pushToast({ kind: 'warning', title: 'The print window was blocked', text: 'Allow pop-ups for this site, or download the PDF and print it.' });

  const data = list.data;
  return (
    <div className="container section orders">
      {list.error && !data ? (
        <ErrorNote error={list.error} onRetry={list.reload} />
      ) : !data ? (
        <Spinner label="Loading your orders" />
      ) : data.count === 0 ? (
        <Empty title="No orders yet">
          <p>When you pay for the lots you have won, your orders and their invoices appear here.</p>
          <p><Link href="/checkout" className="text-link">Go to checkout</Link></p>
        </Empty>
      ) : (
        <>
          <p className="orders__totals" aria-live="polite">
            <span>{data.count} {data.count === 1 ? 'order' : 'orders'}</span>
            {/* The server sums the orders listed: this page's when there are several. */}
            <span>{data.count_page > 1 ? 'Total on this page' : 'Total'} <strong>{formatGBP(data.amount)}</strong></span>
          </p>
          <ul className="orders__list" aria-busy={list.loading}>
            {data.results.map((o) => <OrderRow key={o.id} order={o} onPdf={pdf} onPrintBlocked={blocked} onCancel={(order) => askToCancelOrder(order, list.reload)} />)}
          </ul>
          <Pager page={page} totalPages={data.count_page} onPage={setPage} />
        </>
      )}
      {errors.dialog}
    </div>
  );
}

export function OrdersPage() {
  return (
    <>
      <PageHead title="Orders" eyebrow="My account">
        <p>Your paid and pending orders: open one to see its lots and costs, print it, or download its invoice.</p>
      </PageHead>
      <RequireAuth what="your orders">
        <OrdersHistory />
      </RequireAuth>
    </>
  );
}
