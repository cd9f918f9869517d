/**
 * The `newsletter_campaigns` columns each campaign event sets, as pure functions: the projection writes them, and a
 * write whose answer cannot wait for the view folds the stream through the same functions (`campaignRowFrom`), so
 * both give the same row.
 */
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { CampaignEvent, NewsletterCampaignDrafted, NewsletterCampaignEdited, NewsletterCampaignSent } from '../../../domain/content/newsletter-campaigns/campaign';
import { assertNever } from '../../../domain/shared/decider';
import type { NewsletterCampaignsTable } from './projection';

type CampaignRow = Selectable<NewsletterCampaignsTable>;

export function draftedRow(d: NewsletterCampaignDrafted['data'], version: number): Insertable<NewsletterCampaignsTable> {
  return {
    id: d.campaign_id, subject: d.subject, body: d.body, status: 'draft', created_by: d.by, created_at: d.at,
    updated_by: d.by, updated_at: d.at, sent_by: null, sent_at: null, recipients_count: null, version,
  };
}

export function editedChanges(d: NewsletterCampaignEdited['data'], version: number) {
  return { subject: d.subject, body: d.body, updated_by: d.by, updated_at: d.at, version } satisfies Updateable<NewsletterCampaignsTable>;
}

export function sentChanges(d: NewsletterCampaignSent['data'], version: number) {
  return { status: 'sent' as const, sent_by: d.by, sent_at: d.sent_at, recipients_count: d.recipients_count, version } satisfies Updateable<NewsletterCampaignsTable>;
}

type Stored = { type: string; data: unknown; stream_version: number };

/**
 * The row the projection leaves after these events of one campaign stream (in stream order), instants as the table
 * reads them back; null before the draft. The same guards: the draft only inserts, later events only move forward.
 */
export function campaignRowFrom(events: readonly Stored[]): CampaignRow | null {
  return events.reduce<CampaignRow | null>(rowAfter, null);
}

function rowAfter(row: CampaignRow | null, stored: Stored): CampaignRow | null {
  const event = { type: stored.type, data: stored.data } as CampaignEvent;
  const version = stored.stream_version;
  if (event.type === 'NewsletterCampaignDrafted') {
    if (row) return row;
    const r = draftedRow(event.data, version);
    return { ...r, sent_by: null, sent_at: null, recipients_count: null, created_at: new Date(r.created_at), updated_at: new Date(r.updated_at) };
  }
  if (!row || row.version >= version) return row;
  switch (event.type) {
    case 'NewsletterCampaignEdited': {
      const c = editedChanges(event.data, version);
      return { ...row, ...c, updated_at: new Date(c.updated_at) };
    }
    case 'NewsletterCampaignSent': {
      const c = sentChanges(event.data, version);
      return { ...row, ...c, sent_at: new Date(c.sent_at) };
    }
    default:
      return assertNever(event);
  }
}
