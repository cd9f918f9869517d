/**
 * After the server accepted a provider's token: the same sign-in as a password login (the access token kept in
 * memory, the refresh token already in the server's HttpOnly cookie, the current user loaded), the modal closed, and
 * for an incomplete profile (a new account has only the provider's names) SignUpSocial at once, except on the
 * checkout, whose own form asks for the personal details (spec 1 section 4).
 */
import { isCheckoutPath } from '../../page-paths';
import { closeModal } from '../../state/modals';
import { promptProfile } from '../../state/profile-prompt';
import { signIn } from '../../state/session';
import { pushToast } from '../../state/toasts';
import type { SocialAnswer } from './api';

const USER_NOT_LOADED = 'You are signed in, but your account could not be loaded. Please reload the page.';

export async function finishSocialSignIn(answer: SocialAnswer): Promise<void> {
  const user = await signIn(answer);
  if (!user) throw new Error(USER_NOT_LOADED);
  closeModal();
  const name = user.first_name?.trim();
  pushToast({ kind: 'success', title: answer.created ? 'Welcome to our auctions' : name ? `Welcome back, ${name}` : 'You are signed in' });
  if (user.is_completed === false && !isCheckoutPath(window.location.pathname)) promptProfile(String(user.id));
}
