/**
 * Search in a real browser (docs/search.md): suggestions as one types (debounced, typo tolerant, keyboard driven),
 * the results with filters and counters, ordering, and the failure rule (search state reset, filters kept).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import type { LotInput } from '../../services/catalogue/testing/fixtures';
import { assertNoSidewaysScroll, assertNoProblems, DESKTOP, liveAuctionWithLots, logged, lotProjected, newContext, PHONE, startE2E, user, watchProblems, type E2E, type LiveLot } from './helpers';

let e: E2E;
let lots: LiveLot[];

test.before(logged(async () => {
  e = await startE2E();
  const staff = await user(e, { staff: true, feePaid: true });
  const seller = await user(e, { firstName: 'Sandy', lastName: 'Seller' });
  lots = await liveAuctionWithLots(e, staff, seller, [
    { title: 'Springbank 15', distillery: { name: 'Springbank', region: 'Campbeltown' } },
    { title: 'Springbank 10 Local Barley', distillery: { name: 'Springbank', region: 'Campbeltown' }, type: 'cask' },
    { title: 'Glenfarclas 1990 Cask', distillery: { name: 'Glenfarclas', region: 'Speyside' }, type: 'cask' },
    { title: 'Ardbeg 10', distillery: { name: 'Ardbeg', region: 'Islay' } },
    // Cask lots with their regauge details (the cask filters), and a bottle of the same distillery.
    { ...bunnahabhain('Bunnahabhain 2014 Hogshead'), type: 'cask', cask_type: 'Hogshead', abv: 56.4, bulk_litres: 230, regauge_date: '2024-05-01' } as LotInput,
    { ...bunnahabhain('Bunnahabhain 2008 Sherry Butt'), type: 'cask', cask_type: 'Butt', abv: 49.8, bulk_litres: 480, regauge_date: '2023-02-01' } as LotInput,
    { ...bunnahabhain('Bunnahabhain 12'), abv: 46.3 } as LotInput,
  ]);
  for (const lot of lots) await lotProjected(e, lot.id);
}));

function bunnahabhain(title: string) {
  return { title, distillery: { name: 'Bunnahabhain', region: 'Islay' } };
}

test.after(async () => {
  await e?.close();
});

const box = (page: Page) => page.getByRole('combobox', { name: 'Search lots' });
const options = (page: Page) => page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option');
const resultTitles = async (page: Page) =>
  (await page.getByRole('list', { name: 'Search results' }).getByRole('heading', { level: 3 }).allInnerTexts()).map((t) => t.trim());

test('suggestions while typing (with a typo), picked with the keyboard; filters, counters and ordering', async () => {
  const context = await newContext(e, DESKTOP);
  const page = await context.newPage();
  const problems = watchProblems(page);
  let suggestionCalls = 0;
  page.on('request', (r) => { if (r.url().includes('/api/search_lots/suggestions/')) suggestionCalls++; });
  await page.goto(`${e.t.baseUrl}/search`);
  await page.getByText('What are you looking for?').waitFor();

  await box(page).pressSequentially('springbnk', { delay: 20 });
  await options(page).filter({ hasText: 'Springbank 15' }).waitFor();
  assert.ok(suggestionCalls <= 3, `debounced: ${suggestionCalls} suggestion calls for 9 keystrokes`);
  const texts = (await options(page).allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
  assert.ok(texts.some((t) => /^Springbank 15 Opening bid £/.test(t)), texts.join(' | '));
  assert.ok(texts.some((t) => /^Springbank Distillery$/.test(t)), texts.join(' | '));

  // Down to the distillery (after the two lots), Enter: a search for its name.
  const distillery = texts.findIndex((t) => t.startsWith('Springbank Distillery'));
  for (let i = 0; i <= distillery; i++) await box(page).press('ArrowDown');
  assert.is(await options(page).nth(distillery).getAttribute('aria-selected'), 'true');
  await box(page).press('Enter');
  await page.waitForURL(/\/search\?search=Springbank$/);
  await page.getByText('2 results for “Springbank”').waitFor();
  assert.equal((await resultTitles(page)).sort(), ['Springbank 10 Local Barley', 'Springbank 15']);

  const filters = page.getByRole('complementary', { name: 'Search filters' });
  await filters.getByRole('checkbox', { name: /^Cask\b/i }).check();
  await page.getByText('1 result for “Springbank”').waitFor();
  assert.equal(await resultTitles(page), ['Springbank 10 Local Barley']);
  await filters.getByRole('checkbox', { name: /^Cask\b/i }).uncheck();
  await page.getByText('2 results for “Springbank”').waitFor();

  await page.getByLabel('Sort by').selectOption({ label: 'Name (Z-A)' });
  await page.waitForFunction(() => document.querySelector('[aria-label="Search results"] h3')?.textContent?.trim() === 'Springbank 15');
  await page.getByLabel('Sort by').selectOption({ label: 'Name (A-Z)' });
  await page.waitForFunction(() => document.querySelector('[aria-label="Search results"] h3')?.textContent?.trim() === 'Springbank 10 Local Barley');

  // Strict mode: the typo finds nothing.
  await filters.getByRole('switch', { name: 'Exact words only' }).check();
  await box(page).fill('springbnk');
  await box(page).press('Enter');
  await page.getByText('No lots found for “springbnk”').waitFor();
  assertNoProblems(problems);
  await context.close();
});

test('a failed search resets the search state but keeps the filters; a lot suggestion opens the lot', async () => {
  const context = await newContext(e, DESKTOP);
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(`${e.t.baseUrl}/search?search=glen`);
  await page.getByText('1 result for “glen”').waitFor();
  const filters = page.getByRole('complementary', { name: 'Search filters' });
  await filters.getByRole('switch', { name: 'Include sold lots' }).check();
  await filters.getByRole('checkbox', { name: /^Cask\b/i }).check();
  await page.getByText('1 result for “glen”').waitFor();

  await page.route('**/api/search_lots/?*', (route) => route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ detail: 'Search is resting.' }) }));
  await page.getByLabel('Per page').selectOption('40');
  const dialog = page.getByRole('dialog', { name: 'Error occurred' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await page.unroute('**/api/search_lots/?*');
  await page.getByText('What are you looking for?').waitFor();
  assert.is(await box(page).inputValue(), '', 'the input is reset');
  assert.is(await page.getByLabel('Per page').inputValue(), '20', 'the page size is reset');
  assert.is(await page.getByLabel('Sort by').inputValue(), 'relevance');
  assert.ok(await filters.getByRole('switch', { name: 'Include sold lots' }).isChecked(), 'the switches are kept');
  assert.ok(await filters.getByRole('checkbox', { name: /^Cask\b/i }).isChecked(), 'the chosen filters are kept');

  await box(page).pressSequentially('ardb', { delay: 30 });
  await options(page).filter({ hasText: 'Ardbeg 10' }).first().click();
  await page.waitForURL(new RegExp(`/product/${lots[3]!.id}/`));
  assertNoProblems(problems);
  await context.close();
});

