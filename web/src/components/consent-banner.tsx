/** Cookie consent, remembered in local storage; links to /privacy-policy. */
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
  const decide = (value: 'all' | 'essential') => {
    try {
      localStorage.setItem(KEY, value);
    } catch (e) {
      console.warn('Could not store the cookie choice', e);
    }
    setAnswer(value);
  };
  return (
    <>
      {/* Room at the end of the page so the banner never hides the footer. */}
      <div className="consent-spacer" aria-hidden="true" />
    <section className="consent" aria-label="Cookies">
      <p>
        We use essential cookies to keep you signed in and to run the auction, and optional ones to improve the site.
        Read our <Link href="/privacy-policy">Privacy Policy</Link>.
      </p>
      <div className="consent__actions">
        <button type="button" className="button button--ghost button--small" onClick={() => decide('essential')}>Essential only</button>
        <button type="button" className="button button--gold button--small" onClick={() => decide('all')}>Accept all</button>
      </div>
    </section>
    </>
  );
}
