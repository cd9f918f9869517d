/**
 * A lot page as the server sends it (infra/http/page-head.ts), in Chromium: without scripts a reader sees the lot,
 * its price and end; with scripts the fallback takes no room before the client mounts, the client renders the page
 * as always, the JSON-LD block breaks no CSP, and a hostile title runs nothing either way.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { createTestUser } from '../../services/testing/users';
import { SITE } from '../src/lib/site';
import { assertNoProblems, DESKTOP, liveAuctionWithLots, logged, newContext, startE2E, UI_TIMEOUT, watchProblems, type E2E, type LiveLot } from './helpers';

const HOSTILE = `Port Ellen </script><script>alert("x")</script> 'Cask' & "Co"`;
let e: E2E;
let lot: LiveLot;

test.before(logged(async () => {
  e = await startE2E();
  const staff = await createTestUser(e.t, { staff: true, feePaid: true });
  const seller = await createTestUser(e.t);
  [lot] = await liveAuctionWithLots(e, staff, seller, [{
    title: HOSTILE, description: 'Peat & smoke <img src=x onerror=alert(1)>', photos: [{ file: '/images/placeholder-bottle.svg', title: 'Front' }],
    opening_bid: '200', estimated_value: '450',
  }]);
  await e.t.ctx.projections.settle();
}));
test.after(async () => e?.close());

/** Any alert the hostile text managed to run. */
const dialogs = (page: Page) => {
  const seen: string[] = [];
  page.on('dialog', (d) => { seen.push(d.message()); void d.dismiss(); });
  return seen;
};

test('without scripts: the lot, its price and end are readable, the head describes it, nothing hostile runs', async () => {
  const context = await e.browser.browser.newContext({ viewport: DESKTOP, javaScriptEnabled: false });
  context.setDefaultTimeout(4 * UI_TIMEOUT);
  const page = await context.newPage();
  const seen = dialogs(page);
  await page.goto(`${e.t.baseUrl}/product/${lot.id}`);
  assert.is(await page.title(), `${HOSTILE} · ${SITE.name}`);
  assert.is((await page.getByRole('heading', { level: 1 }).innerText()).trim(), HOSTILE);
  await page.getByText(/Opening bid £200, estimate £450; closes \d+ \w+ \d{4} at \d\d:\d\d UK time\./).waitFor();
  const text = await page.locator('article').innerText();
  assert.ok(text.includes('Peat & smoke <img src=x onerror=alert(1)>'), text);
  const product = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  assert.is(product.name, HOSTILE);
  assert.is(product.offers.availability, 'https://schema.org/InStock');
  assert.is(await page.locator('img').count(), 0, 'the description\'s markup stayed text');
  assert.equal(seen, []);
  await context.close();
});

test('with scripts: the fallback takes no room before the client mounts (nothing to shift)', async () => {
  const context = await newContext(e, DESKTOP);
  const page = await context.newPage();
  // The client's code never arrives: what the browser lays out is the server's HTML alone, scripts on.
  await page.route('**/assets/*.js', (route) => route.abort());
  const rootBox = async (path: string) => {
    await page.goto(`${e.t.baseUrl}${path}`);
    return page.evaluate(() => {
      const root = document.getElementById('root')!;
      return { height: root.getBoundingClientRect().height, laidOut: [...root.querySelectorAll('*')].filter((el) => el.getClientRects().length > 0).length };
    });
  };
  const plain = await rootBox('/how-to-buy');
  const described = await rootBox(`/product/${lot.id}`);
  assert.equal(described, plain, 'the same empty #root as a page without a fallback');
  assert.is(described.laidOut, 0);
  assert.is(await page.getByRole('heading').count(), 0);
  await context.close();
});

test('with scripts: the client renders the lot page as always, under the CSP, the title unchanged', async () => {
  const context = await newContext(e, DESKTOP);
  // A machine shared by many test runs can take longer than UI_TIMEOUT to load and render a cold page.
  context.setDefaultTimeout(4 * UI_TIMEOUT);
  const page = await context.newPage();
  const problems = watchProblems(page);
  const seen = dialogs(page);
  await page.goto(`${e.t.baseUrl}/product/${lot.id}`);
  await page.getByRole('heading', { level: 1, name: HOSTILE }).waitFor();
  await page.locator('.bid-panel').first().waitFor();
  assert.is(await page.getByRole('heading', { level: 1 }).count(), 1, 'the fallback is gone: one heading');
  assert.is(await page.title(), `${HOSTILE} · ${SITE.name}`);
  assert.is(await page.locator('head script[type="application/ld+json"]').count(), 1);
  await page.goto(`${e.t.baseUrl}/auction`);
  await page.getByRole('heading', { level: 1, name: 'Live Auction' }).waitFor();
  assert.equal(seen, []);
  assertNoProblems(problems);
  await context.close(); // fails on any CSP violation
});

test('a visitor\'s lot page is drawn from the data the HTML carries: with its own read of the lot held back, the title and price still show', async () => {
  const context = await newContext(e, DESKTOP);
  context.setDefaultTimeout(4 * UI_TIMEOUT);
  const page = await context.newPage();
  let asked = 0;
  // The page's own read of the lot never answers while this test looks: whatever shows came with the HTML.
  await page.route(new RegExp(`/api/lots/${lot.id}/$`), () => { asked++; });
  await page.goto(`${e.t.baseUrl}/product/${lot.id}`);
  await page.getByRole('heading', { level: 1, name: HOSTILE }).waitFor();
  await page.locator('.bid-panel').getByText('£200').first().waitFor();
  assert.is(await page.locator('#page-data').count(), 0, 'the data block is read once and removed');
  assert.ok(asked >= 1, 'the page still asks for the lot (it refreshes what the HTML carried)');
  await context.close();
});

test.run();
