/**
 * GET /api/dev/mailbox/: the local mailbox for developers: only without SMTP, never in production, and only to a caller
 * on this machine (it shows password-reset links and withdrawal codes). Anyone else gets the API's plain 404.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { parseQuery } from '../../infra/http/validation';
import { answers } from '../../infra/http/answers';
import { NotFound } from '../../domain/shared/errors';
import { readMailbox } from '../../infra/mail/outbox';
import { fromLoopback } from '../../infra/http/loopback';

const mailboxQuery = z.object({ to: z.string().max(200).optional(), limit: z.coerce.number().int().min(1).max(500).default(100) });

/** One email as queued (outbox.ts MailboxEntry), newest first. */
const mailboxAnswer = z.array(z.object({
  to: z.string(), subject: z.string(), text: z.string(), html: z.string(), created_at: z.string(),
  headers: z.record(z.string(), z.string()).optional().describe('The extra headers it was sent with, when any (List-Unsubscribe).'),
}));

export function mailRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/dev/mailbox/', { schema: { summary: 'Dev mailbox: emails sent (not in production)', querystring: mailboxQuery, response: answers({ 200: mailboxAnswer }, 400, 404) } }, async (request) => {
    if (ctx.config.production || ctx.config.smtpUrl || !fromLoopback(request)) throw new NotFound();
    const query = parseQuery(mailboxQuery, request.query);
    return readMailbox(ctx.db, query);
  });
}
