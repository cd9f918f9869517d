/** The page footer: links in the specification's order (LIVE only while an auction is live), three social links,
 * the newsletter form, the copyright line and the privacy and terms links. */
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { SITE } from '../lib/site';
import { auctions } from '../state/auctions';
import { FacebookIcon, InstagramIcon, XIcon } from './icons';
import { NewsletterForm } from './newsletter-form';
import { afterLoadIdle } from './use-near-or-idle';

const FOOTER_LINKS = [
  { label: 'LIVE', href: '/auction', liveOnly: true },
  { label: 'CALENDAR', href: '/calendar' },
  { label: 'PAST AUCTION', href: '/past-auction' },
  { label: 'BLOG', href: '/blog' },
  { label: 'BUY', href: '/how-to-buy' },
  { label: 'ABOUT US', href: '/about' },
  { label: 'SELL', href: '/selling' },
  { label: 'FAQ (HELP)', href: '/faq' },
  { label: 'VALUATION', href: '/selling?valuation=true' },
  { label: 'CONTACT', href: '/contact-us' },
] as const;

const ICONS = { Facebook: FacebookIcon, Instagram: InstagramIcon, X: XIcon } as const;

export function Footer() {
  const { live } = useSnapshot(auctions);
  const links = FOOTER_LINKS.filter((l) => !('liveOnly' in l) || live);
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__about">
          <p className="site-footer__brand">{SITE.short}</p>
          <p>Independent auctioneers of rare and collectable Scotch whisky, bottles and casks.</p>
          <p>{SITE.address}</p>
          <ul className="social" aria-label="Social media">
            {SITE.social.map((s) => {
              const Icon = ICONS[s.name];
              return (
                <li key={s.name}>
                  <a href={s.href} target="_blank" rel="noopener noreferrer" aria-label={`${SITE.short} on ${s.name}`}>
                    <Icon />
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
        <nav aria-label="Footer" className="site-footer__nav">
          <ul>
            {links.map((l) => (
              <li key={l.label}>
                <Link href={l.href} className={l.label === 'LIVE' ? 'footer-live' : undefined}>
                  {l.label === 'LIVE' && <span className="live-dot" aria-hidden="true" />}
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <NewsletterForm />
      </div>
      <div className="container site-footer__legal">
        <p>© {new Date().getFullYear()} {SITE.name}. All rights reserved.</p>
        <ul>
          <li><Link href="/privacy-policy">Privacy Policy</Link></li>
          <li><Link href="/terms-and-conditions">Terms and Conditions</Link></li>
        </ul>
      </div>
    </footer>
  );
}

/**
 * The footer joins the page once it has loaded and the browser is idle (issue #19). Drawn with the shell, it was most
 * of the first layout (89 of 130 layout objects on a lot page at 412 px, about half its time) inside the page's
 * blocking window, for content at least a screen below the fold (the main area is 100vh tall at least, so nothing
 * moves when it comes). Drawn later, it lies under the page's content, where `content-visibility: auto` (footer.css)
 * skips its layout until it nears the viewport.
 */
export function DeferredFooter() {
  const [shown, setShown] = useState(false);
  useEffect(() => afterLoadIdle(() => setShown(true)), []);
  return shown ? <Footer /> : null;
}
