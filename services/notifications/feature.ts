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
import { PeriodicTask } from '../../infra/workers/periodic-task';
import { wakesOnReadModels } from '../read-model-wakes';

const running = new WeakMap<AppContext, PeriodicTask[]>();

export const notificationsFeature: Feature = {
  name: 'notifications',
  routes: notificationRoutes,
  async start(ctx) {
    const workers = [
      new PeriodicTask('notification mailer', 250, () => drainMail(ctx), ctx.log, wakesOnReadModels(ctx)),
      // The time-based notifications (scheduler.ts), every minute.
      new PeriodicTask('notification scheduler', SCHEDULER_INTERVAL_MS, () => runDueNotifications(ctx), ctx.log),
    ];
    running.set(ctx, workers);
    for (const worker of workers) worker.start();
  },
  async stop(ctx) {
    for (const worker of running.get(ctx) ?? []) await worker.stop();
    running.delete(ctx);
  },
};

export async function drainMail(ctx: AppContext): Promise<void> {
  const options = { publicUrl: ctx.config.publicUrl, now: () => ctx.clock.now() };
  while (await mailBatch(ctx.db, options)) { /* until nothing is left */ }
}
