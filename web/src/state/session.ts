/**
 * The signed-in user. The access token lives in memory and the refresh token in the server's HttpOnly cookie
 * (api/tokens); this store holds the user and the session status. Login and email verification keep the access
 * token (the server has set the cookie), then load the current user; a page load first asks for an access token
 * with the cookie when the server's `signed_in` hint says there is one (spec 1 section 4, with the deviation in
 * docs/accounts.md), and is anonymous at once otherwise.
 */
import { proxy } from 'valtio';
import { clearWsConnections, currentUser, type Tokens } from '../api/auth';
import { blockAuthInterceptor, cookieSessionStarted, hasSessionHint, refreshTokens, setSessionExpiredHandler } from '../api/http';
import { clearTokens, getAccess, setAccess } from '../api/tokens';
import type { User } from '../lib/types';
import { lotsStore } from './lots';
import { closeAllModals, openModal } from './modals';

type SessionStatus = 'unknown' | 'anonymous' | 'signed-in';

export const session = proxy({
  status: 'unknown' as SessionStatus,
  user: null as User | null,
  isStaff: false,
});

const LOGOUT_BLOCK_MS = 10_000;

/** Clears everything tied to the user (their own bids, errors and notices on lots). */
function resetUserState(): void {
  session.user = null;
  session.isStaff = false;
  session.status = 'anonymous';
  for (const lot of Object.values(lotsStore.byId)) {
    lot.is_watched = false;
    if (lot.bid_stats) {
      lot.bid_stats.is_winning = false;
      lot.bid_stats.current_user_bid = null;
    }
  }
  for (const k of Object.keys(lotsStore.errors)) delete lotsStore.errors[Number(k)];
  for (const k of Object.keys(lotsStore.notices)) delete lotsStore.notices[Number(k)];
}

/**
 * A refresh cookie set before the server sent its hint cookie (a session a month old at most) is still asked for once,
 * after the page has loaded and gone idle, so that no first call waits for a round trip most visitors cannot use.
 */
let probed = false;
function probeSessionWithoutHint(): void {
  if (probed || typeof window === 'undefined') return;
  probed = true;
  const probe = () => setTimeout(() => void refreshTokens().then((ok) => (ok ? loadUser() : null)), 1_000);
  if (document.readyState === 'complete') probe();
  else window.addEventListener('load', probe, { once: true });
}

export async function loadUser(): Promise<User | null> {
  if (!getAccess() && !hasSessionHint()) {
    session.status = 'anonymous';
    probeSessionWithoutHint();
    return null;
  }
  if (!getAccess() && !(await refreshTokens())) {
    session.status = 'anonymous';
    return null;
  }
  try {
    const user = await currentUser();
    session.user = user;
    session.isStaff = !!user.is_staff;
    session.status = 'signed-in';
    return user;
  } catch (e) {
    console.warn('Could not load the current user', e);
    if (!getAccess()) resetUserState();
    else session.status = 'anonymous';
    return null;
  }
}

/** `remember` is the server's business now (the cookie's lifetime); kept for the callers' sake. */
export async function signIn(tokens: Tokens, _remember?: boolean): Promise<User | null> {
  // The answer's refresh token is not kept: the server has put it in the HttpOnly cookie.
  setAccess(tokens.access);
  cookieSessionStarted();
  session.isStaff = !!tokens.is_staff;
  return loadUser();
}

export async function logout(): Promise<void> {
  try {
    await clearWsConnections();
  } catch {
    /* the session ends locally either way */
  }
  clearTokens();
  blockAuthInterceptor(LOGOUT_BLOCK_MS);
  closeAllModals();
  resetUserState();
}

setSessionExpiredHandler(() => {
  const wasSignedIn = session.status === 'signed-in' || !!getAccess();
  resetUserState();
  clearTokens();
  if (wasSignedIn || session.status !== 'unknown') openModal('login', { expired: wasSignedIn });
});
