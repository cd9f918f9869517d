/** The wallet slice: the wallet ledger: balances, transactions, receipts, staff adjustments. Decisions: docs/payments.md. */
import type { Feature } from '../features';
import { walletRoutes } from './routes';
import { staffWalletRoutes } from './staff-routes';

export const walletFeature: Feature = {
  name: 'wallet',
  routes(app, ctx) {
    walletRoutes(app, ctx);
    staffWalletRoutes(app, ctx);
  },
};
