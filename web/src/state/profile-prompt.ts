/**
 * When to open SignUpSocial (spec 1 section 4: an incomplete profile opens it): the signed-in user's is_completed is
 * false, not on the checkout (its own form asks for the personal details), and once per browser session per user,
 * so closing it is respected until the next visit. Queued behind any modal already open (AuthSuccess, MemberFee...).
 */
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { isCheckoutPath } from '../page-paths';
import { modals, queueModal } from './modals';
import { session } from './session';

/** The session storage key, per user (the privacy policy names it). */
export const PROFILE_PROMPT_KEY = 'profile-prompt-shown:<account id>';
const shownKey = (userId: string) => `profile-prompt-shown:${userId}`;

function alreadyShown(userId: string): boolean {
  try {
    return sessionStorage.getItem(shownKey(userId)) === '1';
  } catch {
    return false;
  }
}

function markShown(userId: string): void {
  try {
    sessionStorage.setItem(shownKey(userId), '1');
  } catch {
    /* storage off: once per page load then */
  }
}

let shownThisLoad: string | null = null;

/**
 * Opens SignUpSocial for this user (after any modal already open) unless it is open or queued already. A social
 * sign-in calls it at once, even when the prompt was closed earlier in this browser session: the person has just
 * chosen to sign in, so the missing details are asked for again.
 */
export function promptProfile(userId: string): void {
  shownThisLoad = userId;
  markShown(userId);
  const pending = modals.current?.name === 'signUpSocial' || modals.queue.some((m) => m.name === 'signUpSocial');
  if (!pending) queueModal('signUpSocial');
}

export function useProfileCompletionPrompt(): void {
  const { status, user } = useSnapshot(session);
  const [path] = useLocation();
  const userId = status === 'signed-in' && user && user.is_completed === false ? String(user.id) : null;
  const onCheckout = isCheckoutPath(path);
  useEffect(() => {
    if (!userId || onCheckout || shownThisLoad === userId || alreadyShown(userId)) return;
    promptProfile(userId);
  }, [userId, onCheckout]);
}
