/** /how-to-buy: the bidding rules and the increment table from GET /api/bid_increments/. */
import { Link } from 'wouter';
import { fetchBidIncrements } from '../api/lots';
import { ErrorNote, Spinner } from '../components/feedback';
import { useAsync } from '../components/hooks';
import { PageHead } from '../components/page-head';
import { formatPence } from '../lib/money';

function IncrementTable() {
  const { data, error, reload } = useAsync(() => fetchBidIncrements(), []);
  if (error) return <ErrorNote error={error} onRetry={reload} />;
  if (!data) return <Spinner label="Loading the increments" />;
  return (
    <div className="table-wrap">
      <table className="table table--increments">
        <caption>Bid increments</caption>
        <thead>
          <tr><th scope="col">Current price</th><th scope="col">Increment</th></tr>
        </thead>
        <tbody>
          {data.map((r) => (
            <tr key={r.from}>
              <td>{r.to === null ? `${formatPence(r.from)} and over` : r.from === 0 ? `Under ${formatPence(r.to)}` : `${formatPence(r.from)} – ${formatPence(r.to - 1)}`}</td>
              <td>{formatPence(r.step)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function HowToBuyPage() {
  return (
    <>
      <PageHead title="How to Buy" eyebrow="Buying">
        <p>Everything you need to bid with confidence, from registration to delivery.</p>
      </PageHead>
      <div className="container section two-col">
        <div className="prose">
          <h2>1. Register</h2>
          <p>Create an account and verify your email. Before your first bid we ask for a one-off registration fee of £5, paid by card.</p>
          <h2>2. Bid with a maximum</h2>
          <p>
            Every bid is a maximum bid. We bid on your behalf only as much as needed to keep you in the lead, one increment
            at a time, up to your maximum. If two bidders set the same maximum, the earlier one wins. Bids are binding.
          </p>
          <p>The next acceptable bid is the current bid plus the increment below; the opening bid is £10 unless the lot says otherwise.</p>
          <h2>3. The close</h2>
          <p>
            Each lot closes at the auction's end time. A bid in a lot's last 3 minutes extends that lot to 3 minutes after the
            bid, so there is always time to answer. Our server's clock decides.
          </p>
          <h2>4. Pay and collect</h2>
          <p>
            Winning lots carry a buyer's premium of 12.5% of the hammer price, with VAT at 20% on the premium, and on the
            hammer too where a lot is marked VAT. Payment is due within 7 days. We store your lots free for 45 days and ship
            insured by DPD, DHL or UPS. See <Link href="/shipping-info" className="text-link">shipping information</Link>.
          </p>
        </div>
        <aside>
          <IncrementTable />
          <p className="field__hint">The increment depends on the current price of the lot.</p>
        </aside>
      </div>
    </>
  );
}
