/**
 * The cookie notice, remembered in local storage; links to /privacy-policy. The house sets only what it needs to run
 * (the sign-in cookie) and no analytics or advertising cookies, so there is nothing to opt in or out of: the notice
 * says so and asks for no choice (an "Accept all" beside "Essential only" would offer a choice that changes nothing).
 */
import { useState } from 'react';
import { Link } from 'wouter';

/** The local storage key of the answer (the privacy policy names it). */
export const CONSENT_KEY = 'cookie-consent';
const KEY = CONSENT_KEY;
const read = () => {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return 'unavailable';
  }
};

export function ConsentBanner() {
  const [answer, setAnswer] = useState(read);
  if (answer) return null;
  const dismiss = () => {
    try {
      localStorage.setItem(KEY, 'seen');
    } catch (e) {
      console.warn('Could not store that the cookie notice was read', e);
    }
    setAnswer('seen');
  };
  return (
    <>
      {/* Room at the end of the page so the notice never hides the footer. */}
      <div className="consent-spacer" aria-hidden="true" />
    <section className="consent" aria-label="Cookies">
      <p>
        We use only the cookies needed to keep you signed in and to run the auction: no analytics or advertising cookies.
        Read our <Link href="/privacy-policy#cookies">Privacy Policy</Link>.
      </p>
      <div className="consent__actions">
        <button type="button" className="button button--gold button--small" onClick={dismiss}>OK</button>
      </div>
    </section>
    </>
  );
}
