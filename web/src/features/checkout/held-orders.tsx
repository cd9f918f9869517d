/**
 * Won lots not in the checkout because an order still awaiting payment holds them: under "Nothing to pay for" when
 * every lot is held, else at the foot of the checkout's sections, after the lots still to pay for. That happens after a card payment that was interrupted or whose bank check was closed, or while a bank transfer is on
 * its way. Says which order holds how many lots, and what happens to a card order left unpaid (the house's 30-minute
 * sweep gives its lots back here: docs/checkout.md "Card returns, late answers, abandoned challenges"). A card order
 * can be cancelled here at once (POST /api/orders/{id}/cancel/), which gives its lots back to pay for again.
 */
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { fetchHeldOrders, type HeldOrder } from './api';
import { askToCancelOrder, buyerMayCancel } from '../../components/cancel-order';
import { mayPass } from '../../api/http';

const ORDERS_PATH = '/account/orders';
/** The waits before asking again after a failure that may pass (no network, the server busy or down). */
const HELD_RETRY_MS = [2_000, 5_000] as const;

const lotCount = (n: number) => (n === 1 ? '1 lot' : `${n} lots`);

/**
 * The held orders: null until known, so the page shows "Nothing to pay for" once, with them, instead of moving its
 * text down when they arrive. Asked at once, beside the checkout's lists (one small read), not after them: waiting
 * for the lists first put the swap to "Nothing to pay for" a request later, after the checkout's sections had grown,
 * and moved the page under it. A failed ask shows none, and one that may pass is asked again twice. `reload` asks
 * again, keeping the ones shown meanwhile.
 */
export function useHeldOrders(): { orders: HeldOrder[] | null; reload: () => Promise<void> } {
  const [orders, setOrders] = useState<HeldOrder[] | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;
    const ask = (attempt: number) => fetchHeldOrders(abort.signal).then(setOrders, (e: unknown) => {
      if (abort.signal.aborted) return;
      // None shown meanwhile (the page does not wait on them); a failure that may pass is asked again.
      setOrders((shown) => shown ?? []);
      const wait = HELD_RETRY_MS[attempt];
      if (wait !== undefined && mayPass(e)) retry = setTimeout(() => ask(attempt + 1), wait);
    });
    void ask(0);
    return () => {
      abort.abort();
      clearTimeout(retry);
    };
  }, []);
  const reload = useCallback(() => fetchHeldOrders().then(setOrders, () => {}), []);
  return { orders, reload };
}

interface HeldOrdersProps {
  orders: HeldOrder[];
  onCancelled: () => Promise<void>;
  /** Beside lots still to pay for: says these are not among them. */
  inline?: boolean;
}

export function HeldOrders({ orders, onCancelled, inline = false }: HeldOrdersProps) {
  if (orders.length === 0) return null;
  const anyCard = orders.some(buyerMayCancel);
  return (
    <div className={inline ? 'held-orders held-orders--inline' : 'held-orders'} role="status">
      {inline && <p className="held-orders__lead">Not in this checkout:</p>}
      <ul className="held-orders__list">
        {orders.map((o) => (
          <li key={o.id}>
            Order {o.reference_no} is awaiting payment and holds {lotCount(o.lots.length)}.
            {buyerMayCancel(o) && (
              <>
                {' '}
                <button type="button" className="link-button" onClick={() => askToCancelOrder(o, onCancelled)}>Cancel order {o.reference_no}</button>
              </>
            )}
          </li>
        ))}
      </ul>
      {anyCard && <p>A card payment not completed within 30 minutes of placing the order gives its lots back here, to pay for again. Cancel the order to have them back now.</p>}
      <p><Link href={ORDERS_PATH} className="text-link">See your orders</Link></p>
    </div>
  );
}
