/**
 * The live push of stored notifications to this process's own `/ws/notifications/` sockets (pusher.ts). A slice of
 * its own because it runs where the sockets are: in every `all` process and on live nodes, not on API nodes
 * (services/features.ts, `featuresFor`). It only reads the notifications table, which the API nodes' projection writes.
 */
import type { AppContext } from '../context';
import type { Feature } from '../features';
import { NotificationPusher } from './pusher';

const running = new WeakMap<AppContext, NotificationPusher>();

export const notificationPushFeature: Feature = {
  name: 'notification-push',
  async start(ctx) {
    const pusher = new NotificationPusher(ctx.db, ctx.live);
    running.set(ctx, pusher);
    await pusher.start();
  },
  async stop(ctx) {
    await running.get(ctx)?.stop();
    running.delete(ctx);
  },
};
