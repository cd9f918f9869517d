/**
 * /account/my-collection in a real browser: a lot Alice won and paid for appears by itself with its estimated
 * auction value and price paid (the myCollection labels), the value chart's last point equals the total, a bottle
 * added by hand joins, its price paid is edited, and removing several empties the collection. The lot page shows
 * the price-history chart of the same whisky's past hammer prices.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TestUser } from '../../services/testing/users';
import { bearer } from '../../services/testing/users';
import { consignLot, createAuction } from '../../services/catalogue/testing/fixtures';
import { createOrder, draft, fundWallet, wonLots } from '../../services/orders/testing';
import { assertNoProblems, DESKTOP, logged, newContext, startE2E, until, user, watchProblems, type E2E } from './helpers';

let e: E2E;
let alice: TestUser;
let liveLot: string;

test.before(logged(async () => {
  e = await startE2E();
  const staff = await user(e, { staff: true, feePaid: true });
  const seller = await user(e, { firstName: 'Sandy', lastName: 'Seller' });
  const bob = await user(e, { feePaid: true });
  alice = await user(e, { firstName: 'Alice', lastName: 'Cask', feePaid: true });
  await wonLots(e.t, staff, bob, seller, [{ hammer: 30_000 }], 20);
  await wonLots(e.t, staff, alice, seller, [{ hammer: 10_000 }], 2);
  await fundWallet(e.t, alice, 20_000);
  const order = await createOrder(e.t, alice, 'collection', draft('UK_BANK', { used_from_wallet: '115.00' }));
  assert.is(order.statusCode, 201, order.body);
  const auction = await createAuction(e.t, staff);
  liveLot = (await consignLot(e.t, staff, auction.id, seller.id, {})).id; // another Macallan 18
}));

test.after(async () => {
  await e?.close();
});

const api = async (path: string) => (await e.t.app.inject({ method: 'GET', url: path, headers: bearer(alice) })).json();

test('the won lot joins by itself; chart, add by hand, edit price paid, remove several', async () => {
  const context = await newContext(e, DESKTOP, alice);
  const page = await context.newPage();
  const problems = watchProblems(page);
  // The follower adds the paid lot within a poll: the page opens once the API lists it (the page reads it once).
  await until('the paid lot to join the collection', () => api('/api/my_collection_total/'), (total) => total.count > 0);
  await page.goto(`${e.t.baseUrl}/account/my-collection`);
  const card = page.getByTestId('collection-card');
  const won = card.filter({ hasText: 'Macallan 18' });
  await won.waitFor();
  const values = await won.locator('.collection-card__values').innerText();
  // Median of the two Macallan 18 results (£300 and £100); Alice paid £100 + 12.5% premium + VAT on it.
  assert.match(values, /Estimated auction value\s*£200/);
  assert.match(values, /Price paid\s*£115/);
  assert.ok((await won.innerText()).includes('Won at auction'));
  assert.is(await page.getByTestId('collection-total').innerText(), '£200');

  const chart = page.locator('.collection-chart .line-chart');
  await chart.locator('canvas').waitFor();
  const graph = await api('/api/my_collection_graph/');
  assert.is(graph.results.at(-1).value, (await api('/api/my_collection_total/')).total_value, 'the graph ends at the total');
  assert.is(await chart.getAttribute('data-points'), String(graph.results.length));
  assert.match(await chart.getAttribute('aria-label') ?? '', /latest £200/);

  // Add a bottle by hand.
  await page.getByRole('link', { name: 'Add items' }).click();
  await page.getByRole('tab', { name: 'Describe it by hand' }).click();
  await page.getByLabel('Title').fill('Springbank 15');
  await page.getByLabel('Distillery').fill('Springbank');
  await page.getByLabel('Date bought').fill('2025-06-01');
  await page.getByLabel('Price paid (£)').fill('ten');
  await page.getByRole('button', { name: 'Add to my collection' }).click();
  await page.getByText('Enter a valid amount, e.g. 125.50.').waitFor();
  await page.getByLabel('Price paid (£)').fill('95');
  await page.getByRole('button', { name: 'Add to my collection' }).click();
  const manual = card.filter({ hasText: 'Springbank 15' });
  await manual.waitFor();
  await page.getByTestId('collection-total').filter({ hasText: '£295' }).waitFor();

  // Edit its price paid: the value follows it (no auction results for this bottle).
  await manual.getByRole('button', { name: 'Edit price paid' }).click();
  await manual.getByLabel('Price paid (£)').fill('120');
  await manual.getByRole('button', { name: 'Save' }).click();
  await page.getByTestId('collection-total').filter({ hasText: '£320' }).waitFor();
  assert.match(await manual.locator('.collection-card__values').innerText(), /Price paid\s*£120/);

  // Remove both at once.
  for (const c of [won, manual]) await c.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Remove selected (2)' }).click();
  await page.getByText('Your collection is empty').waitFor();
  assert.is((await api('/api/my_collection_total/')).count, 0);
  assertNoProblems(problems);
  await context.close();
});

test('the lot page shows the price history of the same whisky as a chart', async () => {
  const context = await newContext(e, DESKTOP);
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(`${e.t.baseUrl}/product/${liveLot}`);
  const section = page.getByRole('region', { name: 'Historical performance' });
  await section.locator('canvas').waitFor();
  assert.is(await section.locator('.line-chart').getAttribute('data-points'), '2');
  assert.is(await section.getByRole('row').count(), 3);
  // The chart writes its dates as the table beside it does (dd/mm/yyyy), not in the US month/day order.
  const chart = section.locator('.line-chart');
  const tableDates = (await section.getByRole('cell').allInnerTexts()).filter((c) => /^\d{2}\/\d{2}\/\d{4}$/.test(c));
  assert.is(tableDates.length, 2, 'the table gives dd/mm/yyyy dates');
  const label = await chart.getAttribute('aria-label') ?? '';
  assert.ok([...tableDates].reverse().every((d) => label.includes(d)), `the chart's label spans the table's dates: ${label}`);
  const ticks = (await chart.getAttribute('data-x-labels') ?? '').split(' ').filter(Boolean);
  assert.ok(ticks.length > 0 && ticks.every((t) => /^\d{2}\/\d{2}\/\d{4}$/.test(t)), `axis dates in dd/mm/yyyy: ${ticks.join(', ')}`);
  assertNoProblems(problems);
  await context.close();
});

test.run();
