/**
 * /how-to-buy: the bidding rules and the increment table from GET /api/bid_increments/. Fees, payment days, storage
 * and carriers are the house's settings (GET /api/auction_settings/, /api/shipping_info/), the soft close and the
 * default opening bid the domain's constants (docs/content.md "Copy from data").
 */
import { Link } from 'wouter';
import { fetchBidIncrements } from '../api/lots';
import { fetchLegalFacts, type LegalFacts } from '../features/content/legal/house-facts';
import { DEFAULT_OPENING_BID } from '../../../domain/catalogue/lot/increments';
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

function Steps({ f }: { f: LegalFacts }) {
  const { fees, shipping: s } = f;
  const close = f.softCloseMinutes;
  return (
    <>
      <h2>1. Register</h2>
      <p>Create an account and verify your email. Before your first bid we ask for a one-off registration fee of £{fees.registration_fee}, paid by card.</p>
      <h2>2. Bid with a maximum</h2>
      <p>
        Every bid is a maximum bid. We bid on your behalf only as much as needed to keep you in the lead, one increment
        at a time, up to your maximum. If two bidders set the same maximum, the earlier one wins. Bids are binding.
      </p>
      <p>The next acceptable bid is the current bid plus the increment below; the opening bid is {formatPence(DEFAULT_OPENING_BID)} unless the lot says otherwise.</p>
      <h2>3. The close</h2>
      <p>
        Each lot closes at the auction's end time. A bid in a lot's last {close} minutes extends that lot to {close} minutes
        after the bid, so there is always time to answer. Our server's clock decides.
      </p>
      <h2>4. Pay and collect</h2>
      <p>
        Winning lots carry a buyer's premium of {fees.buyers_commission_percent}% of the hammer price, with VAT at
        {' '}{fees.vat_percent}% on the premium, and on the hammer too where a lot is marked VAT. Payment is due within
        {' '}{fees.payment_due_days} days. We store your lots free for {s.storage.free_days} days and ship insured
        by {f.carriers}. See <Link href="/shipping-info" className="text-link">shipping information</Link>.
      </p>
    </>
  );
}

export function HowToBuyPage() {
  const facts = useAsync(() => fetchLegalFacts(), []);
  return (
    <>
      <PageHead title="How to Buy" eyebrow="Buying">
        <p>Everything you need to bid with confidence, from registration to delivery.</p>
      </PageHead>
      <div className="container section two-col">
        <div className="prose">
          {facts.error ? <ErrorNote error={facts.error} onRetry={facts.reload} /> : !facts.data ? <Spinner label="Loading the rules" /> : <Steps f={facts.data} />}
        </div>
        <aside>
          <IncrementTable />
          <p className="field__hint">The increment depends on the current price of the lot.</p>
        </aside>
      </div>
    </>
  );
}
