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

export function HeldOrders() {
  const [held, setHeld] = useState<HeldOrder[]>([]);
  useEffect(() => {
    const abort = new AbortController();
    fetchHeldOrders(abort.signal).then(setHeld, () => setHeld([]));
    return () => abort.abort();
  }, []);
  if (held.length === 0) return null;
  return (
    <div className="held-orders" role="status">
      <ul className="held-orders__list">
        {held.map((o) => (
          <li key={o.id}>Order {o.reference_no} is awaiting payment and holds {lotCount(o.lots.length)}.</li>
        ))}
      </ul>
      <p>A card payment not completed within 30 minutes of placing the order gives its lots back here, to pay for again.</p>
      <p><Link href={ORDERS_PATH} className="text-link">See your orders</Link></p>
    </div>
  );
}
