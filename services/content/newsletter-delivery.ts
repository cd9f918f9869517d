/**
 * Turns sent campaigns' frozen recipient lists into outbox emails, a batch at a time. One transaction per batch: lock
 * pending rows (SKIP LOCKED, so several server processes share the work and never take the same row), queue one
 * email per address (outbox dedupe key campaign + address), mark the rows queued. A crash mid-batch rolls the whole
 * batch back and the next run redoes it; the dedupe key makes even a doubled run add nothing, so every address gets
 * the campaign once. An address that unsubscribed (or turned promotional_email off) since the send is skipped:
 * an unsubscribe is honoured from the moment it is made, even for a campaign already on its way.
 */
import { sql } from 'kysely';
import type { AppContext } from '../context';
import { queueEmails } from '../../infra/mail/outbox';
import { ELIGIBLE } from './newsletter-send';
import { campaignEmail, renderCampaign, type RenderedCampaign } from './newsletter-campaign-email';
import type { Db } from '../../infra/db/database';

const DELIVERY_BATCH = 200;
const POLL_MS = 1_000;

/** One batch; answers how many recipients it settled (0 when nothing is pending). */
export async function deliverCampaignBatch(ctx: AppContext, batch = DELIVERY_BATCH): Promise<number> {
  return ctx.db.transaction().execute(async (trx) => {
    // Lock a batch first, then look its addresses up: joining before the LIMIT could walk (and sort) the whole list.
    // Only campaigns the read model shows sent: their subject and body are final from then on.
    const { rows } = await sql<{ campaign_id: string; email: string; eligible: boolean }>`
      WITH picked AS (
        SELECT r.campaign_id, r.email FROM newsletter_campaign_recipients r
        WHERE r.status = 'pending' AND EXISTS (SELECT 1 FROM newsletter_campaigns c WHERE c.id = r.campaign_id AND c.status = 'sent')
        LIMIT ${batch} FOR UPDATE OF r SKIP LOCKED)
      SELECT p.campaign_id, p.email, ${ELIGIBLE} AS eligible FROM picked p
      LEFT JOIN users u ON u.email = p.email
      LEFT JOIN newsletter_subscribers s ON s.email = p.email`.execute(trx);
    if (rows.length === 0) return 0;
    const rendered = await renderedCampaigns(ctx, trx, [...new Set(rows.map((r) => r.campaign_id))]);
    const now = ctx.clock.now();
    await queueEmails(trx, rows.filter((r) => r.eligible).map((r) => campaignEmail(ctx, rendered.get(r.campaign_id)!, r.email, now)));
    const settled = (eligible: boolean) => rows.filter((r) => r.eligible === eligible);
    for (const [status, list] of [['queued', settled(true)], ['skipped', settled(false)]] as const) {
      if (list.length === 0) continue;
      await sql`UPDATE newsletter_campaign_recipients SET status = ${status}, done_at = ${now.toISOString()}
        WHERE (campaign_id, email) IN (SELECT * FROM unnest(${list.map((r) => r.campaign_id)}::uuid[], ${list.map((r) => r.email)}::text[]))`.execute(trx);
    }
    return rows.length;
  });
}

async function renderedCampaigns(ctx: AppContext, trx: Db, ids: string[]): Promise<Map<string, RenderedCampaign>> {
  const { rows } = await sql<{ id: string; subject: string; body: string }>`
    SELECT id, subject, body FROM newsletter_campaigns WHERE id = ANY(${ids}::uuid[])`.execute(trx);
  return new Map(rows.map((c) => [c.id, renderCampaign(ctx, c)]));
}

/** Works through everything pending now (tests call it to see the emails without waiting for the worker). */
export async function drainCampaigns(ctx: AppContext): Promise<number> {
  let total = 0;
  for (let n = await deliverCampaignBatch(ctx); n > 0; n = await deliverCampaignBatch(ctx)) total += n;
  return total;
}

interface Worker { timer: NodeJS.Timeout; running: Promise<unknown> | null; again: boolean }
const workers = new WeakMap<AppContext, Worker>();

function run(ctx: AppContext, worker: Worker): void {
  if (worker.running) {
    worker.again = true;
    return;
  }
  worker.running = drainCampaigns(ctx)
    .catch((err) => ctx.log.error({ err }, 'newsletter delivery failed'))
    .finally(() => {
      worker.running = null;
      if (worker.again && workers.get(ctx) === worker) {
        worker.again = false;
        run(ctx, worker);
      }
    });
}

/** The background worker: polls for pending recipients (other processes' sends too) while the server runs. */
export function startCampaignDelivery(ctx: AppContext): void {
  const worker: Worker = { timer: setInterval(() => run(ctx, worker), POLL_MS), running: null, again: false };
  workers.set(ctx, worker);
}

export async function stopCampaignDelivery(ctx: AppContext): Promise<void> {
  const worker = workers.get(ctx);
  if (!worker) return;
  workers.delete(ctx);
  clearInterval(worker.timer);
  await worker.running;
}

/** Starts a run now (right after a send) instead of at the next poll; nothing when the worker is not running. */
export function kickCampaignDelivery(ctx: AppContext): void {
  const worker = workers.get(ctx);
  if (worker) run(ctx, worker);
}
