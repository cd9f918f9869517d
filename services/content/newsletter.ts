/**
 * Newsletter double opt-in (docs/content.md "Newsletter"): POST /api/subscribe_newsletter/ and
 * /api/subscribe_email_for_notifications/ {email} (a visitor's or another address gets a confirmation link by email;
 * a signed-in user's own verified email is subscribed at once and also turns on promotional_email), POST
 * /api/newsletter/confirm/ {email, token} and POST /api/newsletter/unsubscribe/ {email, token}. The link tokens are
 * keyed hashes of the address (HMAC with a key derived from the signing key), so nothing secret is stored and a
 * link cannot be made for someone else's address. Each email is queued in the transaction of its event.
 *
 * The list and an account's promotional_email say the same thing about one address, so they move together: a
 * confirmation turns the flag on for the account that owns the address, and an unsubscribe turns it off (the
 * account's own SubscribeNewsletter / UpdateProfile command, appended in the same transaction as the list's event).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { ValidationError } from '../../domain/shared/errors';
import { newsletterStream, normaliseEmail, userStream } from '../../domain/accounts/events';
import { accountDecider } from '../../domain/accounts/decide';
import type { AccountCommand } from '../../domain/accounts/commands';
import type { AccountState } from '../../domain/accounts/state';
import { LINK_INVALID, newsletterDecider, type NewsletterCommand, type NewsletterEvent, type NewsletterState } from '../../domain/accounts/newsletter';
import { MSG } from '../../domain/accounts/rules';
import { answers, messageAnswer } from '../../infra/http/answers';
import { limitsOf } from '../limits/limits';
import { emailSchema } from '../accounts/schemas';
import { awaitProjected, runAccountCommand } from '../accounts/account-commands';
import { findUserIdByEmail, loadAccount } from '../accounts/lookup';
import { handleMany, lastCursor, type StreamRef } from '../../infra/commands/multi-stream';
import type { DomainEvent, EventMetadata } from '../../infra/event-store/types';
import { queueEmail, type OutgoingEmail } from '../../infra/mail/outbox';
import { HOUSE_NAME } from '../../infra/config/house-settings';
import { escapeHtml } from './markdown';
import { awaitViews } from '../../infra/http/read-your-writes';

const SUBSCRIBED = 'You have subscribed on our emails';
const CONFIRM_SENT = 'You have subscribed on our emails: please confirm with the link we have just sent you.';
export const CONFIRMED = 'Your subscription is confirmed. Welcome aboard!';
export const UNSUBSCRIBED = 'You have been unsubscribed. You will not get our newsletter any more.';

type Purpose = 'confirm' | 'unsubscribe';
export function newsletterToken(ctx: AppContext, purpose: Purpose, email: string): string {
  return createHmac('sha256', ctx.tokens.deriveKey('newsletter')).update(`${purpose}:${normaliseEmail(email)}`).digest('base64url');
}

export function checkToken(ctx: AppContext, purpose: Purpose, email: string, token: string): void {
  const want = Buffer.from(newsletterToken(ctx, purpose, email));
  const got = Buffer.from(token);
  if (got.length !== want.length || !timingSafeEqual(got, want)) throw new ValidationError({}, LINK_INVALID);
}

function newsletterLink(ctx: AppContext, purpose: Purpose, email: string): string {
  const q = new URLSearchParams({ email: normaliseEmail(email), token: newsletterToken(ctx, purpose, email) });
  return `${ctx.config.publicUrl}/newsletter/${purpose}?${q}`;
}

/** The footer every promotional email carries: the unsubscribe link for its address. */
export function unsubscribeFooter(ctx: AppContext, email: string): { text: string; html: string } {
  const link = newsletterLink(ctx, 'unsubscribe', email);
  return {
    text: `\n\nYou get this email because you subscribed to the ${HOUSE_NAME} newsletter. Unsubscribe: ${link}`,
    html: `<p style="font-size:12px;color:#666">You get this email because you subscribed to the ${escapeHtml(HOUSE_NAME)} newsletter. <a href="${escapeHtml(link)}">Unsubscribe</a></p>`,
  };
}

function emailFor(ctx: AppContext, event: NewsletterEvent, now: Date): (OutgoingEmail & { dedupe_key: string }) | null {
  const to = event.data.email;
  if (event.type === 'NewsletterConfirmationRequested') {
    const link = newsletterLink(ctx, 'confirm', to);
    return {
      to, now, subject: 'Please confirm your newsletter subscription', dedupe_key: `newsletter-confirm:${to}:${event.data.requested_at}`,
      text: `Hello,\n\nPlease confirm that you want the ${HOUSE_NAME} newsletter: ${link}\n\nIf you did not ask for it, ignore this email and nothing will be sent.`,
      html: `<p>Hello,</p><p>Please confirm that you want the ${escapeHtml(HOUSE_NAME)} newsletter:</p><p><a href="${escapeHtml(link)}">Confirm my subscription</a></p><p>If you did not ask for it, ignore this email and nothing will be sent.</p>`,
    };
  }
  if (event.type === 'EmailSubscribedToNewsletter') {
    const footer = unsubscribeFooter(ctx, to);
    return {
      to, now, subject: `Welcome to the ${HOUSE_NAME} newsletter`, dedupe_key: `newsletter-welcome:${to}:${event.data.subscribed_at}`,
      text: `Hello,\n\nYou will get our auction dates, featured lots and results once a month.${footer.text}`,
      html: `<p>Hello,</p><p>You will get our auction dates, featured lots and results once a month.</p>${footer.html}`,
    };
  }
  return null;
}

