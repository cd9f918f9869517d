/**
 * /selling: how selling works, the fees and the three ways, then the sell request form (prefilled from an estimated
 * valuation with ?from_valuation=id). With ?valuation=true: the free valuation variant.
 */
import { useEffect } from 'react';
import { Link, useSearch } from 'wouter';
import { PageHead } from '../../components/page-head';
import { ValuationForm } from './valuation-form';
import { FeesExample } from './fees';
import { SellForm } from './sell-form';
import { SellWays } from './ways';
import './selling.css';

const STEPS: [string, string][] = [
  ['Tell us what you have', 'List your bottles or casks below: title, distillery, age, volume and strength.'],
  ['Choose how they reach us', 'Send them, drop them at our store, or book a courier collection on a weekday.'],
  ['We check and list them', 'We inspect, photograph and describe each lot and list it in the auction you chose.'],
  ['Get paid', 'When the buyer has paid, your proceeds reach your wallet; withdraw them to your bank at any time.'],
];

function ValuationVariant() {
  return (
    <>
      <PageHead title="Free Valuation" eyebrow="Selling">
        <p>Tell us what you have and our specialists will estimate what it could fetch at auction.</p>
      </PageHead>
      <div className="container section narrow prose">
        <h2>What we need</h2>
        <p>For each bottle: a clear photo of the front label, the fill level, and any box or certificate. For casks: the distillery, fill date, cask type and the warehouse that holds it.</p>
        <p>Once we have estimated your items you can turn the valuation into a sell request with one click.</p>
        <ValuationForm />
      </div>
    </>
  );
}

export function SellingPage() {
  const params = new URLSearchParams(useSearch());
  if (params.get('valuation') === 'true') return <ValuationVariant />;
  return <SellVariant fromValuation={params.get('from_valuation')} />;
}

function SellVariant({ fromValuation }: { fromValuation: string | null }) {
  useEffect(() => {
    // "Start selling" links here with #sell-request; the shell scrolls to the top on each route first.
    if (window.location.hash === '#sell-request' || fromValuation) setTimeout(() => document.getElementById('sell-request')?.scrollIntoView(), 0);
  }, [fromValuation]);
  return (
    <>
      <PageHead title="Sell With Us" eyebrow="Selling">
        <p>Reach collectors worldwide through our monthly online auctions.</p>
      </PageHead>
      <div className="container section sell-page">
        <div className="two-col">
          <div className="prose">
            <h2>How it works</h2>
            <ol className="steps">
              {STEPS.map(([title, text]) => <li key={title}><strong>{title}.</strong> {text}</li>)}
            </ol>
          </div>
          <aside className="panel">
            <h2>Not sure what it is worth?</h2>
            <p>Ask for a free valuation first, or read how it works for <Link href="/how-to-sell-whisky" className="text-link">bottles</Link> and <Link href="/how-to-sell-whisky-cask" className="text-link">casks</Link>.</p>
            <Link href="/selling?valuation=true" className="button button--ghost">Request a valuation</Link>
          </aside>
        </div>
        <h2>Fees</h2>
        <FeesExample />
        <h2>Three ways to get your items to us</h2>
        <SellWays />
        <h2 id="sell-request">Start your sell request</h2>
        <SellForm fromValuation={fromValuation} />
      </div>
    </>
  );
}
