/**
 * The live push of stored notifications to this process's own `/ws/notifications/` sockets (pusher.ts). A slice of
 * its own because it runs where the sockets are: in every `all` process and on live nodes, not on API nodes
 * (services/features.ts, `featuresFor`). It only reads the notifications table, which the API nodes' projection writes.
 */
import type { AppContext } from '../context';
import type { Feature } from '../features';
import { NotificationPusher } from './pusher';
import { wakesOnReadModels } from '../read-model-wakes';

const running = new WeakMap<AppContext, NotificationPusher>();

export const notificationPushFeature: Feature = {
  name: 'notification-push',
  async start(ctx) {
    // A live node runs no projections (nothing would wake it): it polls.
    const wakes = ctx.config.role === 'live' ? {} : wakesOnReadModels(ctx);
    const pusher = new NotificationPusher(ctx.db, ctx.live, ctx.log, wakes);
    running.set(ctx, pusher);
    await pusher.start();
  },
  async stop(ctx) {
    await running.get(ctx)?.stop();
    running.delete(ctx);
  },
};
