/**
 * The staff catalogue desks (issue #10) in a real browser: staff create an auction, three lots are consigned (API),
 * staff stagger their ends 60 s apart and see the three end times, withdraw one with a reason (and a confirmation)
 * and see it marked withdrawn with its reason and the progress counting it; a bidder's bid on it is then refused
 * with "This lot has been withdrawn.".
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { bearer, type TestUser } from '../../services/testing/users';
import { consignLot } from '../../services/catalogue/testing/fixtures';
import { assertNoProblems, DESKTOP, logged, newContext, startE2E, user, watchProblems, type E2E } from './helpers';

const DAY = 86_400_000;

let e: E2E;
let staff: TestUser;
let seller: TestUser;
let bidder: TestUser;

test.before(logged(async () => {
  e = await startE2E();
  [staff, seller, bidder] = await Promise.all([user(e, { staff: true }), user(e), user(e, { feePaid: true })]);
}));
test.after(async () => e?.close());

/** ISO instants as the browser's datetime-local values and as the desks show their time (HH:MM, browser time). */
// Evaluated as text: tsx would wrap named inner functions in a helper the page does not have.
const inBrowser = (iso: string, expr: string) =>
  `(() => { const d = new Date(${JSON.stringify(iso)}); const p = (n) => String(n).padStart(2, '0'); return ${expr}; })()`;
const localInput = (page: Page, iso: string) =>
  // biome-ignore lint/suspicious/noTemplateCurlyInString: source text evaluated in the browser
  page.evaluate<string>(inBrowser(iso, '`${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`'));
// biome-ignore lint/suspicious/noTemplateCurlyInString: source text evaluated in the browser
const localTime = (page: Page, iso: string) => page.evaluate<string>(inBrowser(iso, '`${p(d.getHours())}:${p(d.getMinutes())}`'));

test('staff create an auction, stagger three lots 60 s apart, withdraw one with a reason; bids on it are refused', async () => {
  const context = await newContext(e, DESKTOP, staff);
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(`${e.t.baseUrl}/staff?section=auctions`);
  await page.getByRole('heading', { level: 1, name: 'Auctions' }).waitFor();
  // Every desk's link is on screen at desktop width: the row wraps rather than hiding the last ones behind a scroll.
  const desks = page.getByRole('navigation', { name: 'Staff screens' }).getByRole('list');
  assert.ok(await desks.evaluate((el) => el.scrollWidth <= el.clientWidth), 'no staff desk link hidden behind a sideways scroll');

  // Whole minutes, so the datetime-local fields carry the instants exactly.
  const start = new Date(Math.ceil((e.t.clock.now().getTime() + 2 * DAY) / 60_000) * 60_000).toISOString();
  const end = new Date(Date.parse(start) + 3 * DAY).toISOString();
  const form = page.getByRole('form', { name: 'New auction' });
  await form.getByLabel('Starts').fill(await localInput(page, start));
  await form.getByLabel('Ends').fill(await localInput(page, end));
  await form.getByRole('button', { name: 'Create auction' }).click();
  await page.getByRole('form', { name: 'Stagger lot end times' }).waitFor();
  const auctions = (await e.t.app.inject({ method: 'GET', url: '/api/staff/auctions/', headers: bearer(staff) })).json() as { id: string; end_date: string }[];
  const auction = auctions.find((a) => a.end_date === end);
  assert.ok(auction, JSON.stringify(auctions));

  const lots = [];
  for (const title of ['Ardbeg 10', 'Lagavulin 16', 'Talisker 18']) lots.push({ title, ...(await consignLot(e.t, staff, auction.id, seller.id, { title })) });

  const stagger = page.getByRole('form', { name: 'Stagger lot end times' });
  await stagger.getByLabel('Seconds between lot ends').fill('60');
  await stagger.getByRole('button', { name: 'Stagger end times' }).click();
  await page.getByText('3 lots now end 60 s apart.').waitFor();
  await page.getByTestId('progress-total').filter({ hasText: '3' }).waitFor();
  // The same dates form, for moving them: it opens on the auction's own dates, in the staff member's time.
  const dates = page.getByRole('form', { name: 'Move auction dates' });
  assert.is(await dates.getByLabel('New start').inputValue(), await localInput(page, start));
  assert.is(await dates.getByLabel('New end').inputValue(), await localInput(page, end));

  // The lots desk: three end times one minute apart from the auction's end, in lot-number order.
  await page.locator('tr[aria-current="true"]').getByRole('button', { name: /^Lots of Auction/ }).click();
  await page.getByRole('heading', { level: 1, name: 'Lots' }).waitFor();
  const rows = page.locator('table.catalogue-lots tbody tr');
  await rows.nth(2).waitFor();
  for (let i = 0; i < 3; i++) {
    const expected = await localTime(page, new Date(Date.parse(end) + i * 60_000).toISOString());
    const cell = (await rows.nth(i).locator('.catalogue-ends').textContent()) ?? '';
    assert.ok(cell.endsWith(expected), `lot ${i + 1} ends at ${expected}: "${cell}"`);
  }

  // Withdraw the second with a reason, then confirm.
  const second = rows.filter({ hasText: lots[1]!.reference_no });
  await second.getByRole('button', { name: `Withdraw lot ${lots[1]!.reference_no}` }).click();
  await second.getByRole('button', { name: 'Withdraw lot', exact: true }).click();
  await second.getByText('Please give a reason for withdrawing this lot.').waitFor();
  await second.getByLabel('Reason for withdrawing').fill('Cork failure at inspection');
  await second.getByRole('button', { name: 'Withdraw lot', exact: true }).click();
  await second.getByRole('button', { name: 'Yes, withdraw the lot' }).click();
  await second.locator('.catalogue-status--withdrawn', { hasText: 'Withdrawn' }).waitFor();
  await second.getByText('Cork failure at inspection').waitFor();
  assert.is(await rows.nth(0).locator('.catalogue-status').textContent(), 'Scheduled');

  // A bidder's bid on it is refused with the message.
  const bid = await e.t.app.inject({ method: 'POST', url: '/api/bids/', headers: bearer(bidder), payload: { lot: lots[1]!.id, bid: '50' } });
  assert.is(bid.statusCode, 400, bid.body);
  assert.match(bid.body, 'This lot has been withdrawn.');

  // Back on the auctions desk its progress counts the withdrawn lot.
  await page.goto(`${e.t.baseUrl}/staff?section=auctions`);
  await page.getByRole('button', { name: /^Open Auction/ }).first().click();
  await page.getByTestId('progress-withdrawn').filter({ hasText: '1' }).waitFor();
  assertNoProblems(problems);
  await context.close();
});

test.run();
