/**
 * /account/dashboard in a real browser: a bidder opens two lot pages (one of them twice), bids on one, then the
 * dashboard lists that lot under the current auction (counts and amount) and both lots under "Recently viewed",
 * most recent first; a signed-out visitor is asked to sign in and the page asks the API for nothing of theirs.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import type { TestUser } from '../../services/testing/users';
import { consignLot, createAuction } from '../../services/catalogue/testing/fixtures';
import {
  assertNoProblems, DESKTOP, logged, lotProjected, newContext, placedBids, startE2E, user, watchProblems, type E2E,
} from './helpers';

let e: E2E;
let dora: TestUser;
let auction: Awaited<ReturnType<typeof createAuction>>;
// Consigned in this order, so "most recent first" differs from the catalogue's order and from the first visits'.
const glen = { id: '', title: 'Glenfarclas 25 Year Old' };
const ardbeg = { id: '', title: 'Ardbeg Uigeadail' };

test.before(logged(async () => {
  e = await startE2E();
  const staff = await user(e, { staff: true, feePaid: true });
  const seller = await user(e, { firstName: 'Sandy', lastName: 'Seller' });
  dora = await user(e, { firstName: 'Dora', lastName: 'Dram', feePaid: true });
  auction = await createAuction(e.t, staff);
  glen.id = (await consignLot(e.t, staff, auction.id, seller.id, { title: glen.title, distillery: { name: 'Glenfarclas', region: 'Speyside' } })).id;
  ardbeg.id = (await consignLot(e.t, staff, auction.id, seller.id, { title: ardbeg.title, distillery: { name: 'Ardbeg', region: 'Islay' } })).id;
}));

test.after(async () => {
  await e?.close();
});

async function openLot(page: Page, lot: { id: string; title: string }): Promise<void> {
  await page.goto(`${e.t.baseUrl}/product/${lot.id}`);
  await page.getByRole('heading', { level: 1, name: lot.title }).waitFor();
}

const cardTitles = (page: Page, list: string) =>
  page.getByRole('list', { name: list, exact: true }).getByRole('listitem').getByRole('heading', { level: 3 }).allInnerTexts();

/** The browser's dd/mm/yyyy (the page formats in the browser's time zone, the same machine as this test). */
const shortDate = (iso: string) => {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
};

test('a bidder views two lots and bids on one: the dashboard shows the bid lot and both lots, most recent first', async () => {
  const context = await newContext(e, DESKTOP, dora);
  const page = await context.newPage();
  const problems = watchProblems(page);

  // Ardbeg, then Glenfarclas, then Ardbeg again to bid: Ardbeg is the most recent view.
  await openLot(page, ardbeg);
  await openLot(page, glen);
  await openLot(page, ardbeg);
  const panel = page.getByRole('region', { name: 'Bidding' });
  await panel.getByLabel('Your Max Bid').fill('30');
  await panel.getByRole('button', { name: 'Place bid' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm your bid' });
  await confirm.getByRole('button', { name: 'Confirm bid of £30' }).click();
  await panel.getByRole('status').filter({ hasText: 'Your bid has been placed. You are the highest bidder.' }).waitFor();
  assert.equal((await placedBids(e, ardbeg.id)).map((b) => [b.bidder_id, b.max_bid]), [[dora.id, 3000]]);
  await lotProjected(e, ardbeg.id);

  await page.goto(`${e.t.baseUrl}/account/dashboard`);
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();

  const current = page.getByRole('region', { name: 'Current auction', exact: true });
  await current.getByRole('list', { name: 'Current auction' }).waitFor();
  assert.is(
    await current.locator('.dashboard__auction').innerText(),
    `Auction No. ${auction.sequence_no} · ${auction.year}: ${shortDate(auction.start_date)} to ${shortDate(auction.end_date)}`,
  );
  const counts = page.getByLabel('Current auction counts');
  const count = (label: string) => counts.locator('div').filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd').innerText();
  assert.equal(
    { lots: await count('Lots'), winning: await count('Winning'), outbid: await count('Outbid'), watching: await count('Watching'), total: await count('Total') },
    { lots: '1', winning: '1', outbid: '0', watching: '0', total: '£10' },
    'one lot, winning at the opening bid',
  );
  assert.equal(await cardTitles(page, 'Current auction'), [ardbeg.title], 'only the lot bid on, not the one only viewed');
  const card = current.getByRole('listitem').filter({ hasText: ardbeg.title });
  await card.getByText('Winning', { exact: true }).waitFor();
  assert.ok((await card.innerText()).includes('£10'), 'the card shows the current bid');

  const recent = page.getByRole('region', { name: 'Recently viewed' });
  await recent.getByRole('list', { name: 'Recently viewed' }).waitFor();
  assert.equal(await cardTitles(page, 'Recently viewed'), [ardbeg.title, glen.title], 'most recent first, each lot once');

  await page.getByRole('region', { name: 'Most recent auction' }).getByText('No lots of yours in the last auction').waitFor();
  const collection = page.getByRole('region', { name: 'My collection' });
  await collection.getByText('Nothing in your collection yet').waitFor();

  // A bottle she owns, added through the API: the dashboard shows the collection's value and its chart.
  const added = await e.t.app.inject({
    method: 'POST', url: '/api/my-collection/add-item/', headers: { authorization: `Bearer ${dora.access}` },
    payload: { title: 'Springbank 15', distillery: 'Springbank', age: 15, volume_ml: 700, price_paid: 95, date: '01/02/2024' },
  });
  assert.is(added.statusCode, 201, added.body);
  await page.reload();
  await collection.getByText(/^1 item, estimated auction value £95 \(paid £95\)\./).waitFor();
  await collection.getByRole('heading', { name: 'Value over time' }).waitFor();
  assert.is(await collection.getByRole('link', { name: 'Open my collection' }).getAttribute('href'), '/account/my-collection');

  // A card leads to its lot page.
  await recent.getByRole('link', { name: glen.title }).click();
  await page.getByRole('heading', { level: 1, name: glen.title }).waitFor();
  assertNoProblems(problems);
  await context.close();
});

test('a signed-out visitor is asked to sign in, and nothing of the dashboard is asked for', async () => {
  const context = await newContext(e, DESKTOP);
  const page = await context.newPage();
  const problems = watchProblems(page);
  const asked: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/(dashboard_lots|recently_viewed_lots)\//.test(r.url())) asked.push(r.url());
  });
  await page.goto(`${e.t.baseUrl}/account/dashboard`);
  await page.getByRole('heading', { level: 2, name: 'Please sign in' }).waitFor();
  await page.getByText('Sign in to see your dashboard.').waitFor();
  assert.is(await page.getByRole('region', { name: 'Current auction', exact: true }).count(), 0);
  assert.is(await page.getByRole('region', { name: 'Recently viewed' }).count(), 0);
  await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('dialog', { name: 'Sign in' }).waitFor();
  assert.equal(asked, [], 'no dashboard calls for a visitor');
  assertNoProblems(problems);
  await context.close();
});

test.run();
