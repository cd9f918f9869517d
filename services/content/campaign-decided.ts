/**
 * A campaign's answer built from its own stream, for a write whose views did not catch up in time: the events are
 * folded through the projection's column functions (projections/content/newsletter-campaigns/row.ts), so the answer is what
 * the view shows once it has caught up. It never reads `newsletter_campaigns` (the view that is behind, maybe locked).
 * The delivery counts come from the send's work list, which the send writes in its own transaction (not a view).
 */
import { sql } from 'kysely';
import type { AppContext } from '../context';
import { campaignStream } from '../../domain/content/newsletter-campaigns/campaign';
import { campaignRowFrom } from '../../projections/content/newsletter-campaigns/row';
import { campaignDetail, type CampaignDetail } from './newsletter-campaign-views';

/** `upTo`: the stream version the write left (later writes by others are not this answer's). */
export async function decidedCampaign(ctx: AppContext, id: string, upTo: number | null): Promise<CampaignDetail | null> {
  const events = await ctx.store.readStream(campaignStream(id));
  const row = campaignRowFrom(upTo === null ? events : events.filter((e) => e.stream_version <= upTo));
  if (!row) return null;
  // A draft has no work list yet: nothing pending or skipped.
  const counts = row.status === 'sent' ? await deliveryCounts(ctx, id) : { pending: 0, skipped: 0 };
  return campaignDetail(ctx, { ...row, ...counts });
}

async function deliveryCounts(ctx: AppContext, id: string): Promise<{ pending: number; skipped: number }> {
  const { rows } = await sql<{ pending: number; skipped: number }>`SELECT
      count(*) FILTER (WHERE status = 'pending')::int AS pending, count(*) FILTER (WHERE status = 'skipped')::int AS skipped
    FROM newsletter_campaign_recipients WHERE campaign_id = ${id}::uuid`.execute(ctx.db);
  return rows[0] ?? { pending: 0, skipped: 0 };
}
