/**
 * The staff close monitor in a real browser (/staff?section=close-monitor, features/close-monitor): live over its
 * socket, the figures of the house (a live lot counted open; a bid seen as bids per second from the read model), the
 * charts drawn and growing a point a second, and nothing of it for a bidder (the desk and the socket are staff-only).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { placeBid } from '../../services/catalogue/testing/fixtures';
import { measureCls } from '../../load-tests/storefront-cls';
import { assertNoProblems, DESKTOP, liveAuctionWithLots, logged, newContext, PHONE, signInContext, startE2E, user, watchProblems, type E2E, type LiveLot } from './helpers';
import type { TestUser } from '../../services/testing/users';

let e: E2E;
let staff: TestUser;
let bidder: TestUser;
let lots: LiveLot[];

test.before(logged(async () => {
  e = await startE2E();
  staff = await user(e, { staff: true, feePaid: true });
  bidder = await user(e, { firstName: 'Bea', lastName: 'Bidder', feePaid: true });
  const seller = await user(e, { firstName: 'Sandy', lastName: 'Seller' });
  lots = await liveAuctionWithLots(e, staff, seller, [{ title: 'Springbank 21 Year Old' }, { title: 'Lagavulin 16 Year Old' }]);
}));

test.after(async () => {
  await e?.close();
});

test('staff watch the close live: the house\'s lots, a bid as bids per second, charts a point a second', async () => {
  const context = await newContext(e, DESKTOP, staff);
  context.setDefaultTimeout(30_000);
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(`${e.t.baseUrl}/staff?section=close-monitor`);
  await page.getByRole('heading', { name: 'The close, live' }).waitFor();
  await page.getByRole('status').filter({ hasText: 'Live' }).waitFor();
  // Both lots are open in the auction under way.
  await page.waitForFunction(() => /^([2-9]|\d{2,}) \/ \d+ \/ \d+$/.test(document.querySelector('[data-figure="lots"]')?.textContent ?? ''));

  await placeBid(e.t, lots[0].id, bidder.id, 20_000);
  await page.waitForFunction(() => Number(document.querySelector('[data-figure="bids"]')?.textContent) > 0, undefined, { polling: 100 });

  const plot = page.getByRole('img', { name: /^Bids per second:/ });
  const points = async () => Number(await plot.getAttribute('data-points'));
  const before = await points();
  await page.waitForFunction((n) => Number(document.querySelector('.close-chart__plot')?.getAttribute('data-points')) > n, before);
  assert.ok((await page.locator('.close-chart canvas').count()) >= 5, 'five charts drawn');
  assertNoProblems(problems);
  await context.close();
});

test('the monitor does not move as it fills: layout shift under 0.05 on a phone and a desktop, from load to charts drawn', async () => {
  for (const viewport of [PHONE, DESKTOP]) {
    const { cls, culprits } = await measureCls(e.browser.browser, `${e.t.baseUrl}/staff?section=close-monitor`, viewport.width, {
      before: async (page) => {
        await signInContext(e, page.context(), staff);
        await page.context().addInitScript(() => localStorage.setItem('cookie-consent', 'seen'));
      },
      act: async (page) => {
        await page.getByRole('status').filter({ hasText: /^Live$/ }).waitFor({ timeout: 30_000 });
        await page.locator('.close-chart canvas').nth(4).waitFor({ timeout: 30_000 });
      },
    });
    assert.ok(cls < 0.05, `CLS ${cls} at ${viewport.width} px; moved: ${culprits.join(", ")}`);
  }
});

test('a bidder gets no monitor: the staff area refuses them', async () => {
  const context = await newContext(e, DESKTOP, bidder);
  const page = await context.newPage();
  await page.goto(`${e.t.baseUrl}/staff?section=close-monitor`);
  await page.getByText('This area is for the staff of the house.').waitFor();
  assert.is(await page.getByRole('heading', { name: 'The close, live' }).count(), 0);
  await context.close();
});

test.run();