test('cask filters narrow the results at phone width (cask type, then an ABV range)', async () => {
  const context = await newContext(e, PHONE);
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(`${e.t.baseUrl}/search?search=bunnahabhain`);
  await page.getByText('3 results for “bunnahabhain”').waitFor();
  const cask = page.getByRole('complementary', { name: 'Search filters' }).getByRole('group', { name: 'Cask', exact: true });

  await cask.getByRole('checkbox', { name: /^Hogshead\b/ }).check();
  await page.getByText('1 result for “bunnahabhain”').waitFor();
  assert.equal(await resultTitles(page), ['Bunnahabhain 2014 Hogshead']);
  await cask.getByRole('checkbox', { name: /^Hogshead\b/ }).uncheck();
  await page.getByText('3 results for “bunnahabhain”').waitFor();

  // The inputs hint the bounds of the casks found (ABV 49.8 to 56.4 here).
  const abvFrom = cask.getByLabel('ABV (%) from');
  assert.is(await abvFrom.getAttribute('placeholder'), '49.8');
  await abvFrom.fill('50');
  await cask.getByRole('button', { name: 'Apply cask filters' }).click();
  await page.getByText('1 result for “bunnahabhain”').waitFor();
  assert.equal(await resultTitles(page), ['Bunnahabhain 2014 Hogshead'], 'the 49.8 % butt and the bottle are out');

  // A reversed range is refused in place, and the results stay as they are.
  await cask.getByLabel('ABV (%) to').fill('40');
  await cask.getByLabel('ABV (%) to').press('Enter');
  await cask.getByText('Must not be below the minimum.').waitFor();
  assert.equal(await resultTitles(page), ['Bunnahabhain 2014 Hogshead']);

  // Fits a 390 px phone: nothing sticks out sideways.
  const apply = await cask.getByRole('button', { name: 'Apply cask filters' }).boundingBox();
  const dateTo = await cask.getByLabel('Regauge date to').boundingBox();
  assert.ok(apply && dateTo && apply.x + apply.width <= PHONE.width && dateTo.x + dateTo.width <= PHONE.width, JSON.stringify({ apply, dateTo }));
  await assertNoSidewaysScroll(page);
  assertNoProblems(problems);
  await context.close();
});

test.run();
