/** /selling (and its valuation variant, ?valuation=true). */
import { Link, useSearch } from 'wouter';
import { PageHead } from '../components/page-head';

export function SellingPage() {
  const valuation = new URLSearchParams(useSearch()).get('valuation') === 'true';
  return (
    <>
      <PageHead title={valuation ? 'Free Valuation' : 'Sell With Us'} eyebrow="Selling">
        <p>
          {valuation
            ? 'Tell us what you have and our specialists will estimate what it could fetch at auction.'
            : 'Reach collectors worldwide through our monthly online auctions.'}
        </p>
      </PageHead>
      <div className="container section two-col">
        <div className="prose">
          {valuation ? (
            <>
              <h2>What we need</h2>
              <p>For each bottle: a clear photo of the front label, the fill level, and any box or certificate. For casks: the distillery, fill date, cask type and the warehouse that holds it.</p>
              <p>Sign in and send your request from your seller’s area, or email the photos to our specialists.</p>
            </>
          ) : (
            <>
              <h2>Three ways to consign</h2>
              <ul className="ticks">
                <li>Send items by post or courier to our warehouse.</li>
                <li>Drop items at our warehouse in person.</li>
                <li>Book a courier collection from your address.</li>
              </ul>
              <h2>Fees</h2>
              <p>5% commission on the hammer price, £5 listing fee per lot, £5 reserve fee per lot with a reserve. Nothing else.</p>
            </>
          )}
        </div>
        <aside className="panel">
          <h2>Ready to start?</h2>
          <p>Read how it works for <Link href="/how-to-sell-whisky" className="text-link">bottles</Link> or <Link href="/how-to-sell-whisky-cask" className="text-link">casks</Link>, or talk to us.</p>
          <Link href="/contact-us" className="button button--primary">Contact a specialist</Link>
        </aside>
      </div>
    </>
  );
}
