/**
 * POST /api/contact_us/ {name, email, subject, message}: checked field by field, at most `contact_address` messages
 * per address (client IP) per hour (services/limits, shared by every process; 5 by default), then the message is
 * recorded and two emails are queued in the same transaction: the
 * message to the house's mailbox (HOUSE_EMAIL) and an acknowledgement to the sender. A refusal records and sends
 * nothing.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { limitsOf } from '../limits/limits';
import { DEFAULT_LIMITS } from '../../infra/config/limit-settings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { ValidationError } from '../../domain/shared/errors';
import { validateEmail } from '../../domain/accounts/rules';
import { queueEmail } from '../../infra/mail/outbox';
import { HOUSE_NAME, loadHouseSettings } from '../../infra/config/house-settings';
import { escapeHtml } from './markdown';
import { answers, messageAnswer } from '../../infra/http/answers';

/** The default limit (RATE_LIMIT_CONTACT_ADDRESS changes it). */
export const CONTACT_LIMIT = DEFAULT_LIMITS.contact_address.limit;
const CONTACT_MSG = {
  required: 'This field is required.',
  nameMax: 'At most 100 characters.',
  subjectMax: 'At most 200 characters.',
  messageMin: 'Write at least 10 characters.',
  messageMax: 'At most 5000 characters.',
  sent: 'Thank you, your message has been sent. We will answer within one working day.',
  throttled: (minutes: number) => `You have sent several messages already. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
};

const text = z.string({ error: CONTACT_MSG.required }).default('');
const contactBody = z.object({ name: text, email: text, subject: text, message: text });
/** A body that is no JSON object reads as an empty form: the field messages, not a malformed-request one. */
const contactRequest = z.preprocess((v) => (v && typeof v === 'object' ? v : {}), contactBody);

function contactErrors(b: z.infer<typeof contactBody>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const name = b.name.trim(), subject = b.subject.trim(), message = b.message.trim();
  if (!name) errors.name = [CONTACT_MSG.required];
  else if (name.length > 100) errors.name = [CONTACT_MSG.nameMax];
  const email = validateEmail(b.email);
  if (email) errors.email = [email];
  if (!subject) errors.subject = [CONTACT_MSG.required];
  else if (subject.length > 200) errors.subject = [CONTACT_MSG.subjectMax];
  if (!message) errors.message = [CONTACT_MSG.required];
  else if (message.length < 10) errors.message = [CONTACT_MSG.messageMin];
  else if (message.length > 5000) errors.message = [CONTACT_MSG.messageMax];
  return errors;
}

const paragraphs = (s: string) => s.split(/\n{2,}/).map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('');

export function contactRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const houseEmail = loadHouseSettings().contacts.email;

  app.post('/api/contact_us/', { schema: { summary: 'Send a message to the house', body: contactRequest, response: answers({ 201: messageAnswer }, 400, 429) } }, async (request, reply) => {
    const body = { ...request.body };
    const errors = contactErrors(body);
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    const name = body.name.trim(), email = body.email.trim(), subject = body.subject.trim(), message = body.message.trim();
    const now = ctx.clock.now();
    const ip = request.ip;

    await limitsOf(ctx).take('contact_address', ip, (seconds) => CONTACT_MSG.throttled(Math.ceil(seconds / 60)));
    await ctx.db.transaction().execute(async (trx) => {
      const id = randomUUID();
      await sql`INSERT INTO contact_messages (id, ip, name, email, subject, message, created_at)
        VALUES (${id}, ${ip}, ${name}, ${email}, ${subject}, ${message}, ${now.toISOString()})`.execute(trx);
      await queueEmail(trx, {
        to: houseEmail, subject: `Contact form: ${subject}`, dedupe_key: `contact:${id}`, now,
        text: [`From: ${name} <${email}>`, `Subject: ${subject}`, '', message].join('\n'),
        html: `<p><strong>From:</strong> ${escapeHtml(name)} &lt;${escapeHtml(email)}&gt;</p><p><strong>Subject:</strong> ${escapeHtml(subject)}</p>${paragraphs(message)}`,
      });
      await queueEmail(trx, {
        to: email, subject: `We have your message: ${subject}`, dedupe_key: `contact-ack:${id}`, now,
        text: [`Hello ${name},`, '', 'Thank you for writing to us. Our team answers within one working day.', '', 'Your message:', message, '', HOUSE_NAME].join('\n'),
        html: `<p>Hello ${escapeHtml(name)},</p><p>Thank you for writing to us. Our team answers within one working day.</p><p>Your message:</p><blockquote>${paragraphs(message)}</blockquote><p>${escapeHtml(HOUSE_NAME)}</p>`,
      });
    });
    return reply.status(201).send({ detail: CONTACT_MSG.sent });
  });
}
