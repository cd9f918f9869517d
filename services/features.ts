import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context';
import type { ServerRole } from '../infra/config/config';
import { accountsFeature } from './accounts/feature';
import { catalogueFeature } from './catalogue/feature';
import { biddingFeature } from './bidding/feature';
import { liveFeature } from './live/feature';
import { paymentsFeature } from './payments/feature';
import { walletFeature } from './wallet/feature';
import { payoutFeature } from './withdrawal/feature';
import { checkoutFeature } from './checkout/feature';
import { addressesFeature } from './addresses/feature';
import { ordersFeature } from './orders/feature';
import { accountAreaFeature } from './account-area/feature';
import { alertsFeature } from './alerts/feature';
import { notificationsFeature } from './notifications/feature';
import { notificationPushFeature } from './notifications/push-feature';
import { spendingCapFeature } from './spending-cap/feature';
import { sellerStatementsFeature } from './selling/statements/feature';
import { sellRequestsFeature } from './selling/feature';
import { valuationFeature } from './valuation/feature';
import { collectionFeature } from './collection/feature';
import { searchFeature } from './search/feature';
import { contentFeature } from './content/feature';
import { auditFeature } from './audit/feature';
import { limitsFeature } from './limits/feature';
import { closeMonitorFeature } from './close-monitor/feature';

/**
 * A feature slice: its routes, and the background work it runs while the server is up (schedulers, outbox
 * senders, live feeds). Add a slice to `features` to switch it on.
 */
export interface Feature {
  name: string;
  routes?(app: FastifyInstance, ctx: AppContext): void | Promise<void>;
  start?(ctx: AppContext): void | Promise<void>;
  stop?(ctx: AppContext): void | Promise<void>;
}

export const features: Feature[] = [
  accountsFeature, catalogueFeature, biddingFeature, liveFeature, paymentsFeature, walletFeature, payoutFeature, checkoutFeature, addressesFeature,
  ordersFeature, alertsFeature, accountAreaFeature, notificationsFeature, notificationPushFeature, spendingCapFeature, sellerStatementsFeature,
  valuationFeature,
  sellRequestsFeature,
  collectionFeature,
  searchFeature,
  contentFeature,
  auditFeature,
  limitsFeature,
  closeMonitorFeature,
];

/**
 * The slices a process of this role serves and runs: a live node only what serves sockets (the channels with their
 * feed, and the notification pusher); an API node all the others (its live slice serves no socket and only signals
 * its appends, services/live/feature.ts).
 */
export function featuresFor(role: ServerRole): Feature[] {
  const socketSlices: Feature[] = [liveFeature, notificationPushFeature, closeMonitorFeature];
  if (role === 'live') return socketSlices;
  return role === 'api' ? features.filter((f) => f !== notificationPushFeature) : features;
}

/**
 * Starts a process's background work for its role: the projection runner (not on a live node: the API nodes keep
 * the read models) and the slices' schedulers, senders and feeds. Answers the slices started, to stop them later.
 */
export async function startBackground(ctx: AppContext): Promise<Feature[]> {
  if (ctx.config.role !== 'live') {
    ctx.projections.start();
    // On its own thread the runner first loads its code: no request waits for read models that are not running yet.
    await ctx.projections.whenReady();
  }
  const started = featuresFor(ctx.config.role);
  for (const feature of started) await feature.start?.(ctx);
  return started;
}
