/**
 * The account area (docs/account-area.md): lot notes, recently viewed lots, the buyer's dashboard, clearing the
 * watching list and its PDF, and the item list. Its own tables come from migration 0620; the lot notes read model
 * is projections/account-area.
 */
import type { Feature } from '../features';
import { lotNoteRoutes } from './lot-notes';
import { recentlyViewedRoutes } from './recently-viewed';
import { dashboardRoutes } from './dashboard';
import { watchingClearRoutes } from './watching-clear';
import { watchingPdfRoutes } from './watching-pdf';
import { itemListRoutes } from './item-list';

export const accountAreaFeature: Feature = {
  name: 'account-area',
  routes(app, ctx) {
    lotNoteRoutes(app, ctx);
    recentlyViewedRoutes(app, ctx);
    dashboardRoutes(app, ctx);
    watchingClearRoutes(app, ctx);
    watchingPdfRoutes(app, ctx);
    itemListRoutes(app, ctx);
  },
};
