/**
 * The "done when" of the read side: on a populated database (the demo house: users, past auctions with results, a
 * live auction with bids, watching lists) every read model rebuilt from the events equals the live one.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../services/testing/harness';
import { createTestUser } from '../services/testing/users';
import { seedDemoHouse } from '../services/catalogue/seed/seed-house';
import { allProjections } from './index';
import { rebuildAndCompare } from './rebuild';

let t: TestApp;

test.before(async () => {
  t = await startTestApp({ workers: false });
  await createTestUser(t, { staff: true });
  const summary = await seedDemoHouse(t.ctx, { now: t.clock.now(), pastAuctions: 2, lotsPerPastAuction: 12, liveLots: 30, nextLots: 4, log: () => {} });
  assert.ok(summary.bids > 0, 'the seed placed bids');
  t.ctx.projections.start();
  if (summary.last) await t.ctx.projections.waitFor(summary.last, 30_000);
  await t.ctx.projections.stop();
});

test.after(async () => {
  await t.close();
});

test('every projection rebuilt from the events equals its live tables', async () => {
  const differing: string[] = [];
  let tables = 0;
  for (const projection of allProjections) {
    const report = await rebuildAndCompare(t.ctx.db, projection);
    for (const table of report.tables) {
      tables++;
      if (!table.equal) differing.push(`${projection.name}.${table.table}`);
    }
  }
  assert.ok(tables >= allProjections.length);
  assert.equal(differing, []);
});

test.run();
