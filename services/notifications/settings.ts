/** The inbox stream's commands, for the calls and for PATCH /api/users/{id}/ (accounts). */
import { z } from 'zod';
import type { EventMetadata } from '../../infra/event-store/types';
import type { AppContext } from '../context';
import { inboxDecider, inboxStream } from '../../domain/notifications/inbox';
import { TEMPLATES, type Template } from '../../domain/notifications/templates';
import { emailOptOuts } from './queries';
import { awaitViews } from '../../infra/http/read-your-writes';

const OPT_OUTS_MESSAGE = `Each entry must be one of the notification templates: ${TEMPLATES.join(', ')}.`;

/** The part of PATCH /api/users/{id}/ this slice owns: the templates whose emails the user does not want. */
export const emailOptOutsPatch = z.object({
  email_opt_outs: z.array(z.enum(TEMPLATES, { error: OPT_OUTS_MESSAGE }), { error: OPT_OUTS_MESSAGE }).max(TEMPLATES.length * 2).optional(),
});

type Meta = EventMetadata;

async function run(ctx: AppContext, userId: string, command: Parameters<typeof inboxDecider.decide>[0], meta: Meta): Promise<void> {
  const outcome = await ctx.commands.handle(inboxStream(userId), inboxDecider, command, meta);
  const last = outcome.append?.events.at(-1);
  await awaitViews(ctx, last);
}

export async function setEmailOptOuts(ctx: AppContext, userId: string, optOuts: Template[], meta: Meta): Promise<void> {
  await run(ctx, userId, { type: 'SetEmailOptOuts', user_id: userId, email_opt_outs: optOuts, now: ctx.clock.now().toISOString() }, meta);
}

export async function markRead(ctx: AppContext, userId: string, ids: string[], meta: Meta): Promise<void> {
  await run(ctx, userId, { type: 'MarkNotificationsRead', user_id: userId, ids, now: ctx.clock.now().toISOString() }, meta);
}

/** Shown on the user (GET /api/users/current/). */
export const notificationSettingsOf = async (ctx: AppContext, userId: string) => ({ email_opt_outs: await emailOptOuts(ctx.db, userId) });
