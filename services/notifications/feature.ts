/**
 * The notification engine (docs/notifications.md): the projection that decides and stores notifications is
 * registered with the other read models (projections/index.ts); this slice adds the calls, the mailer (emails exactly
 * once, one process at a time) and the scheduler. The per-process pusher to `/ws/notifications/` is its own slice
 * (push-feature.ts), since it runs where the sockets are: on a live node too, and not on an API node.
 */
import type { AppContext } from '../context';
import type { Feature } from '../features';
import { mailBatch } from './mailer';
import { notificationRoutes } from './routes';
import { runDueNotifications, SCHEDULER_INTERVAL_MS } from './scheduler';

interface Workers {
  mailer: NodeJS.Timeout; mailing: Promise<unknown> | null;
  /** The time-based notifications (scheduler.ts), every minute. */
  scheduler: NodeJS.Timeout; scheduling: Promise<unknown> | null;
}
const running = new WeakMap<AppContext, Workers>();

export const notificationsFeature: Feature = {
  name: 'notifications',
  routes: notificationRoutes,
  async start(ctx) {
    const workers: Workers = { mailing: null, scheduling: null, mailer: setInterval(() => {
      if (workers.mailing) return;
      workers.mailing = drainMail(ctx).catch((err) => ctx.log.error({ err }, 'notification mailer failed')).finally(() => (workers.mailing = null));
    }, 250), scheduler: setInterval(() => {
      if (workers.scheduling) return;
      workers.scheduling = runDueNotifications(ctx).catch((err) => ctx.log.error({ err }, 'notification scheduler failed'))
        .finally(() => (workers.scheduling = null));
    }, SCHEDULER_INTERVAL_MS) };
    running.set(ctx, workers);
  },
  async stop(ctx) {
    const workers = running.get(ctx);
    if (!workers) return;
    clearInterval(workers.mailer);
    clearInterval(workers.scheduler);
    await workers.mailing;
    await workers.scheduling;
    running.delete(ctx);
  },
};

export async function drainMail(ctx: AppContext): Promise<void> {
  const options = { publicUrl: ctx.config.publicUrl, now: () => ctx.clock.now() };
  while (await mailBatch(ctx.db, options)) { /* until nothing is left */ }
}
