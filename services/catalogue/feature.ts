/**
 * The catalogue slice: auctions and lots (staff endpoints, read API, watching list, buyer and seller lists), and
 * in development the demo seed on start (docs/catalogue.md, "Demo data").
 */
import type { FastifyInstance } from 'fastify';
import type { Feature } from '../features';
import type { AppContext } from '../context';
import { staffAuctionRoutes } from './routes/staff-auctions';
import { staffLotRoutes } from './routes/staff-lots';
import { staffLotEditRoutes } from './routes/staff-lot-edits';
import { staffAuctionProgressRoutes } from './routes/staff-auction-progress';
import { staffAuctionScheduleRoutes } from './routes/staff-auction-schedule';
import { lotReadRoutes } from './routes/lots-read';
import { lotFilterRoutes } from './routes/lots-filters';
import { lotRelatedRoutes } from './routes/lots-related';
import { auctionReadRoutes } from './routes/auctions-read';
import { userAuctionDateRoutes } from './routes/user-auction-dates';
import { watchingListRoutes } from './routes/watching-list';
import { buyerLotRoutes } from './routes/buyer-lots';
import { sellerLotRoutes } from './routes/seller-lots';
import { StartSeeder } from './seed/on-start';
import { demoRollingWanted, LiveRoller, rollOptionsFrom } from './seed/live-roller';

const seeders = new WeakMap<AppContext, StartSeeder>();
const rollers = new WeakMap<AppContext, LiveRoller>();

export const catalogueFeature: Feature = {
  name: 'catalogue',
  routes(app: FastifyInstance, ctx: AppContext) {
    staffAuctionRoutes(app, ctx);
    staffLotRoutes(app, ctx);
    staffLotEditRoutes(app, ctx);
    staffAuctionProgressRoutes(app, ctx);
    staffAuctionScheduleRoutes(app, ctx);
    lotReadRoutes(app, ctx);
    lotFilterRoutes(app, ctx);
    lotRelatedRoutes(app, ctx);
    auctionReadRoutes(app, ctx);
    userAuctionDateRoutes(app, ctx);
    watchingListRoutes(app, ctx);
    buyerLotRoutes(app, ctx);
    sellerLotRoutes(app, ctx);
  },
  async start(ctx) {
    const seeder = new StartSeeder(ctx);
    seeders.set(ctx, seeder);
    await seeder.start();
    // The demo's live auction rolls on once the start seed is written (else both would open a live auction).
    if (demoRollingWanted(ctx.config.production, process.env)) {
      const roller = new LiveRoller(ctx, rollOptionsFrom(process.env));
      rollers.set(ctx, roller);
      void seeder.settled().then(() => rollers.get(ctx) === roller && roller.start());
    }
  },
  async stop(ctx) {
    const roller = rollers.get(ctx);
    rollers.delete(ctx);
    await roller?.stop();
    await seeders.get(ctx)?.stop();
    seeders.delete(ctx);
  },
};
