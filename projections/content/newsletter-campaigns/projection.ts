/**
 * `newsletter_campaigns`: one row per campaign with its status (draft or sent), who wrote, edited and sent it, and
 * how many addresses the send froze. Guarded by the stream version, so a replayed or older event changes nothing.
 * The columns each event sets are pure functions (./row.ts), shared with answers that cannot wait for this view.
 * Delivery progress is not here: it lives in the send's work list (newsletter_campaign_recipients, migration 0785).
 */
import type { ColumnType } from 'kysely';
import type { Projection } from '../../projection';
import { CAMPAIGN_EVENT_TYPES, type CampaignEvent } from '../../../domain/content/newsletter-campaigns/campaign';
import { assertNever } from '../../../domain/shared/decider';
import { draftedRow, editedChanges, sentChanges } from './row';

type Instant = ColumnType<Date, string, string>;
type MaybeInstant = ColumnType<Date | null, string | null | undefined, string | null>;

export interface NewsletterCampaignsTable {
  id: string;
  subject: string;
  /** Markdown as staff typed it. */
  body: string;
  status: 'draft' | 'sent';
  created_by: string;
  created_at: Instant;
  updated_by: string;
  updated_at: Instant;
  sent_by: string | null;
  sent_at: MaybeInstant;
  recipients_count: number | null;
  version: number;
}

declare module '../../../infra/db/database' {
  interface Database {
    newsletter_campaigns: NewsletterCampaignsTable;
  }
}

export const newsletterCampaignsProjection: Projection = {
  name: 'newsletter_campaigns',
  tables: ['newsletter_campaigns'],
  eventTypes: CAMPAIGN_EVENT_TYPES,
  async apply(trx, stored) {
    const event = { type: stored.type, data: stored.data } as CampaignEvent;
    const version = stored.stream_version;
    switch (event.type) {
      case 'NewsletterCampaignDrafted': {
        await trx.insertInto('newsletter_campaigns').values(draftedRow(event.data, version))
          .onConflict((oc) => oc.column('id').doNothing()).execute();
        return;
      }
      case 'NewsletterCampaignEdited': {
        await trx.updateTable('newsletter_campaigns').set(editedChanges(event.data, version))
          .where('id', '=', event.data.campaign_id).where('version', '<', version).execute();
        return;
      }
      case 'NewsletterCampaignSent': {
        await trx.updateTable('newsletter_campaigns').set(sentChanges(event.data, version))
          .where('id', '=', event.data.campaign_id).where('version', '<', version).execute();
        return;
      }
      default:
        assertNever(event);
    }
  },
};
