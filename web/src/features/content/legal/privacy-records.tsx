/**
 * The privacy policy's "how long" and "your rights": said as the system really behaves. Every change is an event in
 * an append-only log the database refuses to update or delete (docs/architecture.md, docs/audit.md), so an erasure
 * request cannot remove history; the page says so and what we do instead.
 */
export function PrivacyRecords({ email }: { email: string }) {
  return (
    <>
      <h2 id="how-long">6. How long we keep it</h2>
      <p>
        Everything that happens on this site — an account opened or changed, a bid, an order, a payment, a wallet movement,
        an address saved or deleted — is written as a permanent entry in a log that is never edited or deleted. This is how
        we can prove, at any time, how a price was reached and that every balance is right, and how an auditor checks us.
        It also means that these entries are kept for as long as the auction house keeps its records: they are not deleted
        after a set time. When you delete an address or change your details, the current view shows the change at once,
        but the earlier entry remains in the log.
      </p>
      <p>
        Some things are kept for a short time only: a sign-in ends after 30 days without use (one day without "remember me"); one-time codes expire after 10 minutes;
        counters that limit repeated sign-in attempts are cleared when their window ends; the list of lots you viewed keeps
        the last 20.
      </p>
      <h2 id="rights">7. Your rights</h2>
      <p>Under the UK GDPR you may ask us, free of charge:</p>
      <ul>
        <li>for a copy of the personal data we hold about you (access), in a common machine-readable format if you wish (portability);</li>
        <li>to correct anything wrong (most of it you can change yourself in your account settings);</li>
        <li>to restrict or object to a use of your data; you may stop marketing emails at any time, with the unsubscribe link or in your settings;</li>
        <li>to erase your data. Because our log cannot be edited, we cannot remove past bids, orders, payments or wallet movements: we must keep them for our accounts and tax records and to settle any dispute (the UK GDPR allows this for legal obligations and legal claims). On an erasure request we remove you from the newsletter, turn off every notice email and use what remains only for those obligations. This site has no way yet to close an account for good; until it has, our answer tells you exactly what was done and what is kept.</li>
      </ul>
      <p>
        Write to <a href={`mailto:${email}`}>{email}</a>; we answer within one month. If you are not satisfied, you may
        complain to the Information Commissioner's Office (ico.org.uk).
      </p>
    </>
  );
}
