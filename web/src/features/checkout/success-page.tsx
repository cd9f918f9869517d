/**
 * /checkout-success: after an order (flow_type=checkout) the order number, what is due and how to pay it, what
 * happens next for the chosen service, and the way to the orders history and the account; after a sell request
 * (flow_type=sell-request) the sell request's variant (sell-success.tsx). An order placed through
 * the card check arrives here without the order in memory: the newest order is read, and the page says its real
 * status (paid, awaiting payment, cancelled), or that there is nothing to show. The address proves nothing: the
 * unpaid-lots notice is cleared only after an order this tab placed (the server's answer) or whose card payment the
 * server confirmed (state/payment-results).
 */
import { useEffect, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { useSnapshot } from 'valtio';
import { Spinner } from '../../components/feedback';
import { PageHead, RequireAuth } from '../../components/page-head';
import { formatGBP, toPence } from '../../lib/money';
import { session } from '../../state/session';
import { paymentResults } from '../../state/payment-results';
import { SellRequestSuccess } from './sell-success';
import { clearUnpaidNotice, fetchLatestOrder, type LatestOrder } from './api';
import { checkout, type PlacedOrder } from './checkout-store';
import { BankDetails, StoreDetails } from '../../components/house-details';
import type { PaymentMethod, Service } from './types';
import './checkout.css';
import './success.css';

const ORDERS_HISTORY_PATH = '/account/orders';

const NEXT: Record<Service, string> = {
  delivery: 'We pack your bottles with care and send them to your shipping address. You will get an email with the tracking details when they leave us.',
  storage: 'Your bottles stay in our bonded warehouse for the period you chose. We email you before the storage runs out.',
  collection: 'We get your bottles ready and email you when they are ready for collection. Please bring photo ID.',
  wallet_settle: 'Your wallet balance is settled. You can bid and check out as usual.',
};

const HOW_TO_PAY: Record<PaymentMethod, string> = {
  CARD: 'by card',
  UK_BANK: 'to pay by UK bank transfer',
  INT_BANK: 'to pay by international bank transfer',
  IN_STORE: 'to pay at our store',
};

function clearNotice(): void {
  clearUnpaidNotice().catch(() => {}); // shown again at worst: nothing is lost
  const user = session.user as (typeof session.user & { unpaid_lots_to_notify?: unknown }) | null;
  if (user) user.unpaid_lots_to_notify = false;
}

function OrderOutcome() {
  const snap = useSnapshot(checkout);
  const { paidOrderIds } = useSnapshot(paymentResults);
  const placed = snap.placed as PlacedOrder | null;
  const [latest, setLatest] = useState<LatestOrder | null | undefined>(placed?.order ? null : undefined);

  useEffect(() => {
    if (placed?.order) return;
    const ctrl = new AbortController();
    fetchLatestOrder(ctrl.signal).then((o) => setLatest(o), () => !ctrl.signal.aborted && setLatest(null));
    return () => ctrl.abort();
  }, [placed]);

  const cancelled = latest?.status === 'cancelled';
  const realOrder = !!placed?.order || (!!latest && !cancelled && paidOrderIds.includes(latest.id));
  useEffect(() => {
    if (realOrder) clearNotice();
  }, [realOrder]);

  if (latest === undefined) return <Spinner label="Loading your order" />;
  if (!placed?.order && !latest) {
    return (
      <div className="checkout-success">
        <p className="lead-text" role="status">There is no order to show here.</p>
        <p><Link href="/checkout" className="button button--primary">Go to checkout</Link></p>
      </div>
    );
  }
  if (cancelled && !placed?.order) {
    return (
      <div className="checkout-success">
        <p className="form-error" role="alert">Your card payment did not go through, so the order was not placed. Nothing was charged.</p>
        <p><Link href="/checkout" className="button button--primary">Back to checkout</Link></p>
      </div>
    );
  }

  const order = placed?.order;
  const number = order?.order_number ?? latest?.reference_no ?? null;
  // The server's word: the order it has just answered, or the newest order's status.
  const due = order ? toPence(order.amount_due ?? '0') ?? 0 : latest?.status === 'paid' ? 0 : null;
  const method = placed?.method ?? null;
  const service = placed?.service ?? null;
  return (
    <div className="checkout-success">
      <div className="checkout-success__card">
        <p className="checkout-success__mark" aria-hidden="true">✓</p>
        <h2>{due === 0 ? 'Your order is paid' : 'Your order is placed'}</h2>
        {number && <p className="checkout-success__number">Order number <strong>{number}</strong></p>}
        {due === null ? (
          <p className="lead-text">Your order is waiting for its payment. We email you as soon as it is paid; your orders show its status.</p>
        ) : due > 0 ? (
          <>
            <p className="lead-text">Amount due: <strong>{formatGBP(order?.amount_due)}</strong>{method ? `, ${HOW_TO_PAY[method]}` : ''}.</p>
            {(method === 'UK_BANK' || method === 'INT_BANK') && (
              <>
                <BankDetails location={method === 'UK_BANK' ? 'UK' : 'INT'} bank={order?.bank_details} />
                <p className="checkout-muted">Please quote <strong>{number}</strong> as the payment reference. We confirm by email once your payment arrives; your lots are reserved for you until then.</p>
              </>
            )}
            {method === 'IN_STORE' && (
              <>
                <StoreDetails store={order?.store_info} title="Pay at our store" />
                <p className="checkout-muted">Please quote <strong>{number}</strong> when you pay.</p>
              </>
            )}
          </>
        ) : (
          <p className="lead-text">Order payment has been processed successfully. A confirmation is on its way to your inbox.</p>
        )}
        <h3>What happens next</h3>
        <p>{service ? NEXT[service] : 'We email you as your order moves along: when it is paid, and when it is on its way or ready.'}</p>
        <div className="checkout-success__actions">
          <Link href={ORDERS_HISTORY_PATH} className="button button--primary">View your orders</Link>
          <Link href="/account/buyers-area" className="button button--ghost">Go to your account</Link>
        </div>
      </div>
    </div>
  );
}

export function CheckoutSuccessPage() {
  const flow = new URLSearchParams(useSearch()).get('flow_type');
  if (flow === 'sell-request') return <SellRequestSuccess />;
  return (
    <>
      <PageHead title="Thank you for your order" eyebrow="Checkout" />
      <RequireAuth what="your order">
        <div className="container section narrow">
          <OrderOutcome />
        </div>
      </RequireAuth>
    </>
  );
}
