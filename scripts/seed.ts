/**
 * `npm run seed`: fills the database (DATABASE_URL, or the embedded one) with the demo auction house: past auctions
 * with results, a live auction ending a few minutes from now, and the next auction, plus demo users. Each run adds a
 * new set; the server also runs it on start when no auction is live or upcoming (docs/catalogue.md).
 */
import { loadConfig } from '../infra/config/config';
import { createContext, createLogger } from '../services/context';
import { resolveDatabase } from '../infra/db/connect';
import { awaitViews } from '../infra/http/read-your-writes';
import { migrateToLatest } from '../infra/db/migrate';
import { seedDemoHouse } from '../services/catalogue/seed/seed-house';
import { SEED_PASSWORD } from '../services/catalogue/seed/demo-users';
import { seedContent } from '../services/content/seed';

const config = loadConfig();
if (config.production) {
  console.error('The demo seed does not run in production (NODE_ENV=production).');
  process.exit(1);
}
const log = createLogger(config);
const target = await resolveDatabase(config, (m) => console.log(m));
const ctx = createContext(config, target.url, { log, poolSize: 6 });
const started = Date.now();
try {
  await migrateToLatest(ctx.db);
  ctx.projections.start();
  const summary = await seedDemoHouse(ctx, { now: new Date(), log: (m) => console.log(m) });
  console.log(`Seeded ${summary.lots} lots and ${summary.bids} bids in ${((Date.now() - started) / 1000).toFixed(1)} s; updating the read models...`);
  const content = await seedContent(ctx);
  // Everything is stored: the read models are only waited for (bounded), never a reason to fail the seed.
  const shown = (await awaitViews(ctx, summary.last, { waitMs: 180_000 })) && (await awaitViews(ctx, content?.events.at(-1), { waitMs: 60_000 }));
  if (!shown) console.warn('Warning: the read models are still catching up; the server finishes them on start (nothing to redo).');
  console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s. Demo sellers and bidders sign in with the password ${SEED_PASSWORD}`);
  console.log('  (seller@whisky.test, bidder1@whisky.test ... bidder7@whisky.test; staff and buyer as the accounts slice prints them).');
} finally {
  await ctx.projections.stop();
  await ctx.signIn.db.destroy();
  await ctx.db.destroy();
  await target.stop();
}
