/**
 * /terms-and-conditions: what buying and selling here really involves, every figure from the house's settings
 * (./house-facts.ts). Static words around live figures, like the FAQ and shipping pages (docs/content.md).
 */
import { Link } from 'wouter';
import { ErrorNote, Spinner } from '../../../components/feedback';
import { PageHead } from '../../../components/page-head';
import { SITE } from '../../../lib/site';
import { useLegalFacts, type LegalFacts } from './house-facts';
import '../content.css';
import { CARD_PAYMENT_LIMIT_PENCE } from '../../../../../domain/checkout/rates';
import { formatPounds } from '../../../../../domain/catalogue/lot/format';

function Terms({ f }: { f: LegalFacts }) {
  const { fees, shipping: s, contacts } = f;
  return (
    <>
      <p className="legal-updated">These terms apply to everyone who registers, bids, buys or sells with {SITE.name} ({contacts.jw_address}).</p>
      <h2 id="accounts">1. Your account</h2>
      <p>
        You must be {f.adultAge} or over to register. You give us your real name, email address, date of birth and phone
        number and keep them up to date; you confirm your email address before you can bid. Before your first bid you pay a
        one-off registration fee of <span data-fact="registration_fee">£{fees.registration_fee}</span> by card. Keep your
        password to yourself: bids placed from your account are yours.
      </p>
      <h2 id="bidding">2. Bidding</h2>
      <p>
        Every bid is a maximum bid: we bid on your behalf, one increment at a time, up to your maximum and no further. A bid
        is an offer to buy that you cannot withdraw. You may set a spending cap for an auction in your buyer's area; bids
        that would go over it are refused. A seller may not bid on their own lots.
      </p>
      <p>
        Each lot closes at its end time as kept by our server. A bid in the last {f.softCloseMinutes} minutes moves that
        lot's end to {f.softCloseMinutes} minutes after the bid, so nobody wins by bidding at the last second. When a lot
        closes, the highest bidder wins it if the reserve (if any) is met; the price is then binding on buyer and seller.
      </p>
      <h2 id="buyers-costs">3. What a buyer pays</h2>
      <ul>
        <li>the hammer price;</li>
        <li>a buyer's premium of <span data-fact="buyers_commission_percent">{fees.buyers_commission_percent}%</span> of the hammer price, plus VAT at {fees.vat_percent}% on the premium;</li>
        <li>VAT at {fees.vat_percent}% on the hammer price of lots marked as subject to VAT;</li>
        <li>a surcharge of {fees.credit_card_surcharge_percent}% when paying by card (card payments up to {formatPounds(CARD_PAYMENT_LIMIT_PENCE)} per order; more by bank transfer);</li>
        <li>delivery, insurance and storage when chosen or due (section 5).</li>
      </ul>
      <p>
        Payment is due within <span data-fact="payment_due_days">{fees.payment_due_days}</span> days of the auction's end.
        After that a late payment fee of {fees.late_payment_fee_percent}% is added. You pay at checkout by card (through
        our payment provider, with 3-D Secure when your bank asks for it), by bank transfer, in our store, or from your
        wallet. Title passes to you when we have received payment in full.
      </p>
      <h2 id="wallet">4. Your wallet</h2>
      <p>
        Your wallet holds money we owe you: seller proceeds, refunds, and any voucher value beyond an order's total. You can
        spend it at checkout or withdraw it to a payout method you have saved; a withdrawal is confirmed with a one-time
        code we email to you, and staff check it before the money is sent. Every movement is listed in your wallet.
      </p>
      <h2 id="delivery">5. Storage, collection and delivery</h2>
      <p>
        Won lots are stored free for <span data-fact="free_days">{s.storage.free_days}</span> days after the auction. After
        that storage costs £{s.storage.fee_per_lot_per_period} per lot per {s.storage.period_days} days, bought at checkout
        for {s.storage.month_options.join(', ')} months; lots left beyond their paid storage cost
        £{s.storage.late_fee_per_lot_per_day} per lot per day.
      </p>
      <p>
        You may collect from our store by appointment, or have lots delivered by {f.carriers}, at the prices on
        our <Link href="/shipping-info" className="text-link">shipping page</Link>. Delivery insurance
        ({s.insurance_percent}% of the hammer price plus premium) is on by default; it covers breakage or loss in transit,
        not leakage. We cannot ship to the countries listed on the shipping page.
      </p>
      <h2 id="sellers">6. Selling</h2>
      <p>
        Sellers pay a commission of <span data-fact="seller_commission_percent">{fees.seller_commission_percent}%</span> of
        the hammer price, a listing fee of £{fees.listing_fee} per lot and a reserve fee of £{fees.reserve_fee} per lot with
        a reserve. You confirm that you own what you consign and may sell it. Proceeds are paid into your wallet once the
        buyer has paid; unsold lots can be relisted, collected or returned.
      </p>
      <h2 id="descriptions">7. Descriptions</h2>
      <p>
        Our specialists describe every lot with care from what they can see and measure, but bottles and casks are sold as
        they are. Fill levels, labels and capsules are shown in the photographs; ask us before bidding if anything matters
        to you.
      </p>
      <h2 id="law">8. Your rights and the law</h2>
      <p>
        Nothing in these terms limits your statutory rights as a consumer. How we use your data is set out in
        our <Link href="/privacy-policy" className="text-link">privacy policy</Link>. Questions: {contacts.email}.
      </p>
    </>
  );
}

export function TermsPage() {
  const { data, error, reload } = useLegalFacts();
  return (
    <>
      <PageHead title="Terms and Conditions" eyebrow="Legal" />
      <div className="container section narrow prose">
        {error ? <ErrorNote error={error} onRetry={reload} /> : !data ? <Spinner label="Loading the terms" /> : <Terms f={data} />}
      </div>
    </>
  );
}
