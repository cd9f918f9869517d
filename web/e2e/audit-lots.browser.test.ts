/**
 * Lot replay in a real browser: the lot page's "How this price was reached" (anonymised bidders, the proxy arithmetic,
 * updated when a new bid lands), and the auditor's /audit/lots/:id screen (the match banner, real names, the CSV
 * export), on a desktop and at 390 px.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { bearer, type TestUser } from '../../services/testing/users';
import { assertNoSidewaysScroll, assertNoProblems, DESKTOP, liveAuctionWithLots, logged, lotProjected, newContext, PHONE, startE2E, user, watchProblems, type E2E, type LiveLot } from './helpers';

let e: E2E;
let alice: TestUser;
let bob: TestUser;
let auditor: TestUser;
let lot: LiveLot;

async function bid(who: TestUser, pounds: number): Promise<void> {
  const res = await e.t.app.inject({ method: 'POST', url: '/api/bids/', headers: bearer(who), payload: { bid: String(pounds), lot: lot.id } });
  assert.is(res.statusCode, 201, res.body);
}

test.before(logged(async () => {
  e = await startE2E();
  const staff = await user(e, { staff: true, feePaid: true });
  const seller = await user(e, { firstName: 'Sandy', lastName: 'Seller' });
  alice = await user(e, { firstName: 'Alice', lastName: 'Grant', feePaid: true });
  bob = await user(e, { firstName: 'Bob', lastName: 'Baxter', feePaid: true });
  auditor = await user(e, { auditor: true, firstName: 'Audrey', lastName: 'Auditor' });
  [lot] = await liveAuctionWithLots(e, staff, seller, [{ title: 'Talisker 25 Year Old', distillery: { name: 'Talisker', region: 'Islands' } }]);
  await bid(alice, 150);
  await bid(bob, 120);
  await lotProjected(e, lot.id);
}));

test.after(async () => {
  await e?.close();
});

const priceLog = (page: Page) => page.getByRole('region', { name: 'How this price was reached' });

test('the lot page: "How this price was reached" explains each step with anonymised bidders, and follows a new bid', async () => {
  const context = await newContext(e, DESKTOP);
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(`${e.t.baseUrl}/product/${lot.id}`);
  await page.getByRole('heading', { level: 1, name: lot.title }).waitFor();
  const toggle = priceLog(page).getByRole('button', { name: 'How this price was reached' });
  assert.is(await toggle.getAttribute('aria-expanded'), 'false', 'collapsed until asked for');
  await toggle.click();
  const log = priceLog(page);
  await log.getByText("Bidder 2's maximum £120 against Bidder 1's maximum (secret): price = min(Bidder 1's maximum, £120 + £10 step) = £130, Bidder 1 leads.").waitFor();
  await log.getByText("Bidder 1's maximum (secret), the first bid: price = the opening bid £10, Bidder 1 leads.").waitFor();
  await log.getByText('The replay ends with the same price, winner and end time as the live lot.').waitFor();
  const text = await log.innerText();
  for (const secret of ['Alice', 'Bob', '£150 ', alice.id, bob.id]) assert.not.ok(text.includes(secret), `"${secret}" is not public`);

  await bid(bob, 300); // Bob takes the lead: Alice's £150 is beaten, so it may now be shown
  await log.getByText("Bidder 2's maximum (secret) against Bidder 1's £150: price = min(Bidder 2's maximum, £150 + £10 step) = £160, Bidder 2 leads.").waitFor({ timeout: 20_000 });
  assert.not.ok((await log.innerText()).includes('£300'), "the new leader's maximum stays secret");
  assertNoProblems(problems);
  await context.close();
});

test('the auditor screen: the match banner, real names and maxima, the CSV export, and 390 px', async () => {
  await lotProjected(e, lot.id);
  for (const viewport of [DESKTOP, PHONE]) {
    const context = await newContext(e, viewport, auditor);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${e.t.baseUrl}/audit/lots/${lot.id}`);
    const banner = page.getByRole('status').filter({ hasText: 'Replay matches the live lot' });
    await banner.waitFor();
    assert.match(await banner.innerText(), /^Replay matches the live lot: price £160, leader Bob Baxter, ends /);
    await page.getByText("Bob Baxter's maximum £120 against Alice Grant's £150: price = min(£150, £120 + £10 step) = £130, Alice Grant leads.").waitFor();
    await page.getByText(alice.email).first().waitFor();
    if (viewport === PHONE) {
      await assertNoSidewaysScroll(page);
    } else {
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
      assert.is(download.suggestedFilename(), `lot-${lot.id}-replay.csv`);
      const path = await download.path();
      const csv = (await import('node:fs')).readFileSync(path!, 'utf8');
      assert.ok(csv.startsWith('seq,at,type,kind,actor,actor_id,') && csv.includes(bob.id), 'the CSV holds the replay with real ids');
    }
    assertNoProblems(problems);
    await context.close();
  }
});

test('a bidder who is not an auditor sees no replay', async () => {
  const context = await newContext(e, DESKTOP, alice);
  const page = await context.newPage();
  await page.goto(`${e.t.baseUrl}/audit/lots/${lot.id}`);
  await page.getByText('Auditors only').waitFor();
  assert.is(await page.getByText('Replay matches the live lot').count(), 0);
  await context.close();
});

test.run();
