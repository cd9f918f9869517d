/**
 * Staff newsletter campaigns (docs/staff-api.md "Newsletter campaigns"): GET /api/staff/newsletters/ (every campaign,
 * newest first, with status, recipients and delivery progress), POST /api/staff/newsletters/ {subject, body} (a
 * draft), GET and PUT /api/staff/newsletters/{id}/ (one campaign with its email preview; edit a draft), POST
 * /api/staff/newsletters/preview/ {subject, body} (the email as subscribers will get it, and how many would get it
 * now) and POST /api/staff/newsletters/{id}/send/ (once; takes an Idempotency-Key, so a retried send answers as the
 * first did, and without one a second send is refused with 409). Every change is an event carrying the staff id.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { NotFound } from '../../domain/shared/errors';
import { campaignDecider, campaignStream, MSG, type CampaignCommand } from '../../domain/content/newsletter-campaigns/campaign';
import { requireStaff } from '../../infra/http/auth';
import { sendAnswer } from '../../infra/http/idempotency-keys';
import { pageAnswer, pageQuery, paginate } from '../../infra/http/pagination';
import { parseBody, parseQuery } from '../../infra/http/validation';
import { idOr404, metadataOf, settle } from '../catalogue/http';
import { audienceCount, sendCampaign } from './newsletter-send';
import { kickCampaignDelivery } from './newsletter-delivery';
import { campaignDetailAnswer, campaignSummaryAnswer, emailPreviewAnswer, findCampaign, listCampaigns, previewEmail } from './newsletter-campaign-views';
import { answers } from '../../infra/http/answers';
import { decidedCampaign } from './campaign-decided';

const text = (max: number) => z.string({ error: 'This field is required.' }).max(max, `At most ${max} characters.`);
// Generous bounds at the edge; the campaign decider holds the real ones (with their own messages).
export const campaignBody = z.object({ subject: text(1000), body: text(60_000) });
const listQuery = pageQuery.extend({ page_size: z.coerce.number().int().min(1).max(100).default(25) });

export function newsletterCampaignRoutes(app: FastifyInstance, ctx: AppContext): void {
  const detailOr404 = async (id: string) => {
    const found = await findCampaign(ctx, id);
    if (!found) throw new NotFound(MSG.notFound);
    return found;
  };
  // After a commit: the view once it caught up, else the campaign folded from its stream (never a 404 for a write
  // that stands; the view is read only as a last resort, when the stream has no campaign either).
  const answer = async (id: string, caughtUp: boolean, version: number | null) =>
    (caughtUp ? null : await decidedCampaign(ctx, id, version)) ?? detailOr404(id);
  const idOf = (request: FastifyRequest) => idOr404((request.params as { id?: unknown }).id, MSG.notFound);

  const write = async (request: FastifyRequest, id: string, create: boolean) => {
    const staff = requireStaff(request);
    const content = parseBody(campaignBody, request.body);
    const now = ctx.clock.now().toISOString();
    const command: CampaignCommand = create
      ? { type: 'DraftCampaign', campaign_id: id, content, by: staff.id, now }
      : { type: 'EditCampaign', campaign_id: id, content, by: staff.id, now };
    const outcome = await ctx.commands.handle(campaignStream(id), campaignDecider, command, metadataOf(request));
    return answer(id, await settle(ctx, outcome), outcome.append?.version ?? null);
  };

  app.get('/api/staff/newsletters/', { schema: { summary: 'Staff: newsletter campaigns, newest first', querystring: listQuery, response: answers({ 200: pageAnswer(campaignSummaryAnswer) }, 400, 401, 403) } }, async (request) => {
    requireStaff(request);
    const q = parseQuery(listQuery, request.query);
    const { rows, count } = await listCampaigns(ctx, q.page, q.page_size);
    return paginate(rows, count, q.page, q.page_size, request.url);
  });

  app.post('/api/staff/newsletters/', { schema: { summary: 'Staff: draft a newsletter campaign', body: campaignBody, response: answers({ 201: campaignDetailAnswer }, 400, 401, 403) } }, async (request, reply) =>
    reply.status(201).send(await write(request, randomUUID(), true)));

  app.get('/api/staff/newsletters/:id/', { schema: { summary: 'Staff: one newsletter campaign with its email preview', response: answers({ 200: campaignDetailAnswer }, 401, 403, 404) } }, async (request) => {
    requireStaff(request);
    return detailOr404(idOf(request));
  });

  app.put('/api/staff/newsletters/:id/', { schema: { summary: 'Staff: change a draft campaign', body: campaignBody, response: answers({ 200: campaignDetailAnswer }, 400, 401, 403, 404) } }, async (request) =>
    write(request, idOf(request), false));

  // The editor's preview: the same rendering (and the same footer) as the emails, before anything is saved.
  app.post('/api/staff/newsletters/preview/', { schema: { summary: 'Staff: a campaign email as subscribers will get it', body: campaignBody, response: answers({ 200: emailPreviewAnswer.extend({ subject: z.string(), audience_count: z.number().int() }) }, 400, 401, 403) } }, async (request) => {
    requireStaff(request);
    const { subject, body } = parseBody(campaignBody, request.body);
    return { subject, ...previewEmail(ctx, { id: 'preview', subject, body }), audience_count: await audienceCount(ctx.db) };
  });

  app.post('/api/staff/newsletters/:id/send/', { schema: { summary: 'Staff: send a campaign to every subscriber (once)', response: answers({ 200: campaignDetailAnswer }, 400, 401, 403, 404, 409) } }, async (request, reply) => {
    const staff = requireStaff(request);
    const id = idOf(request);
    return sendAnswer(reply, async () => {
      const sent = await sendCampaign(ctx, id, staff.id, metadataOf(request));
      // The worker would find the list at its next poll; starting it now gets the first emails out at once.
      kickCampaignDelivery(ctx);
      return { status: 200, body: await answer(id, sent.caughtUp, sent.version) };
    });
  });
}
