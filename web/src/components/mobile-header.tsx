/** The phone and tablet header: brand and a menu button opening a drawer (focus kept inside, Escape closes). */
import { useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { auctions } from '../state/auctions';
import { openModal } from '../state/modals';
import { logout, session } from '../state/session';
import { useFocusTrap } from './focus-trap';
import { Brand, SearchForm } from './brand';
import { MenuIcon } from './icons';
import { accountLinks, MAIN_NAV } from './nav-links';
import { NotificationBell } from '../features/notifications/notification-bell';

function Drawer({ onClose }: { onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useFocusTrap(ref, onClose);
  const { status, user, isStaff } = useSnapshot(session);
  const { live } = useSnapshot(auctions);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a click on the backdrop closes; keyboard users close with Escape (the drawer handles it)
    <div className="drawer-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={ref} className="drawer" role="dialog" aria-modal="true" aria-label="Menu" tabIndex={-1}>
        <div className="drawer__head">
          <span className="drawer__title">Menu</span>
          <button type="button" className="icon-button" aria-label="Close menu" onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <SearchForm onDone={onClose} />
        <nav aria-label="Main">
          <ul className="drawer__nav">
            {MAIN_NAV.map((l) => (
              <li key={l.href}>
                <Link href={l.href} onClick={onClose}>
                  {'live' in l && live && <span className="live-dot" aria-hidden="true" />}
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {status === 'signed-in' ? (
          <div className="drawer__account">
            <p className="drawer__user">{user?.first_name ? `Signed in as ${user.first_name}` : 'Signed in'}</p>
            <ul className="drawer__nav drawer__nav--small">
              {accountLinks(isStaff, !!user?.is_auditor).map((l) => (
                <li key={l.href}><Link href={l.href} onClick={onClose}>{l.label}</Link></li>
              ))}
            </ul>
            <button type="button" className="button button--ghost button--block" onClick={() => { onClose(); void logout(); }}>
              Log out
            </button>
          </div>
        ) : (
          <div className="drawer__account">
            <button type="button" className="button button--gold button--block" onClick={() => { onClose(); openModal('signUp'); }}>Sign up</button>
            <button type="button" className="button button--ghost button--block" onClick={() => { onClose(); openModal('login'); }}>Sign in</button>
          </div>
        )}
      </div>
    </div>
  );
}

export function MobileHeader() {
  const [open, setOpen] = useState(false);
  const { status } = useSnapshot(session);
  return (
    <div className="site-header__bar container">
      <Brand />
      {status === 'signed-in' && <NotificationBell />}
      <button type="button" className="icon-button menu-button" aria-expanded={open} aria-label="Open menu" onClick={() => setOpen(true)}>
        <MenuIcon />
      </button>
      {open && createPortal(<Drawer onClose={() => setOpen(false)} />, document.body)}
    </div>
  );
}
