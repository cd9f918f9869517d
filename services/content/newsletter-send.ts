/**
 * Who gets a campaign, and sending one.
 *
 * The audience: an address with no account is in when it is on the confirmed list (`newsletter_subscribers`); an
 * address that belongs to an account is in when the account's `promotional_email` is on and the address is proven
 * (the account is verified, or the address confirmed the newsletter). The flag and the list move together
 * (services/content/newsletter.ts), and where they disagree the account holder's own latest say, the flag, wins: a
 * user who turns it off in their profile gets no campaign, and one who turns it on gets them.
 *
 * Sending is one short transaction: the campaign's NewsletterCampaignSent event and the frozen recipient list (one
 * INSERT ... SELECT of addresses, no email rendered) commit together. The emails are made afterwards by the delivery
 * worker in small batches (newsletter-delivery.ts), so a big list never means one giant transaction in the request,
 * and a crash at any point leaves either no send at all or a complete list still to be worked through.
 */
import { sql, type RawBuilder } from 'kysely';
import type { AppContext } from '../context';
import type { EventMetadata } from '../../infra/event-store/types';
import { Conflict } from '../../domain/shared/errors';
import { assertSendable, campaignDecider, campaignStream, MSG, type CampaignState } from '../../domain/content/newsletter-campaigns/campaign';
import { handleMany, lastCursor } from '../../infra/commands/multi-stream';
import { awaitViews } from '../../infra/http/read-your-writes';
import type { Db } from '../../infra/db/database';

/** True for a row of `users u` and `newsletter_subscribers s` (either may be missing) that should get campaigns. */
export const ELIGIBLE: RawBuilder<boolean> = sql<boolean>`CASE WHEN u.id IS NULL THEN s.email IS NOT NULL
  ELSE u.promotional_email AND (u.is_verified OR s.email IS NOT NULL) END`;

const AUDIENCE = sql`SELECT coalesce(u.email, s.email) AS email, u.id AS user_id
  FROM newsletter_subscribers s FULL JOIN users u ON u.email = s.email WHERE ${ELIGIBLE}`;

/** How many addresses a campaign sent now would go to (the editor shows it before sending). */
export async function audienceCount(db: Db): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM (${AUDIENCE}) a`.execute(db);
  return rows[0].n;
}

/** Freezes the audience as the campaign's recipients; answers how many were added. */
async function freezeRecipients(trx: Db, campaignId: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    WITH added AS (
      INSERT INTO newsletter_campaign_recipients (campaign_id, email, user_id)
      SELECT ${campaignId}::uuid, a.email, a.user_id FROM (${AUDIENCE}) a
      ON CONFLICT (campaign_id, email) DO NOTHING RETURNING 1)
    SELECT count(*)::int AS n FROM added`.execute(trx);
  return rows[0].n;
}

async function hasRecipients(trx: Db, campaignId: string): Promise<boolean> {
  const { rows } = await sql`SELECT 1 FROM newsletter_campaign_recipients WHERE campaign_id = ${campaignId}::uuid LIMIT 1`.execute(trx);
  return rows.length > 0;
}

/** A committed send: whether the views caught up in time, and the campaign stream's version it left. */
interface CampaignSent { caughtUp: boolean; version: number | null }

/**
 * Sends a campaign once: refuses a second send (409), an unknown campaign (404) and an empty audience (400). Waits
 * (bounded) for the read model to show it sent, so the delivery worker (which reads the campaign from there) can
 * start; when the views are behind the send stands all the same, the worker finds it at a later poll.
 */
export async function sendCampaign(ctx: AppContext, campaignId: string, by: string, meta: EventMetadata): Promise<CampaignSent> {
  const stream = campaignStream(campaignId);
  const now = ctx.clock.now().toISOString();
  const outcome = await handleMany(ctx, [{ streamId: stream, decider: campaignDecider }], (states) => {
    // The plain refusals first, before any transaction or counting.
    assertSendable(states[stream] as CampaignState);
    return { events: {}, result: null };
  }, meta, undefined, {
    async check(trx, states) {
      const count = await freezeRecipients(trx, campaignId);
      // A concurrent send of the same campaign committed its list first (ours added nothing): that is a second send.
      if (count === 0 && (await hasRecipients(trx, campaignId))) throw new Conflict(MSG.alreadySent);
      const events = campaignDecider.decide({ type: 'SendCampaign', campaign_id: campaignId, recipients_count: count, by, now }, states[stream] as CampaignState);
      return { events: { [stream]: events }, result: null };
    },
  });
  const cursor = lastCursor(outcome.appends);
  const version = outcome.appends.find((a) => a.stream_id === stream)?.version ?? null;
  return { caughtUp: await awaitViews(ctx, cursor), version };
}
