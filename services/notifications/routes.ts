/** The notification calls: the caller's list and marking their own notifications read. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { requireUser } from '../../infra/http/auth';
import { answers } from '../../infra/http/answers';
import { listForUser, markedRead, notificationList, ownIds } from './queries';
import { markRead } from './settings';

const LIST_DEFAULT = 15;

const listQuery = z.object({ limit: z.coerce.number({ error: 'Must be a number.' }).int('Must be a whole number.').min(1, 'Must be at least 1.').max(100, 'Must be at most 100.').default(LIST_DEFAULT) });
export const readBody = z.object({
  ids: z.array(z.uuid({ error: 'Must be a notification id.' }), { error: 'A list of notification ids is required.' })
    .min(1, 'A list of notification ids is required.').max(100, 'At most 100 ids at once.'),
});

export function notificationRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get('/api/user_notifications/', { schema: { summary: "The user's notifications", querystring: listQuery, response: answers({ 200: notificationList }, 400, 401) } }, async (request) => {
    const user = requireUser(request);
    const { limit } = request.query;
    return listForUser(ctx.db, user.id, limit);
  });

  /** Marks the caller's own notifications read; ids of other people's (or unknown) notifications are ignored. */
  app.patch('/api/notification_is_read/', { schema: { summary: 'Mark notifications read', body: readBody, response: answers({ 200: markedRead }, 400, 401, 409) } }, async (request) => {
    const user = requireUser(request);
    const { ids } = request.body;
    const own = await ownIds(ctx.db, user.id, ids);
    await markRead(ctx, user.id, own, { user_id: user.id, request_id: request.id });
    const answer: z.infer<typeof markedRead> = { ids: own.sort(), is_read: true };
    return answer;
  });
}
