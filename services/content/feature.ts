/**
 * Site content (docs/content.md): articles with live likes, the contact form, staff-managed CMS entries, the newsletter
 * and its campaigns (with their delivery worker), demo content.
 */
import type { Feature } from '../features';
import { articleRoutes } from './article-routes';
import { articleStaffRoutes } from './article-staff-routes';
import { cmsRoutes } from './cms-routes';
import { contactRoutes } from './contact';
import { newsletterRoutes } from './newsletter';
import { oneClickRoutes } from './newsletter-one-click';
import { newsletterCampaignRoutes } from './newsletter-campaign-routes';
import { startCampaignDelivery, stopCampaignDelivery } from './newsletter-delivery';
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
    await oneClickRoutes(app, ctx);
    newsletterCampaignRoutes(app, ctx);
    shippingInfoRoutes(app);
  },
  async start(ctx) {
    await seedContentOnStart(ctx);
    startCampaignDelivery(ctx);
  },
  async stop(ctx) {
    await stopCampaignDelivery(ctx);
  },
};
