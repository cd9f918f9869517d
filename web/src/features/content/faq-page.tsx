/**
 * /faq: questions about buying, selling, fees, shipping, storage and casks. Every figure comes from the API (the
 * house fees of GET /api/auction_settings/ and GET /api/shipping_info/), so the answers follow the rules.
 */
import { Link } from 'wouter';
import { ErrorNote, Spinner } from '../../components/feedback';
import { useAsync } from '../../components/hooks';
import { PageHead } from '../../components/page-head';
import { fetchHouseFees, fetchShippingInfo, type HouseFees, type ShippingInfo } from './house-facts';
import { SOFT_CLOSE_MS } from '../../../../domain/catalogue/lot/place-bid';
import { CARD_PAYMENT_LIMIT_PENCE } from '../../../../domain/checkout/rates';
import { formatPounds } from '../../../../domain/catalogue/lot/format';
import './content.css';

type Faq = { topic: string; items: [string, string][] };

/** The soft close, in minutes, from the bidding rules themselves. */
const CLOSE = SOFT_CLOSE_MS / 60_000;

function faqSections(f: HouseFees, s: ShippingInfo): Faq[] {
  const uk = s.zones[0];
  return [
    { topic: 'Buying', items: [
      ['How do I start bidding?', `Create an account, verify your email and pay the one-off £${f.registration_fee} registration fee by card. It confirms your identity and keeps our auctions free of idle bids.`],
      ['What is a maximum bid?', 'Every bid is a maximum. We bid for you one increment at a time, only as much as needed to keep you in the lead, up to your maximum.'],
      ['Why did the closing time of a lot change?', `A bid in a lot’s last ${CLOSE} minutes extends that lot to ${CLOSE} minutes after the bid, so every bidder can answer.`],
      ['Can I withdraw a bid?', 'No. Bids are binding once placed.'],
    ] },
    { topic: 'Fees and payment', items: [
      ['What does a winning lot cost?', `The hammer price plus a buyer’s premium of ${f.buyers_commission_percent}% (with VAT at ${f.vat_percent}% on the premium), VAT on the hammer for lots marked VAT, and delivery or storage.`],
      ['When do I have to pay?', `Within ${f.payment_due_days} days of the auction’s end. After that a late payment fee of ${f.late_payment_fee_percent}% applies.`],
      ['How can I pay?', `By card (a ${f.credit_card_surcharge_percent}% surcharge applies; up to ${formatPounds(CARD_PAYMENT_LIMIT_PENCE)} per order), by bank transfer, from your wallet balance, or in person at our store.`],
    ] },
    { topic: 'Selling', items: [
      ['How do I sell with you?', 'Ask for a free valuation with photos, or send us a sell request. We receive and check every item, then list it in the next auction.'],
      ['What does selling cost?', `A seller’s commission of ${f.seller_commission_percent}% of the hammer price and a listing fee of £${f.listing_fee} per lot. A reserve price costs £${f.reserve_fee}.`],
      ['When am I paid?', 'Once the buyer has paid, the proceeds go to your wallet, and you can withdraw them to your bank account.'],
    ] },
    { topic: 'Shipping and storage', items: [
      ['Do you ship abroad?', `Yes, insured: ${s.zones.map((z) => `${z.carrier} for ${z.zone.toLowerCase()} (from £${z.first_bottle})`).join(', ')}. A few countries cannot be delivered to; see the shipping page.`],
      ['How much is UK delivery?', `£${uk.first_bottle} for the first bottle and £${uk.each_further_bottle} for each further bottle, with insurance at ${s.insurance_percent}%.`],
      ['How long can you store my lots?', `${s.storage.free_days} days free after the auction ends; then £${s.storage.fee_per_lot_per_period} per lot per ${s.storage.period_days} days, bought for ${s.storage.month_options.join(', ')} months at checkout.`],
    ] },
    { topic: 'Casks', items: [
      ['What do I buy with a cask?', 'Ownership of the whisky in a cask held under bond in a Scottish warehouse. It stays there, duty suspended, until you bottle or sell it.'],
      ['What do the cask figures mean?', 'Bulk litres, strength (ABV) and litres of pure alcohol (LPA) from the latest regauge. LPA is what the whisky is really worth; it falls slowly as the angels take their share.'],
      ['Can a cask be delivered?', 'Not as a cask: it is transferred between bonded warehouses, or bottled for you. Ask us for a quote.'],
    ] },
  ];
}

export function FaqPage() {
  const { data, error, reload } = useAsync(() => Promise.all([fetchHouseFees(), fetchShippingInfo()]), []);
  return (
    <>
      <PageHead title="FAQ" eyebrow="Help"><p>Answers to the questions we hear most.</p></PageHead>
      <div className="container section narrow">
        {error ? <ErrorNote error={error} onRetry={reload} /> : !data ? <Spinner /> : faqSections(data[0], data[1]).map((section) => (
          <section key={section.topic} className="faq">
            <h2>{section.topic}</h2>
            {section.items.map(([q, a]) => (
              <details key={q} className="faq__item">
                <summary>{q}</summary>
                <p>{a}</p>
              </details>
            ))}
          </section>
        ))}
        <p>Still stuck? <Link href="/contact-us" className="text-link">Contact us</Link>.</p>
      </div>
    </>
  );
}
