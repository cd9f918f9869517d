/** GET /api/dev/mailbox/: the local mailbox for developers (only without SMTP, never in production). */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { parseQuery } from '../http/validation';
import { NotFound } from '../../domain/shared/errors';
import { readMailbox } from './outbox';

const mailboxQuery = z.object({ to: z.string().max(200).optional(), limit: z.coerce.number().int().min(1).max(500).default(100) });

export function mailRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/dev/mailbox/', { schema: { summary: 'Dev mailbox: emails sent (not in production)', querystring: mailboxQuery } }, async (request) => {
    if (ctx.config.production || ctx.config.smtpUrl) throw new NotFound();
    const query = parseQuery(mailboxQuery, request.query);
    return readMailbox(ctx.db, query);
  });
}
