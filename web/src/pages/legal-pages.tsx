/** /terms-and-conditions and /privacy-policy. */
import { PageHead } from '../components/page-head';
import { SITE } from '../lib/site';

export function TermsPage() {
  return (
    <>
      <PageHead title="Terms and Conditions" eyebrow="Legal" />
      <div className="container section narrow prose">
        <h2>1. Bidding</h2>
        <p>Bidders must be 18 or over and registered. Every bid is a maximum bid placed with us as agent; bids are binding and cannot be withdrawn. A seller may not bid on their own lot.</p>
        <h2>2. Closing</h2>
        <p>Each lot closes at its end time as kept by our server. A valid bid in the last 3 minutes extends the lot to 3 minutes after that bid.</p>
        <h2>3. Buyer’s costs</h2>
        <p>The buyer pays the hammer price plus a buyer’s premium of 12.5%, VAT at 20% on the premium, and VAT at 20% on the hammer for lots marked VAT. Card payments carry a 3% surcharge.</p>
        <h2>4. Payment and storage</h2>
        <p>Payment is due within 7 days of the auction’s end, after which a late payment fee of 5% applies. Lots are stored free for 45 days, then at £3 per lot per 30 days.</p>
        <h2>5. Sellers</h2>
        <p>Sellers pay a commission of 5% of the hammer price, a listing fee of £5 per lot and a reserve fee of £5 per lot with a reserve. Proceeds are credited once the buyer has paid.</p>
        <p>{SITE.name}, {SITE.address}.</p>
      </div>
    </>
  );
}

export function PrivacyPage() {
  return (
    <>
      <PageHead title="Privacy Policy" eyebrow="Legal" />
      <div className="container section narrow prose">
        <h2>What we keep</h2>
        <p>Your account details, your bids and orders, and the addresses you give us. Card numbers are never stored by us: saved cards are tokens held by our payment provider, with the last four digits.</p>
        <h2>Cookies</h2>
        <p>Essential cookies keep you signed in (a refresh token that page scripts cannot read, sent only to our sign-in service) and remember your choices. Optional cookies are used only with your consent.</p>
        <h2>Emails</h2>
        <p>We email you about your account, your bids and your orders. Newsletters are sent only if you subscribe, and every one has an unsubscribe link.</p>
        <h2>Your rights</h2>
        <p>You may ask for a copy of your data, or for its correction or deletion, by writing to {SITE.email}.</p>
      </div>
    </>
  );
}
