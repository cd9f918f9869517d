/** /how-to-sell-whisky and /how-to-sell-whisky-cask: the steps, the fees with a worked example, the three ways. */
import { Link } from 'wouter';
import { PageHead } from '../../components/page-head';
import { FeesExample } from './fees';
import { SellWays } from './ways';
import './selling.css';

const STEPS = {
  bottles: [
    ['Ask for a valuation (optional)', 'Send us photos of your bottles. Our specialists reply with an estimate, free of charge.'],
    ['File a sell request', 'List your bottles, pick the auction and how they reach us, and tell us where to pay you.'],
    ['Send, drop or have them collected', 'Post your bottles to us, drop them at our store, or book a courier collection.'],
    ['We catalogue and list', 'Each lot is inspected, photographed and described, then listed in the auction you chose.'],
    ['Get paid', 'When the buyer has paid, your proceeds reach your wallet and can be withdrawn to your bank.'],
  ],
  casks: [
    ['Tell us about the cask', 'Distillery, fill date, cask type and number, and the bonded warehouse that holds it.'],
    ['We verify ownership', 'We confirm title and the cask’s particulars with the warehouse before listing.'],
    ['Send a sample and the paperwork', 'Post or drop them with your reference, or have them collected by our courier.'],
    ['Listing and sale', 'Casks sell in our monthly auctions, with a reserve if you wish.'],
    ['Transfer of title', 'Once the buyer has paid, we arrange the delivery order and your proceeds reach your wallet.'],
  ],
} as const;

export function HowToSellPage({ kind }: { kind: 'bottles' | 'casks' }) {
  const casks = kind === 'casks';
  return (
    <>
      <PageHead title={casks ? 'How to Sell a Whisky Cask' : 'How to Sell Whisky'} eyebrow="Selling">
        <p>Seller commission 5% of the hammer price; listing fee £5 per lot; reserve fee £5 per lot with a reserve.</p>
      </PageHead>
      <div className="container section narrow">
        <ol className="steps">
          {STEPS[kind].map(([title, text]) => (
            <li key={title}><h2>{title}</h2><p>{text}</p></li>
          ))}
        </ol>
        <h2>Fees</h2>
        <FeesExample />
        <h2>Three ways to get your {casks ? 'sample and papers' : 'bottles'} to us</h2>
        <SellWays casks={casks} />
        <div className="hero__actions">
          <Link href="/selling#sell-request" className="button button--primary">Start selling</Link>
          <Link href="/selling?valuation=true" className="button button--ghost">Request a valuation</Link>
          <Link href={casks ? '/how-to-sell-whisky' : '/how-to-sell-whisky-cask'} className="button button--ghost">
            {casks ? 'Selling bottles instead?' : 'Selling a cask?'}
          </Link>
        </div>
      </div>
    </>
  );
}
