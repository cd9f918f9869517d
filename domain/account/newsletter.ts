/** The newsletter list, one stream per email: subscribing twice records nothing new. */
import { type Decider } from '../shared/decider';
import { ValidationError } from '../shared/errors';
import { normaliseEmail, type EmailSubscribedToNewsletter } from './events';
import { MSG, validateEmail } from './rules';

export interface SubscribeEmail { type: 'SubscribeEmail'; email: string; user_id: string | null; now: string }
export interface NewsletterState { subscribed: boolean }

export const newsletterDecider: Decider<NewsletterState, SubscribeEmail, EmailSubscribedToNewsletter> = {
  initialState: { subscribed: false },
  evolve: (_state, _event) => ({ subscribed: true }),
  decide(command, state) {
    const problem = command.email.trim() ? validateEmail(command.email) : MSG.emailRequired;
    if (problem) throw new ValidationError({ email: [problem] });
    if (state.subscribed) return [];
    const data = { email: normaliseEmail(command.email), user_id: command.user_id, subscribed_at: new Date(command.now).toISOString() };
    return [{ type: 'EmailSubscribedToNewsletter', data }];
  },
};
