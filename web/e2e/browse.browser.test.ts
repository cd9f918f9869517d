/**
 * Browsing the demo house (the catalogue's seed: 300 live lots, past auctions, the next auction) in a real browser:
 * the deep link /auction with its filters, the home page, and how fast the lot list and a lot page render from a
 * cold start (measured and printed, never asserted: timings depend on the machine).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { seedDemoHouse } from '../../services/catalogue/seed/seed-house';
import { assertNoSidewaysScroll, assertNoProblems, logged, DESKTOP, newContext, PHONE, startE2E, watchProblems, type E2E } from './helpers';

let e: E2E;

test.before(logged(async () => {
  e = await startE2E();
  const seeded = await seedDemoHouse(e.t.ctx, { now: e.t.clock.now(), log: () => {} });
  // Seeding writes a whole house at once: every read model (notifications included) catches up, however busy the machine.
  if (seeded.last) await e.t.ctx.projections.waitFor(seeded.last, 60_000);
}));

test.after(async () => {
  await e?.close();
});

async function api<T = any>(url: string): Promise<T> {
  const res = await e.t.app.inject({ method: 'GET', url });
  assert.is(res.statusCode, 200, `${url}: ${res.body}`);
  return res.json() as T;
}

const cards = (page: Page) => page.getByRole('list', { name: 'Live lots' }).getByRole('listitem');
const cardTitles = async (page: Page) => (await cards(page).getByRole('heading', { level: 3 }).allInnerTexts()).map((t) => t.trim());
/** The listing's count line (the filters' counts say "6 lots" to screen readers too: not those). */
const countLine = (page: Page, n: number) => page.locator('.toolbar__count').getByText(`${n} ${n === 1 ? 'lot' : 'lots'}`, { exact: true });

test('(f) the deep link /auction loads the live lots; a distillery filter narrows them (kept across a reload); clear all', async () => {
  const context = await newContext(e, DESKTOP);
  const page = await context.newPage();
  const problems = watchProblems(page);
  const all = await api('/api/lots/filters/?live=true');
  await page.goto(`${e.t.baseUrl}/auction`);
  await page.getByRole('heading', { level: 1, name: 'Live Auction' }).waitFor();
  await countLine(page, all.count).waitFor();
  assert.is(await cards(page).count(), 40, 'one page of 40 lots');
  assert.equal(await cardTitles(page), all.results.map((l: { item: { title: string } }) => l.item.title), 'highest price first, as the API sorts');

  const counters = await api<{ distillery: { value: string; count: number }[] }>('/api/lots/filters/filter_counters/?live=true');
  const pick = counters.distillery.find((d) => d.count >= 2 && d.count < 40)!;
  assert.ok(pick, 'a distillery with a few lots');
  const filters = page.getByRole('complementary', { name: 'Filters' });
  await filters.getByRole('checkbox', { name: new RegExp(`^${pick.value}\\b`) }).check();
  await countLine(page, pick.count).waitFor();
  const expected = await api(`/api/lots/filters/?live=true&distillery=${encodeURIComponent(pick.value)}`);
  await page.waitForFunction((n) => document.querySelectorAll('[aria-label="Live lots"] > li').length === n, pick.count);
  assert.equal((await cardTitles(page)).sort(), expected.results.map((l: { item: { title: string } }) => l.item.title).sort());

  await page.reload();
  await countLine(page, pick.count).waitFor();
  assert.ok(await filters.getByRole('checkbox', { name: new RegExp(`^${pick.value}\\b`) }).isChecked(), 'the filter is kept for the session');

  await page.getByLabel('Sort by').selectOption({ label: 'Price (lowest first)' });
  const cheapest = await api(`/api/lots/filters/?live=true&distillery=${encodeURIComponent(pick.value)}&ordering=price`);
  await page.waitForFunction((title) => document.querySelector('[aria-label="Live lots"] h3')?.textContent?.trim() === title, cheapest.results[0].item.title);

  await filters.getByRole('button', { name: 'Clear all' }).click();
  await countLine(page, all.count).waitFor();
  assertNoProblems(problems);
  await context.close();
});

test('(f) on a phone, the filters open from a button and the lot grid fits the screen', async () => {
  const context = await newContext(e, PHONE);
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(`${e.t.baseUrl}/auction`);
  await cards(page).first().waitFor();
  const toggle = page.getByRole('button', { name: /^Filters/ });
  assert.is(await toggle.getAttribute('aria-expanded'), 'false');
  await toggle.click();
  assert.is(await toggle.getAttribute('aria-expanded'), 'true');
  await page.getByRole('complementary', { name: 'Filters' }).getByRole('switch', { name: 'Still on bidding' }).waitFor();
  await assertNoSidewaysScroll(page);
  assertNoProblems(problems);
  await context.close();
});

test('the home page shows the live auction and its featured lots', async () => {
  const context = await newContext(e, DESKTOP);
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(`${e.t.baseUrl}/`);
  await page.getByRole('heading', { level: 1, name: /is live$/ }).waitFor();
  const featured = await api('/api/lots/?featured=true&live=true&page_size=6');
  for (const lot of featured.results as { item: { title: string } }[]) await page.getByRole('link', { name: lot.item.title }).first().waitFor();
  assertNoProblems(problems);
  await context.close();
});

/** Milliseconds from the start of navigation until `selector` is in the page (a MutationObserver notes the moment). */
async function coldRender(path: string, selector: string): Promise<number> {
  const context = await newContext(e, DESKTOP);
  await context.addInitScript((sel: string) => {
    const w = window as unknown as { renderedAt?: number };
    new MutationObserver((_m, observer) => {
      if (document.querySelector(sel)) {
        w.renderedAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  }, selector);
  const page = await context.newPage();
  await page.goto(`${e.t.baseUrl}${path}`);
  await page.waitForFunction(() => (window as unknown as { renderedAt?: number }).renderedAt !== undefined);
  const ms = await page.evaluate(() => (window as unknown as { renderedAt: number }).renderedAt);
  await context.close();
  return Math.round(ms);
}

test('cold start: time to the first lot card of /auction and to the price on a lot page (printed, not asserted)', async () => {
  const first = (await api('/api/lots/filters/?live=true')).results[0];
  const list = await coldRender('/auction', '[aria-label="Live lots"] h3 a');
  const lot = await coldRender(`/product/${first.id}`, '.bid-panel__row dd');
  const home = await coldRender('/', '.lot-card h3 a');
  console.log(`[perf] cold start, 300 live lots: /auction first lot card ${list} ms, /product/{id} price ${lot} ms, / first featured lot ${home} ms`);
  assert.ok(list > 0 && lot > 0 && home > 0);
});

test.run();
