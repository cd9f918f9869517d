/** `newsletter_subscribers`: who asked for the newsletter (signed in or not). Insert-once, so replays change nothing. */
import type { Projection } from '../projection';
import type { EmailSubscribedToNewsletter } from '../../domain/account/events';
import './tables';

export const newsletterProjection: Projection = {
  name: 'newsletter_subscribers',
  tables: ['newsletter_subscribers'],
  eventTypes: ['EmailSubscribedToNewsletter'],
  async apply(trx, stored) {
    const { data } = stored as unknown as EmailSubscribedToNewsletter;
    await trx.insertInto('newsletter_subscribers')
      .values({ email: data.email, user_id: data.user_id, subscribed_at: data.subscribed_at })
      .onConflict((oc) => oc.column('email').doNothing()).execute();
  },
};
