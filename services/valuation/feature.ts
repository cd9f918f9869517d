/** Valuation requests (docs/selling.md "Valuation requests"): the seller's calls, the image route and the staff desk. */
import type { Feature } from '../features';
import { uploadStore } from '../uploads/store';
import { valuationRequestRoutes } from './request-routes';
import { valuationStaffRoutes } from './staff-routes';

const DAY_MS = 24 * 60 * 60 * 1000;

export const valuationFeature: Feature = {
  name: 'valuation',
  async routes(app, ctx) {
    await valuationRequestRoutes(app, ctx);
    valuationStaffRoutes(app, ctx);
  },
  /** Temp files a crash left mid-upload are removed once they are a day old. */
  async start(ctx) {
    await uploadStore(ctx.config.dataDir).sweepTemp(DAY_MS).catch((err) => ctx.log.warn({ err }, 'sweeping upload temp files failed'));
  },
};
