/** The payments slice: card payments: provider, 3-D Secure, registration fee, saved cards, owed refunds and their emails. Decisions: docs/payments.md. */
import type { Feature } from '../features';
import { paymentProvider } from './provider';
import { SandboxProvider } from './sandbox/sandbox-provider';
import { sandboxRoutes } from './sandbox/routes';
import { registrationFeeRoutes } from './registration-fee-routes';
import { cardsRoutes } from './cards-routes';
import { returnRoutes } from './return-route';
import { paymentStatusRoutes } from './payment-status-route';
import { owedRefundsWorker } from './owed-refunds';
import { pendingPaymentsWorker } from './pending-payments';
import { PeriodicTask } from '../../infra/workers/periodic-task';
import { wakesOnReadModels } from '../read-model-wakes';
import { drainRefundMail } from './refund-mailer';
import type { AppContext } from '../context';

const workers = new WeakMap<AppContext, PeriodicTask[]>();

export const paymentsFeature: Feature = {
  name: 'payments',
  async routes(app, ctx) {
    // Fails at start-up for an unknown PAYMENT_PROVIDER rather than at the first payment.
    const provider = paymentProvider(ctx);
    registrationFeeRoutes(app, ctx);
    cardsRoutes(app, ctx);
    returnRoutes(app, ctx);
    paymentStatusRoutes(app, ctx);
    if (provider instanceof SandboxProvider) await app.register(async (scope) => sandboxRoutes(scope, provider));
  },
  /**
   * Refunds owed and not made yet (owed-refunds.ts); payments whose return never came (pending-payments.ts); the
   * refund emails (refund-mailer.ts: not urgent, so a pass a second).
   */
  start(ctx) {
    const options = { publicUrl: ctx.config.publicUrl, now: () => ctx.clock.now() };
    const mailer = new PeriodicTask('refund mailer', 1_000, () => drainRefundMail(ctx.db, ctx.store, options), ctx.log, wakesOnReadModels(ctx));
    const started = [owedRefundsWorker(ctx), pendingPaymentsWorker(ctx), mailer];
    workers.set(ctx, started);
    for (const worker of started) worker.start();
  },
  async stop(ctx) {
    for (const worker of workers.get(ctx) ?? []) await worker.stop();
    workers.delete(ctx);
  },
};