/**
 * Runs one newsletter command; the emails its events call for are queued in the same transaction. `account`: the
 * command the account owning the address takes along (atomically), `always` even when the list records nothing.
 */
async function run(
  ctx: AppContext, email: string, command: NewsletterCommand, meta: EventMetadata,
  account?: { command: AccountCommand; always: boolean },
) {
  const stream = newsletterStream(email);
  const userId = account ? await findUserIdByEmail(ctx, email) : null;
  const user = userId ? userStream(userId) : null;
  const streams: StreamRef[] = [{ streamId: stream, decider: newsletterDecider }, ...(user ? [{ streamId: user, decider: accountDecider }] : [])];
  const now = ctx.clock.now();
  const outcome = await handleMany(ctx, streams, (states) => {
    const events = newsletterDecider.decide(command, states[stream] as NewsletterState);
    const decided: Record<string, DomainEvent[]> = { [stream]: events };
    const owner = user ? states[user] as AccountState : null;
    if (user && owner?.exists && account && (account.always || events.length > 0)) decided[user] = accountDecider.decide(account.command, owner);
    return { events: decided, result: events };
  }, meta, async (trx, decision) => {
    for (const event of decision.result) {
      const mail = emailFor(ctx, event, now);
      if (mail) await queueEmail(trx, mail);
    }
  });
  const cursor = lastCursor(outcome.appends);
  await awaitViews(ctx, cursor);
  return outcome.result;
}

/** Takes the address off the list and turns off promotional_email on its account (the link and one-click routes). */
export async function unsubscribeAddress(ctx: AppContext, email: string, meta: EventMetadata): Promise<void> {
  const now = ctx.clock.now().toISOString();
  // Always: whatever the list's state, pressing unsubscribe means no more promotional email to this address.
  await run(ctx, email, { type: 'UnsubscribeNewsletter', email, now }, meta,
    { command: { type: 'UpdateProfile', changes: { promotional_email: false }, now }, always: true });
}

const linkBody = z.object({ email: z.string({ error: 'This field is required.' }).trim().min(1, 'This field is required.'), token: z.string({ error: LINK_INVALID }).max(200) });

export function newsletterRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  for (const path of ['/api/subscribe_newsletter/', '/api/subscribe_email_for_notifications/']) {
    app.post(path, { schema: { summary: 'Subscribe an email to the newsletter (double opt-in)', body: emailSchema, response: answers({ 200: messageAnswer }, 400, 429) } }, async (request) => {
      const { email } = request.body;
      if (!email.trim()) throw new ValidationError({ email: [MSG.emailRequired] });
      // Each sign-up can email a confirmation link to the address: bounded per caller and per target address.
      await limitsOf(ctx).take('subscribe_address', request.ip);
      await limitsOf(ctx).take('subscribe_email', normaliseEmail(email));
      const now = ctx.clock.now().toISOString();
      const meta = { user_id: request.user?.id ?? null, request_id: request.id };
      const account = request.user ? (await loadAccount(ctx, request.user.id)).state : null;
      const own = !!account && account.email === normaliseEmail(email);
      await run(ctx, email, { type: 'SubscribeEmail', email, user_id: request.user?.id ?? null, now, verified: own && account.verified }, meta);
      const { state } = await ctx.commands.load(newsletterStream(email), newsletterDecider);
      // Subscribing one's own email is consent to promotional mail on the account too.
      if (own) {
        const outcome = await runAccountCommand(ctx, request.user!.id, { type: 'SubscribeNewsletter', now }, meta);
        await awaitProjected(ctx, outcome.append);
      }
      return { detail: state.subscribed ? SUBSCRIBED : CONFIRM_SENT };
    });
  }

  app.post('/api/newsletter/confirm/', { schema: { summary: 'Confirm a newsletter subscription', body: linkBody, response: answers({ 200: messageAnswer }, 400) } }, async (request) => {
    const { email, token } = request.body;
    checkToken(ctx, 'confirm', email, token);
    const now = ctx.clock.now().toISOString();
    // Only a confirmation that really subscribes turns the flag on (an old link clicked again changes nothing).
    await run(ctx, email, { type: 'ConfirmNewsletter', email, now }, { user_id: request.user?.id ?? null, request_id: request.id },
      { command: { type: 'SubscribeNewsletter', now }, always: false });
    return { detail: CONFIRMED };
  });

  app.post('/api/newsletter/unsubscribe/', { schema: { summary: 'Unsubscribe from the newsletter', body: linkBody, response: answers({ 200: messageAnswer }, 400) } }, async (request) => {
    const { email, token } = request.body;
    checkToken(ctx, 'unsubscribe', email, token);
    await unsubscribeAddress(ctx, email, { user_id: request.user?.id ?? null, request_id: request.id });
    return { detail: UNSUBSCRIBED };
  });
}
