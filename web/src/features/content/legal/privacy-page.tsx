/**
 * /privacy-policy: what this house really keeps, where and for how long (docs/content.md "Terms and privacy"). The
 * cookie and storage names are the client's own constants, so the page names exactly what a browser holds.
 */
import { Link } from 'wouter';
import { ErrorNote, Spinner } from '../../../components/feedback';
import { PageHead } from '../../../components/page-head';
import { SITE } from '../../../lib/site';
import { STORAGE_KEYS } from '../../../lib/filter-query';
import { CONSENT_KEY } from '../../../components/consent-banner';
import { PROFILE_PROMPT_KEY } from '../../../state/profile-prompt';
import { useLegalFacts, type LegalFacts } from './house-facts';
import { PrivacyRecords } from './privacy-records';
import '../content.css';

/** The refresh cookie (services/accounts/refresh-cookie.ts); the client never reads it, so only its name is shared. */
const REFRESH_COOKIE_NAME = 'refresh_token';

function Privacy({ f }: { f: LegalFacts }) {
  const email = f.contacts.email ?? SITE.email;
  return (
    <>
      <p className="legal-updated">
        {SITE.name}, {f.contacts.jw_address}, decides how your personal data is used and is responsible for it under the UK
        GDPR and the Data Protection Act 2018. Write to <a href={`mailto:${email}`}>{email}</a> about anything on this page.
      </p>
      <h2 id="what-we-keep">1. What we keep and why</h2>
      <ul>
        <li><strong>Your account</strong>: title, name, email address, date of birth, phone number, VAT details if you give them, and your password as a one-way hash we cannot read back. Needed to run your account and to check you are {f.adultAge} or over.</li>
        <li><strong>Bids and lots</strong>: every bid and maximum bid, your watching list, notes on lots, item alerts and keywords, and the last 20 lots you viewed. Needed to run the auction; other visitors see your bids only as an anonymous bidder number.</li>
        <li><strong>Orders and addresses</strong>: the billing and shipping addresses in your address book and on each order, the service chosen and what you paid. Needed to deliver what you bought and for our accounts.</li>
        <li><strong>Selling</strong>: sell requests, valuation requests with their photographs, lots consigned, results and seller statements, and the bank details of your payout methods. Needed to sell for you and pay you.</li>
        <li><strong>Messages</strong>: what you send through the contact form, and the emails we send you.</li>
      </ul>
      <h2 id="cookies">2. Cookies and storage in your browser</h2>
      <p>We set two cookies and use your browser's storage for three small things. There are no analytics, advertising or third-party cookies.</p>
      <ul>
        <li><code>{REFRESH_COOKIE_NAME}</code> (cookie, essential): keeps you signed in. It is HttpOnly (page scripts cannot read it), SameSite=Strict, sent only to our sign-in service, and lasts 30 days after your last visit if you tick "remember me"; otherwise it goes when you close the browser, and the sign-in ends after a day without use. Signing out removes it. The short-lived sign-in token that goes with it is kept in the page's memory only, never stored.</li>
        <li><code>signed_in</code> (cookie, essential): the value <code>1</code> and nothing else, set and removed with the one above and lasting as long. It tells this site's pages that you may be signed in, so that a visitor who is not is shown the page without first asking our sign-in service. It holds no token and nothing about you.</li>
        <li><code>{CONSENT_KEY}</code> (local storage): that you have read the cookie notice, so it is not shown again. We set no optional cookies, so there is nothing to choose. If you choose "Continue with Google" or "Continue with Facebook", that provider's script is loaded from it, and its own cookies and privacy policy apply.</li>
        <li><code>{STORAGE_KEYS.live}</code> and <code>{STORAGE_KEYS.past}</code> (session storage): the filters you chose on the auction listings; gone when you close the tab.</li>
        <li><code>{PROFILE_PROMPT_KEY}</code> (session storage): that we have already asked you once this session to complete your profile.</li>
      </ul>
      <h2 id="emails">3. The emails we send</h2>
      <ul>
        <li>about your account: confirming your email address, password resets, and one-time codes to open your payout details or confirm a withdrawal;</li>
        <li>about the auction: outbid, reserve met, lots won, lots matching your alerts, reminders to pay or choose delivery, storage ending, order confirmations and receipts;</li>
        <li>to sellers: lot closed, paid, invoices ready, bank details needed;</li>
        <li>an acknowledgement when you write to us through the contact form;</li>
        <li>the newsletter, only after you confirm your subscription by email; every issue has a one-click unsubscribe link. You choose which notices you receive in <Link href="/account/settings?section=notifications" className="text-link">your notification settings</Link>.</li>
      </ul>
      <h2 id="payments">4. Payments, cards and the wallet</h2>
      <p>
        Card payments are made through our payment provider. Your bank may ask you to confirm a payment with 3-D Secure on
        its own page. We never see or store your full card number or security code: a saved card is a token held by the
        provider, and we keep only its brand, last four digits, expiry and cardholder name. Bank transfers reach our bank
        account with the reference you give. Your wallet is a record of every amount we owe you and every amount you spent
        or withdrew from it.
      </p>
      <h2 id="sharing">5. Who else sees your data</h2>
      <p>
        Our payment provider (to take card payments); the carrier of your parcel, {f.carriers} depending on the destination
        (your name, shipping address and phone number, to deliver it); our email service (to deliver our emails); and HMRC or
        the police where the law requires it. We do not sell your data or share it for advertising.
      </p>
      <PrivacyRecords email={email} />
    </>
  );
}

export function PrivacyPage() {
  const { data, error, reload } = useLegalFacts();
  return (
    <>
      <PageHead title="Privacy Policy" eyebrow="Legal" />
      <div className="container section narrow prose">
        {error ? <ErrorNote error={error} onRetry={reload} /> : !data ? <Spinner label="Loading the privacy policy" /> : <Privacy f={data} />}
      </div>
    </>
  );
}
