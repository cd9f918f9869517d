/** The page header: the mobile variant below 1024px (max-width 1024px media test), the desktop one above. */
import { useCallback, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useSnapshot } from 'valtio';
import { auctions } from '../state/auctions';
import { openModal } from '../state/modals';
import { logout, session } from '../state/session';
import { useDismiss, useMedia } from './hooks';
import { Brand } from './brand';
import { SearchIcon, UserIcon } from './icons';
import { MobileHeader } from './mobile-header';
import { accountLinks, MAIN_NAV } from './nav-links';
import { NotificationBell } from '../features/notifications/notification-bell';

const MOBILE_QUERY = '(max-width: 1024px)';

function AccountMenu() {
  const { user, isStaff } = useSnapshot(session);
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, ref, close);
  const name = user?.first_name || user?.email || 'Account';
  return (
    <div className="account-menu" ref={ref}>
      <button type="button" className="account-menu__toggle" aria-expanded={open} aria-controls="account-menu" onClick={() => setOpen(!open)}>
        <UserIcon /> <span>{name}</span>
      </button>
      {open && (
        <ul id="account-menu" className="account-menu__list">
          {accountLinks(isStaff, !!user?.is_auditor).map((l) => (
            <li key={l.href}>
              <Link href={l.href} onClick={close}>{l.label}</Link>
            </li>
          ))}
          <li>
            <button type="button" onClick={() => { close(); void logout(); }}>Log out</button>
          </li>
        </ul>
      )}
    </div>
  );
}

function AuthButtons() {
  return (
    <div className="auth-buttons">
      <button type="button" className="button button--ghost button--small" onClick={() => openModal('login')}>Sign in</button>
      <button type="button" className="button button--gold button--small" onClick={() => openModal('signUp')}>Sign up</button>
    </div>
  );
}

function DesktopHeader() {
  const { status } = useSnapshot(session);
  const { live } = useSnapshot(auctions);
  const [location] = useLocation();
  return (
    <div className="site-header__bar container">
      <Brand />
      <nav className="main-nav" aria-label="Main">
        <ul>
          {MAIN_NAV.map((l) => (
            <li key={l.href}>
              <Link href={l.href} aria-current={location === l.href ? 'page' : undefined}>
                {'live' in l && live && <span className="live-dot" aria-hidden="true" />}
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Link href="/search" className="icon-button search-link" aria-label="Search lots" aria-current={location === '/search' ? 'page' : undefined}>
        <SearchIcon />
      </Link>
      {status === 'signed-in' && <NotificationBell />}
      {status === 'signed-in' ? <AccountMenu /> : <AuthButtons />}
    </div>
  );
}

export function Header() {
  const mobile = useMedia(MOBILE_QUERY);
  return (
    <header className={`site-header${mobile ? ' site-header--mobile' : ''}`}>
      <a href="#main" className="skip-link">Skip to content</a>
      {mobile ? <MobileHeader /> : <DesktopHeader />}
    </header>
  );
}
