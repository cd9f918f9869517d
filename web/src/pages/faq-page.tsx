/** /faq: common questions, as a disclosure list. */
import { Link } from 'wouter';
import { PageHead } from '../components/page-head';

const FAQ: [string, string][] = [
  ['Why is there a £5 registration fee?', 'It is a one-off card payment asked before your first bid. It confirms your card and identity and keeps our auctions free of idle bids.'],
  ['What is a maximum bid?', 'Every bid is a maximum. We bid for you one increment at a time, only as much as needed to keep you in the lead, up to your maximum.'],
  ['Why did the closing time of a lot change?', 'A valid bid in a lot\u2019s last 3 minutes extends that lot to 3 minutes after the bid, so every bidder can answer.'],
  ['Can I withdraw a bid?', 'No. Bids are binding once confirmed.'],
  ['What does a winning lot cost?', 'The hammer price, a buyer\u2019s premium of 12.5% with VAT at 20% on the premium, VAT at 20% on the hammer for lots marked VAT, and delivery or storage.'],
  ['When do I have to pay?', 'Within 7 days of the auction\u2019s end. After that a late payment fee of 5% applies.'],
  ['How long can you store my lots?', '45 days free after the auction ends; then £3 per lot per 30 days, bought in periods of 3, 6 or 12 months at checkout.'],
  ['Do you ship abroad?', 'Yes, insured, by DPD in the UK, DHL in Europe and UPS elsewhere, except to a few countries we cannot deliver to.'],
];

export function FaqPage() {
  return (
    <>
      <PageHead title="FAQ" eyebrow="Help"><p>Answers to the questions we hear most.</p></PageHead>
      <div className="container section narrow">
        <div className="faq">
          {FAQ.map(([q, a]) => (
            <details key={q} className="faq__item">
              <summary>{q}</summary>
              <p>{a}</p>
            </details>
          ))}
        </div>
        <p>Still stuck? <Link href="/contact-us" className="text-link">Contact us</Link>.</p>
      </div>
    </>
  );
}
