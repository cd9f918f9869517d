/**
 * One order of the history: a row that expands (the order number, date, status and total always in sight) into its
 * lots and the price summary, with Print and Download PDF, and Cancel for a card order still awaiting payment.
 */
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { LotImage } from '../../components/lot-image';
import { formatShortDate } from '../../lib/dates';
import { formatGBP } from '../../lib/money';
import { statusLabel } from '../../lib/order-labels';
import type { Order } from './api';
import { printOrder, summaryLines } from './print';
import { buyerMayCancel } from '../../components/cancel-order';
import '../../components/order-status.css';

interface Props {
  order: Order;
  onPdf: (order: Order) => Promise<void>;
  onPrintBlocked: () => void;
  onCancel: (order: Order) => void;
}

export function OrderRow({ order, onPdf, onPrintBlocked, onCancel }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const count = order.lots.length;
  const pdf = async () => {
    setBusy(true);
    try {
      await onPdf(order);
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className={`order-row${open ? ' is-open' : ''}`}>
      <h2 className="order-row__heading">
        <button type="button" className="order-row__toggle" aria-expanded={open} aria-controls={`${id}-body`} onClick={() => setOpen(!open)}>
          <span className="order-row__number">Order {order.reference_no}</span>
          <span className="order-row__date">{formatShortDate(order.created_at)}</span>
          <span className={`order-status order-status--${order.status}`}>{statusLabel(order.status)}</span>
          <span className="order-row__count">{count} {count === 1 ? 'lot' : 'lots'}</span>
          <span className="order-row__total">{formatGBP(order.summary?.total)}</span>
          <span className="order-row__chevron" aria-hidden="true" />
        </button>
      </h2>
      <div id={`${id}-body`} className="order-row__body" role="region" aria-label={`Order ${order.reference_no}`} hidden={!open}>
        {open && (
          <>
            <ul className="order-lots">
              {order.lots.map((l) => (
                <li key={l.lot_id} className="order-lot">
                  <div className="order-lot__media">
                    <LotImage photo={l.item_image ? { file: l.item_image } : undefined} alt="" />
                  </div>
                  <div className="order-lot__text">
                    <Link href={`/product/${l.lot_id}`} className="order-lot__title">{l.title}</Link>
                    {l.subtitle && <span className="order-lot__sub">{l.subtitle}</span>}
                  </div>
                  <span className="order-lot__total">{formatGBP(l.total)}</span>
                </li>
              ))}
            </ul>
            <div className="order-row__foot">
              <dl className="order-summary">
                {summaryLines(order).map((line) => (
                  <div key={line.label} className={line.total ? 'order-summary__total' : line.note ? 'order-summary__note' : undefined}>
                    <dt>{line.label}</dt>
                    <dd>{line.value}</dd>
                  </div>
                ))}
              </dl>
              <div className="order-row__actions">
                {buyerMayCancel(order) && (
                  <button type="button" className="button button--ghost button--small" onClick={() => onCancel(order)} aria-label={`Cancel order ${order.reference_no}`}>
                    Cancel order
                  </button>
                )}
                <button type="button" className="button button--ghost button--small" onClick={() => { if (!printOrder(order)) onPrintBlocked(); }}>
                  Print
                </button>
                <button type="button" className="button button--primary button--small" onClick={pdf} disabled={busy} aria-label={`Download PDF of order ${order.reference_no}`}>
                  {busy ? 'Preparing PDF…' : 'Download PDF'}
                </button>
              </div>
            </div>
          </>
        )}
      </div>
    </li>
  );
}
