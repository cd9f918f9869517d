/**
 * `newsletter_subscribers`: who is on the newsletter (signed in or not), once confirmed (double opt-in,
 * domain/accounts/newsletter.ts); an unsubscribe removes the row. Insert-once, so replays change nothing.
 */
import type { Projection } from '../projection';
import type { NewsletterEvent } from '../../domain/accounts/newsletter';
import './tables';

export const newsletterProjection: Projection = {
  name: 'newsletter_subscribers',
  tables: ['newsletter_subscribers'],
  eventTypes: ['EmailSubscribedToNewsletter', 'NewsletterUnsubscribed'],
  async apply(trx, stored) {
    const event = { type: stored.type, data: stored.data } as NewsletterEvent;
    if (event.type === 'NewsletterUnsubscribed') {
      await trx.deleteFrom('newsletter_subscribers').where('email', '=', event.data.email).execute();
      return;
    }
    if (event.type !== 'EmailSubscribedToNewsletter') return;
    const { data } = event;
    await trx.insertInto('newsletter_subscribers')
      .values({ email: data.email, user_id: data.user_id, subscribed_at: data.subscribed_at })
      .onConflict((oc) => oc.column('email').doNothing()).execute();
  },
};
