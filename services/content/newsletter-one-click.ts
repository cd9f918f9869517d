/**
 * One-click unsubscribe (RFC 8058) for the List-Unsubscribe header of campaign emails:
 * POST /api/newsletter/one_click_unsubscribe/?email=&token= is what a mail client posts (body
 * `List-Unsubscribe=One-Click`, form-encoded or multipart) when the reader presses its own Unsubscribe button; a GET
 * of the same address (an older client opening the link, or a mail scanner) only redirects to the unsubscribe page,
 * whose button posts, so opening a link never unsubscribes anyone.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { normaliseEmail } from '../../domain/accounts/events';
import { LINK_INVALID } from '../../domain/accounts/newsletter';
import { parseQuery } from '../../infra/http/validation';
import { checkToken, newsletterToken, UNSUBSCRIBED, unsubscribeAddress } from './newsletter';
import { answers, messageAnswer } from '../../infra/http/answers';

const ONE_CLICK_PATH = '/api/newsletter/one_click_unsubscribe/';

const linkQuery = z.object({
  email: z.string({ error: 'This field is required.' }).trim().min(1, 'This field is required.').max(320),
  token: z.string({ error: LINK_INVALID }).max(200),
});

/** The address a mail client posts to for this address (the List-Unsubscribe header). */
export function oneClickUrl(ctx: AppContext, email: string): string {
  const q = new URLSearchParams({ email: normaliseEmail(email), token: newsletterToken(ctx, 'unsubscribe', email) });
  return `${ctx.config.publicUrl}${ONE_CLICK_PATH}?${q}`;
}

/** A redirect: no body, the page in `Location`. */
const seeOther = z.null().describe('Redirects to the unsubscribe page (Location).');

export async function oneClickRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    // Only in this scope: mail clients post a form; its one field is a marker, the address and token are in the URL.
    scope.addContentTypeParser(['application/x-www-form-urlencoded', 'multipart/form-data'], { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, String(body)));

    scope.post(ONE_CLICK_PATH, { schema: { summary: 'One-click unsubscribe from the newsletter (RFC 8058, List-Unsubscribe-Post)', querystring: linkQuery, response: answers({ 200: messageAnswer }, 400) } }, async (request) => {
      const { email, token } = parseQuery(linkQuery, request.query);
      checkToken(ctx, 'unsubscribe', email, token);
      await unsubscribeAddress(ctx, email, { user_id: request.user?.id ?? null, request_id: request.id });
      return { detail: UNSUBSCRIBED };
    });

    scope.get(ONE_CLICK_PATH, { schema: { summary: 'The one-click unsubscribe link opened in a browser: redirects to the unsubscribe page', querystring: linkQuery, response: answers({ 303: seeOther }, 400) } }, async (request, reply) => {
      const { email, token } = parseQuery(linkQuery, request.query);
      return reply.redirect(`/newsletter/unsubscribe?${new URLSearchParams({ email, token })}`, 303);
    });
  });
}
