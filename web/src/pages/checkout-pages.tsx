/** /checkout (titled Checkout, banner Payment Checkout) and /checkout-success. */
import { useEffect } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { get, isNotFound } from '../api/http';
import { Empty, ErrorNote, Spinner } from '../components/feedback';
import { useAsync, useTitle } from '../components/hooks';
import { PageHead, RequireAuth } from '../components/page-head';
import { formatGBP } from '../lib/money';
import { toList } from '../lib/normalize';

interface WonItem {
  lot: { id: string | number; reference_no?: string; item?: { title?: string }; custom_title?: string; vat_enabled?: boolean };
  price_paid?: string;
  buyers_premium?: string;
}

function WonItems() {
  const { data, error, reload } = useAsync(async () => toList<WonItem>(await get('/api/checkout/won_items/', { page_size: 9999 }).catch((e) => (isNotFound(e) ? [] : Promise.reject(e)))), []);
  if (error) return <ErrorNote error={error} onRetry={reload} />;
  if (!data) return <Spinner />;
  if (!data.length) return <Empty title="Nothing to pay for">Lots you win will be listed here for payment.</Empty>;
  return (
    <div className="table-wrap">
      <table className="table">
        <caption>Item Summary</caption>
        <thead><tr><th scope="col">Lot</th><th scope="col">Hammer</th><th scope="col">Buyer's premium</th></tr></thead>
        <tbody>
          {data.map((w) => (
            <tr key={w.lot.id}>
              <td><Link href={`/product/${w.lot.id}`}>{w.lot.custom_title || w.lot.item?.title || `Lot ${w.lot.id}`}</Link></td>
              <td>{formatGBP(w.price_paid)}</td>
              <td>{formatGBP(w.buyers_premium)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function CheckoutPage() {
  useTitle('Checkout');
  const search = useSearch();
  const [, navigate] = useLocation();
  // The id and type parameters are read once, then the address becomes plain /checkout.
  useEffect(() => {
    if (search) navigate('/checkout', { replace: true });
  }, [search, navigate]);
  return (
    <>
      <header className="page-head page-head--banner">
        <div className="container">
          <p className="eyebrow">Checkout</p>
          <h1>Payment Checkout</h1>
          <p className="page-head__text">Please complete payment process</p>
        </div>
      </header>
      <RequireAuth what="your checkout">
        <div className="container section narrow">
          <WonItems />
        </div>
      </RequireAuth>
    </>
  );
}

export function CheckoutSuccessPage() {
  const flow = new URLSearchParams(useSearch()).get('flow_type');
  const sell = flow === 'sell-request';
  return (
    <>
      <PageHead title={sell ? 'Sell request received' : 'Thank you for your order'} eyebrow="Success" />
      <div className="container section narrow prose">
        <p>
          {sell
            ? 'We have your sell request. We will email you the next steps and let you know when your items arrive.'
            : 'Order payment has been processed successfully. A confirmation is on its way to your inbox.'}
        </p>
        <Link href={sell ? '/account/sellers-area' : '/account/buyers-area'} className="button button--primary">
          {sell ? "Go to the seller's area" : "Go to the buyer's area"}
        </Link>
      </div>
    </>
  );
}
