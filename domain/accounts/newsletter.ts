/**
 * The newsletter list, one stream per email, with double opt-in (docs/content.md "Newsletter"): an address is only
 * subscribed once its owner confirms from the emailed link, except a signed-in user's own verified account email,
 * which the account has already proved. Asking again while a confirmation is pending sends a new link at most once
 * an hour (no mail bombing of someone else's address); subscribing twice records nothing new; every promotional
 * email carries an unsubscribe link, and unsubscribing an address that is not on the list changes nothing.
 */
import { assertNever, type Decider } from '../shared/decider';
import { ValidationError } from '../shared/errors';
import { normaliseEmail, type EmailSubscribedToNewsletter } from './events';
import { MSG, validateEmail } from './rules';

const RESEND_AFTER_MS = 60 * 60 * 1000;
export const LINK_INVALID = 'This link is no longer valid. Subscribe again to get a new one.';

/** `verified`: the caller is signed in and this is their own verified account email (no confirmation needed). */
interface SubscribeEmail { type: 'SubscribeEmail'; email: string; user_id: string | null; now: string; verified: boolean }
interface ConfirmNewsletter { type: 'ConfirmNewsletter'; email: string; now: string }
interface UnsubscribeNewsletter { type: 'UnsubscribeNewsletter'; email: string; now: string }
export type NewsletterCommand = SubscribeEmail | ConfirmNewsletter | UnsubscribeNewsletter;

interface NewsletterConfirmationRequested {
  type: 'NewsletterConfirmationRequested';
  data: { email: string; user_id: string | null; requested_at: string };
}
interface NewsletterUnsubscribed { type: 'NewsletterUnsubscribed'; data: { email: string; unsubscribed_at: string } }
export type NewsletterEvent = EmailSubscribedToNewsletter | NewsletterConfirmationRequested | NewsletterUnsubscribed;

export interface NewsletterState {
  subscribed: boolean;
  /** The open confirmation request, if any. */
  pending: { user_id: string | null; requested_at: string } | null;
}

function evolve(state: NewsletterState, event: NewsletterEvent): NewsletterState {
  switch (event.type) {
    case 'EmailSubscribedToNewsletter':
      return { subscribed: true, pending: null };
    case 'NewsletterConfirmationRequested':
      return { ...state, pending: { user_id: event.data.user_id, requested_at: event.data.requested_at } };
    case 'NewsletterUnsubscribed':
      return { subscribed: false, pending: null };
    default:
      return assertNever(event);
  }
}

function decide(command: NewsletterCommand, state: NewsletterState): NewsletterEvent[] {
  const now = new Date(command.now).toISOString();
  switch (command.type) {
    case 'SubscribeEmail': {
      const problem = command.email.trim() ? validateEmail(command.email) : MSG.emailRequired;
      if (problem) throw new ValidationError({ email: [problem] });
      if (state.subscribed) return [];
      const email = normaliseEmail(command.email);
      if (command.verified) return [{ type: 'EmailSubscribedToNewsletter', data: { email, user_id: command.user_id, subscribed_at: now } }];
      if (state.pending && Date.parse(now) - Date.parse(state.pending.requested_at) < RESEND_AFTER_MS) return [];
      return [{ type: 'NewsletterConfirmationRequested', data: { email, user_id: command.user_id, requested_at: now } }];
    }
    case 'ConfirmNewsletter':
      // A second click on the same link is fine; a link with nothing pending behind it is not.
      if (state.subscribed) return [];
      if (!state.pending) throw new ValidationError({}, LINK_INVALID);
      return [{ type: 'EmailSubscribedToNewsletter', data: { email: normaliseEmail(command.email), user_id: state.pending.user_id, subscribed_at: now } }];
    case 'UnsubscribeNewsletter':
      if (!state.subscribed && !state.pending) return [];
      return [{ type: 'NewsletterUnsubscribed', data: { email: normaliseEmail(command.email), unsubscribed_at: now } }];
    default:
      return assertNever(command);
  }
}

export const newsletterDecider: Decider<NewsletterState, NewsletterCommand, NewsletterEvent> = {
  initialState: { subscribed: false, pending: null },
  evolve,
  decide,
};
