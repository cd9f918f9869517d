/**
 * "Nothing to pay for", yet the buyer won lots: they are in an order still awaiting payment, which holds them. That
 * happens after a card payment that was interrupted or whose bank check was closed, or while a bank transfer is on
 * its way. Says which order holds how many lots, and what happens to a card order left unpaid (the house's 30-minute
 * sweep gives its lots back here: docs/checkout.md "Card returns, late answers, abandoned challenges").
 */
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { fetchHeldOrders, type HeldOrder } from './api';

const ORDERS_PATH = '/account/orders';

const lotCount = (n: number) => (n === 1 ? '1 lot' : `${n} lots`);

/**
 * The held orders: null until known, so the page shows "Nothing to pay for" once, with them, instead of moving its
 * text down when they arrive. Asked at once, beside the checkout's lists (one small read), not after them: waiting
 * for the lists first put the swap to "Nothing to pay for" a request later, after the checkout's sections had grown,
 * and moved the page under it. A failed ask shows none.
 */
export function useHeldOrders(): HeldOrder[] | null {
  const [held, setHeld] = useState<HeldOrder[] | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    fetchHeldOrders(abort.signal).then(setHeld, () => !abort.signal.aborted && setHeld([]));
    return () => abort.abort();
  }, []);
  return held;
}

export function HeldOrders({ orders }: { orders: HeldOrder[] }) {
  if (orders.length === 0) return null;
  return (
    <div className="held-orders" role="status">
      <ul className="held-orders__list">
        {orders.map((o) => (
          <li key={o.id}>Order {o.reference_no} is awaiting payment and holds {lotCount(o.lots.length)}.</li>
        ))}
      </ul>
      <p>A card payment not completed within 30 minutes of placing the order gives its lots back here, to pay for again.</p>
      <p><Link href={ORDERS_PATH} className="text-link">See your orders</Link></p>
    </div>
  );
}
