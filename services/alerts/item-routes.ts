/**
 * Item alerts: POST /api/item_notification/ {pk: [item ids], notification_status} follows or unfollows items (a
 * lot's `item.id` or a group item's `id`, both item keys: docs/notifications.md), GET /api/item_list_notification/
 * lists the caller's followed items. The caller's own `alerts-<user>` stream: nobody touches another user's list.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { answers } from '../../infra/http/answers';
import { requireUser } from '../../infra/http/auth';
import { pageAnswer, paginate } from '../../infra/http/pagination';
import { NotFound } from '../../domain/shared/errors';
import { alertsDecider } from '../../domain/alerts/decide';
import type { AlertsCommand } from '../../domain/alerts/commands';
import { alertsStream } from '../../domain/alerts/events';
import { metadataOf, settle } from '../catalogue/http';

const itemId = z.string({ message: 'Enter item ids.' }).uuid({ message: 'Enter valid item ids.' });

export const followBody = z.object({
  /** A list, as the client sends; one id alone is accepted too. */
  pk: z.preprocess((v) => (typeof v === 'string' ? [v] : v), z.array(itemId, { message: 'Enter a list of item ids.' })
    .min(1, { message: 'Enter at least one item id.' }).max(100, { message: 'Enter at most 100 item ids.' })),
  notification_status: z.boolean({ message: 'Must be true or false.' }),
});

const followAnswer = z.object({ notification: z.boolean(), pk: z.array(z.string()) });
const followedItemAnswer = z.object({
  id: z.string(),
  title: z.string(),
  distillery: z.object({ name: z.string() }),
  is_notification: z.boolean(),
  followed_at: z.string(),
  /** The latest lot of this item, for a link (null only before the catalogue has it). */
  last_lot: z.object({ id: z.string(), slug: z.string().nullable() }).nullable(),
});

const listQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(999).default(999),
});

export function itemAlertRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.post('/api/item_notification/', { schema: { summary: 'Follow or unfollow an item (alert when it is listed)', body: followBody, response: answers({ 200: followAnswer }, 400, 401, 404) } }, async (request) => {
    const user = requireUser(request);
    const body = { ...request.body };
    const ids = [...new Set(body.pk)];
    const now = ctx.clock.now().toISOString();
    let command: AlertsCommand;
    if (body.notification_status) {
      const items = await ctx.db.selectFrom('alert_items').select(['item_id', 'title', 'distillery']).where('item_id', 'in', ids).execute();
      if (items.length !== ids.length) throw new NotFound('Item not found.');
      command = { type: 'FollowItems' as const, user_id: user.id, items, now };
    } else {
      command = { type: 'UnfollowItems' as const, user_id: user.id, item_ids: ids, now };
    }
    const outcome = await ctx.commands.handle(alertsStream(user.id), alertsDecider, command, metadataOf(request));
    await settle(ctx, outcome);
    return { notification: body.notification_status, pk: ids };
  });

  app.get('/api/item_list_notification/', { schema: { summary: 'Items the user follows', querystring: listQuery, response: answers({ 200: pageAnswer(followedItemAnswer) }, 400, 401) } }, async (request) => {
    const user = requireUser(request);
    const q = { ...request.query };
    const base = ctx.db.selectFrom('alert_followed_items as f').where('f.user_id', '=', user.id).where('f.followed', '=', true);
    const [rows, total] = await Promise.all([
      base
        .leftJoin('alert_items as i', 'i.item_id', 'f.item_id')
        .leftJoin('lots as l', 'l.id', 'i.last_lot_id')
        .select(['f.item_id', 'f.title', 'f.distillery', 'f.followed_at', 'l.id as lot_id', 'l.slug as lot_slug'])
        .orderBy('f.followed_at', 'desc').orderBy('f.item_id')
        .limit(q.page_size).offset((q.page - 1) * q.page_size)
        .execute(),
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const results = rows.map((r): z.infer<typeof followedItemAnswer> => ({
      id: r.item_id,
      title: r.title,
      distillery: { name: r.distillery },
      is_notification: true,
      followed_at: r.followed_at.toISOString(),
      last_lot: r.lot_id ? { id: r.lot_id, slug: r.lot_slug } : null,
    }));
    return paginate(results, Number(total.n), q.page, q.page_size, request.url);
  });
}
