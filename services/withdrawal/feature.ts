/** The payout slice: payout methods, access codes, withdrawals, house bank settings. Decisions: docs/payments.md. */
import type { Feature } from '../features';
import { accessRoutes } from './access-routes';
import { payoutMethodRoutes } from './payout-method-routes';
import { withdrawalRoutes } from './withdrawal-routes';
import { staffWithdrawalRoutes } from './staff-withdrawal-routes';
import { settingsRoutes } from './settings-routes';
import { startWithdrawalSweeper, stopWithdrawalSweeper } from './withdrawal-sweeper';

export const payoutFeature: Feature = {
  name: 'withdrawal',
  routes(app, ctx) {
    accessRoutes(app, ctx);
    payoutMethodRoutes(app, ctx);
    withdrawalRoutes(app, ctx);
    staffWithdrawalRoutes(app, ctx);
    settingsRoutes(app, ctx);
  },
  start: (ctx) => startWithdrawalSweeper(ctx),
  stop: (ctx) => stopWithdrawalSweeper(ctx),
};
