/** Site content (docs/content.md): articles with live likes, the contact form, staff-managed CMS entries, demo content. */
import type { Feature } from '../features';
import { articleRoutes } from './article-routes';
import { articleStaffRoutes } from './article-staff-routes';
import { cmsRoutes } from './cms-routes';
import { contactRoutes } from './contact';
import { newsletterRoutes } from './newsletter';
import { shippingInfoRoutes } from './shipping-info';
import { seedContentOnStart } from './seed';

export const contentFeature: Feature = {
  name: 'content',
  async routes(app, ctx) {
    articleRoutes(app, ctx);
    await articleStaffRoutes(app, ctx);
    cmsRoutes(app, ctx);
    contactRoutes(app, ctx);
    newsletterRoutes(app, ctx);
    shippingInfoRoutes(app);
  },
  async start(ctx) {
    await seedContentOnStart(ctx);
  },
};
