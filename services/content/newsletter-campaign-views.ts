/**
 * The staff views of campaigns: the read model's row with the delivery progress of a sent one (from the send's work
 * list: addresses still pending, skipped because they unsubscribed in between, and queued to the outbox).
 */
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../context';
import type { NewsletterCampaignsTable } from '../../projections/content/newsletter-campaigns/projection';
import { campaignEmail, renderCampaign } from './newsletter-campaign-email';

export const campaignSummaryAnswer = z.object({
  id: z.string(),
  subject: z.string(),
  status: z.enum(['draft', 'sent']),
  created_at: z.string(),
  created_by: z.string(),
  updated_at: z.string(),
  sent_at: z.string().nullable(),
  sent_by: z.string().nullable(),
  recipients_count: z.number().int().nullable().describe('Addresses the send froze; null for a draft.'),
  /** Of those: emails queued to the outbox, addresses not yet reached, addresses skipped (unsubscribed since). */
  queued_count: z.number().int(),
  pending_count: z.number().int(),
  skipped_count: z.number().int(),
});
type CampaignSummary = z.infer<typeof campaignSummaryAnswer>;

/** The email as a subscriber gets it (the footer made out for a sample address). */
export const emailPreviewAnswer = z.object({ html: z.string(), text: z.string() });

export const campaignDetailAnswer = campaignSummaryAnswer.extend({ body: z.string(), preview: emailPreviewAnswer });
export type CampaignDetail = z.infer<typeof campaignDetailAnswer>;

/** The footer and links of a preview are made out for this address, never for a real subscriber. */
const PREVIEW_ADDRESS = 'subscriber@example.com';

type Row = Omit<NewsletterCampaignsTable, 'created_at' | 'updated_at' | 'sent_at'> & { created_at: Date; updated_at: Date; sent_at: Date | null; pending: number; skipped: number };

const SELECT = sql`SELECT c.id, c.subject, c.body, c.status, c.created_at, c.created_by, c.updated_at, c.sent_at, c.sent_by, c.recipients_count,
    (SELECT count(*)::int FROM newsletter_campaign_recipients r WHERE r.campaign_id = c.id AND r.status = 'pending') AS pending,
    (SELECT count(*)::int FROM newsletter_campaign_recipients r WHERE r.campaign_id = c.id AND r.status = 'skipped') AS skipped
  FROM newsletter_campaigns c`;

function summary(r: Row): CampaignSummary {
  const total = r.recipients_count ?? 0;
  return {
    id: r.id, subject: r.subject, status: r.status, created_at: r.created_at.toISOString(), created_by: r.created_by,
    updated_at: r.updated_at.toISOString(), sent_at: r.sent_at?.toISOString() ?? null, sent_by: r.sent_by, recipients_count: r.recipients_count,
    queued_count: Math.max(0, total - r.pending - r.skipped), pending_count: r.pending, skipped_count: r.skipped,
  };
}

export async function listCampaigns(ctx: AppContext, page: number, pageSize: number): Promise<{ rows: CampaignSummary[]; count: number }> {
  const [{ rows }, { rows: counted }] = await Promise.all([
    sql<Row>`${SELECT} ORDER BY c.created_at DESC, c.id LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`.execute(ctx.db),
    sql<{ n: number }>`SELECT count(*)::int AS n FROM newsletter_campaigns`.execute(ctx.db),
  ]);
  return { rows: rows.map(summary), count: counted[0].n };
}

/** The email a campaign makes, for the staff preview. */
export function previewEmail(ctx: AppContext, content: { id: string; subject: string; body: string }): { html: string; text: string } {
  const mail = campaignEmail(ctx, renderCampaign(ctx, content), PREVIEW_ADDRESS, ctx.clock.now());
  return { html: mail.html, text: mail.text };
}

/** One campaign's answer from its row and delivery counts: the view's, or one folded from the stream (campaign-decided.ts). */
export function campaignDetail(ctx: AppContext, row: Row): CampaignDetail {
  return { ...summary(row), body: row.body, preview: previewEmail(ctx, row) };
}

export async function findCampaign(ctx: AppContext, id: string): Promise<CampaignDetail | null> {
  const { rows } = await sql<Row>`${SELECT} WHERE c.id = ${id}::uuid`.execute(ctx.db);
  return rows[0] ? campaignDetail(ctx, rows[0]) : null;
}
