/**
 * The sandbox provider's 3-D Secure pages, outside /api as a real provider's would be on its own site:
 * GET /payments/sandbox/3ds/:intentId?t=<challenge token> shows the page; its Complete and Fail buttons POST the token
 * to .../complete or .../fail, which decide the intent once and send the browser (303) to the intent's return URL.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { SandboxProvider } from './sandbox-provider';
import { answers } from '../../../infra/http/answers';
import { CHALLENGE_PAGE_CSP, challengePage, INVALID_CHALLENGE } from './challenge-page';

const params = z.object({ intentId: z.string().regex(/^(pi|seti)_[0-9a-f]{24}$/) });
const tokenField = z.object({ t: z.string().regex(/^[\w-]{43}$/) });

/** Either button, or the page of an intent already decided: the browser goes on to the intent's return address. */
const toReturnUrl = z.null().meta({ description: "See Other: Location is the intent's return address" });

/** A link that is unknown, malformed or spent is a 404 (a too large form a 413), as JSON `{detail}`. */
const pageAnswers = {
  ...answers({ 303: toReturnUrl }, 404),
  200: { description: 'The challenge page', content: { 'text/html': { schema: z.string() } } },
};
const buttonAnswers = answers({ 303: toReturnUrl }, 404, 413);

/** The page's own headers, on the page and on its refusals alike. */
function pageHeaders(reply: FastifyReply): FastifyReply {
  return reply
    .header('content-security-policy', CHALLENGE_PAGE_CSP)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff');
}

const sendPage = (reply: FastifyReply, html: string) => pageHeaders(reply).status(200).type('text/html; charset=utf-8').send(html);

/** An unknown, malformed or spent link: 404 in the API's one error shape (docs/api.md, "Errors"). */
const refuse = (reply: FastifyReply) => pageHeaders(reply).status(404).send({ detail: INVALID_CHALLENGE });

/** The intent id and challenge token of a request, or null when either is malformed. */
function read(rawParams: unknown, rawToken: unknown): { intentId: string; token: string } | null {
  const p = params.safeParse(rawParams);
  const t = tokenField.safeParse(rawToken ?? {});
  return p.success && t.success ? { intentId: p.data.intentId, token: t.data.t } : null;
}

export async function sandboxRoutes(app: FastifyInstance, provider: SandboxProvider): Promise<void> {
  // The page's buttons are plain HTML forms (this parser exists only inside this plugin's scope).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.get('/payments/sandbox/3ds/:intentId', { schema: { summary: 'Sandbox provider: the 3-D Secure challenge page (HTML)', response: pageAnswers } }, async (request, reply) => {
    const given = read(request.params, request.query);
    const found = given && (await provider.challenge(given.intentId, given.token));
    if (!found) return refuse(reply);
    if ('decided' in found) return reply.redirect(found.decided, 303);
    return sendPage(reply, challengePage(found.open));
  });

  for (const outcome of ['complete', 'fail'] as const) {
    app.post(`/payments/sandbox/3ds/:intentId/${outcome}`, { schema: { summary: `Sandbox provider: ${outcome} the 3-D Secure challenge`, response: buttonAnswers } }, async (request, reply) => {
      const given = read(request.params, request.body);
      const done = given && (await provider.completeChallenge(given.intentId, given.token, outcome));
      if (!done) return refuse(reply);
      return reply.redirect(done.return_url, 303);
    });
  }
}
