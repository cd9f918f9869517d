/**
 * A campaign as an email: the Markdown body rendered by the article renderer (services/content/markdown.ts: raw HTML
 * shown as text, only safe link targets), the Markdown source itself as the plain-text part (it is written to be
 * read as text), and for each address its own unsubscribe footer and List-Unsubscribe headers. The body is rendered
 * once per campaign; only the footer and headers differ per address.
 */
import type { AppContext } from '../context';
import type { OutgoingEmail } from '../../infra/mail/outbox';
import { renderMarkdown } from './markdown';
import { unsubscribeFooter } from './newsletter';
import { oneClickUrl } from './newsletter-one-click';

interface CampaignContent { id: string; subject: string; body: string }
export interface RenderedCampaign { id: string; subject: string; html: string; text: string }

/** Site-relative links and images (`/lot/...`, article images) would lead nowhere from a mail client. */
function absoluteLinks(publicUrl: string, html: string): string {
  return html.replace(/(href|src)="\/(?!\/)/g, `$1="${publicUrl}/`);
}

export function renderCampaign(ctx: AppContext, campaign: CampaignContent): RenderedCampaign {
  const publicUrl = ctx.config.publicUrl;
  return {
    id: campaign.id,
    subject: campaign.subject,
    html: absoluteLinks(publicUrl, renderMarkdown(campaign.body)),
    text: campaign.body.trim().replace(/\]\(\/(?!\/)/g, `](${publicUrl}/`),
  };
}

/** The outbox key of one campaign to one address: queueing it again (a retry, a second worker) adds nothing. */
const campaignDedupeKey = (campaignId: string, email: string) => `newsletter-campaign:${campaignId}:${email}`;

export function campaignEmail(ctx: AppContext, campaign: RenderedCampaign, to: string, now: Date): OutgoingEmail & { dedupe_key: string } {
  const footer = unsubscribeFooter(ctx, to);
  return {
    to, now, subject: campaign.subject, dedupe_key: campaignDedupeKey(campaign.id, to), bulk: true,
    text: `${campaign.text}${footer.text}`,
    html: `<div style="font-family:Georgia,serif;max-width:640px;margin:0 auto;line-height:1.5">${campaign.html}${footer.html}</div>`,
    headers: { 'List-Unsubscribe': `<${oneClickUrl(ctx, to)}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
