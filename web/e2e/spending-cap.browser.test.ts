/**
 * The spending cap from the buyer's area: Alice caps the live auction at £100, leads lot A at £60 (her exposure),
 * is refused £50 on lot B with the cap named on the lot page, raises the cap to £200 and the same bid goes through;
 * her exposure is then £110. Bob outbidding her on lot A takes it out of the count live; a cap lowered under the
 * exposure says new bids will be refused; the panel fits a phone, where the cap is removed.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Locator, Page } from 'playwright-core';
import { bearer, type TestUser } from '../../services/testing/users';
import { consignLot, createAuction } from '../../services/catalogue/testing/fixtures';
import { assertNoSidewaysScroll, assertNoProblems, DESKTOP, liveLotsReady, logged, lotProjected, newContext, PHONE, placedBids, startE2E, user, watchProblems, type E2E, type PageProblems } from './helpers';

interface Lot { id: string; title: string }

let e: E2E;
let alice: TestUser;
let bob: TestUser;
let lotA: Lot;
let lotB: Lot;
let auctionTitle: string;
let page: Page;
let problems: PageProblems;

test.before(logged(async () => {
  e = await startE2E();
  const staff = await user(e, { staff: true, feePaid: true });
  const seller = await user(e, { firstName: 'Sandy', lastName: 'Seller' });
  alice = await user(e, { firstName: 'Alice', lastName: 'Grant', feePaid: true });
  bob = await user(e, { firstName: 'Bob', lastName: 'Baxter', feePaid: true });
  const auction = await createAuction(e.t, staff);
  auctionTitle = `Auction No. ${auction.sequence_no} · ${auction.year}`;
  const consign = async (title: string) => ({ id: (await consignLot(e.t, staff, auction.id, seller.id, { title })).id, title });
  lotA = await consign('Lagavulin 16 Year Old');
  lotB = await consign('Ardbeg Uigeadail');
}));

test.after(async () => {
  await e?.close();
});

const capPanel = (p: Page) => p.getByRole('region', { name: 'Spending cap' });
/** The live auction's block, found by the auction's name as other pages write it. */
const capBlock = (p: Page) => capPanel(p).getByRole('region', { name: auctionTitle });
const stat = (p: Page, label: string): Locator =>
  capBlock(p).locator('.cap-stat').filter({ has: p.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');

/** Waits for the stat to show `value` (the views are re-read after bids), then checks it is exactly that. */
async function statIs(p: Page, label: string, value: string): Promise<void> {
  await capBlock(p).locator('.cap-stat', { hasText: label }).filter({ hasText: value }).waitFor();
  assert.is(await stat(p, label).innerText(), value, label);
}

async function openBuyersArea(p: Page): Promise<void> {
  await p.goto(`${e.t.baseUrl}/account/buyers-area`);
  await capBlock(p).waitFor();
}

/** Types the cap into the field (its label says whether a cap is set) and saves it. */
async function saveCap(p: Page, label: 'Set your cap' | 'Change your cap', text: string): Promise<void> {
  const field = capBlock(p).getByLabel(label);
  await field.click();
  await field.pressSequentially(text);
  await capBlock(p).getByRole('button', { name: 'Save' }).click();
}

const bidPanel = (p: Page) => p.getByRole('region', { name: 'Bidding' });

/** A maximum bid through the lot page's form and the ConfirmBid modal; resolves once the modal has closed. */
async function bidOn(p: Page, lot: Lot, pounds: number): Promise<void> {
  await p.goto(`${e.t.baseUrl}/product/${lot.id}`);
  await p.getByRole('heading', { level: 1, name: lot.title }).waitFor();
  const field = bidPanel(p).getByLabel('Your Max Bid');
  await field.click();
  await field.pressSequentially(String(pounds));
  await bidPanel(p).getByRole('button', { name: 'Place bid' }).click();
  const confirm = p.getByRole('dialog', { name: 'Confirm your bid' });
  await confirm.getByRole('button', { name: `Confirm bid of £${pounds}` }).click();
  await confirm.waitFor({ state: 'detached' });
}

const placed = async (lot: Lot) => (await placedBids(e, lot.id)).map((b) => [b.bidder_id, b.max_bid]);

test('Alice sets a cap of £100 in her buyer\'s area (a cap under £10 is refused in the server\'s words)', async () => {
  const context = await newContext(e, DESKTOP, alice);
  page = await context.newPage();
  problems = watchProblems(page);
  await openBuyersArea(page);
  await statIs(page, 'Your cap', 'No cap set');
  await statIs(page, 'Exposure so far', '£0');
  assert.is(await capBlock(page).getByRole('meter').count(), 0, 'no meter without a cap');
  await capBlock(page).getByText('Nothing counts yet').waitFor();

  await saveCap(page, 'Set your cap', '5');
  const refusal = capBlock(page).getByRole('alert');
  await refusal.filter({ hasText: 'Your spending cap must be between £10 and £10,000,000.' }).waitFor();
  await statIs(page, 'Your cap', 'No cap set');

  await capBlock(page).getByLabel('Set your cap').clear();
  await saveCap(page, 'Set your cap', '100');
  await capBlock(page).getByRole('status').filter({ hasText: 'Your cap is now £100.' }).waitFor();
  assert.is(await refusal.count(), 0, 'the refusal went once the cap was saved');
  await statIs(page, 'Your cap', '£100');
  await statIs(page, 'Remaining', '£100');
  // The field now changes the cap, and the cap stays after a reload: it was saved, not just shown.
  await openBuyersArea(page);
  await statIs(page, 'Your cap', '£100');
  await capBlock(page).getByLabel('Change your cap').waitFor();
  assertNoProblems(problems);
});

test('a £60 maximum on lot A counts as her exposure, with the lot listed against the cap', async () => {
  await bidOn(page, lotA, 60);
  await bidPanel(page).getByRole('status').filter({ hasText: 'You are the highest bidder.' }).waitFor();
  assert.equal(await placed(lotA), [[alice.id, 6000]]);

  await lotProjected(e, lotA.id);
  await openBuyersArea(page);
  await statIs(page, 'Exposure so far', '£60');
  await statIs(page, 'Remaining', '£40');
  assert.is(await capBlock(page).getByRole('meter').getAttribute('aria-valuetext'), '£60 of £100');
  const row = capBlock(page).getByRole('list', { name: 'Lots that count' }).getByRole('listitem');
  assert.is(await row.count(), 1);
  assert.match(await row.innerText(), /Lagavulin 16 Year Old\s+Leading · your maximum\s+£60/);
  assert.is(await row.getByRole('link', { name: lotA.title }).getAttribute('href'), `/product/${lotA.id}`);
  assertNoProblems(problems);
});

test('£50 on lot B would take her to £110: refused on the lot page, naming her £100 cap', async () => {
  await bidOn(page, lotB, 50);
  const refusal = bidPanel(page).getByRole('alert');
  await refusal.filter({ hasText: 'spending cap of £100' }).waitFor();
  assert.match(await refusal.innerText(), /£110.*over your spending cap of £100/);
  assert.equal(await placed(lotB), [], 'the server placed no bid');
  assertNoProblems(problems);
});

test('she raises the cap to £200 and the same £50 bid on lot B goes through; her exposure is £110', async () => {
  await openBuyersArea(page);
  await saveCap(page, 'Change your cap', '200');
  await capBlock(page).getByRole('status').filter({ hasText: 'Your cap is now £200.' }).waitFor();
  await statIs(page, 'Your cap', '£200');
  await statIs(page, 'Exposure so far', '£60');

  await bidOn(page, lotB, 50);
  await bidPanel(page).getByRole('status').filter({ hasText: 'You are the highest bidder.' }).waitFor();
  assert.is(await bidPanel(page).getByRole('alert').count(), 0);
  assert.equal(await placed(lotB), [[alice.id, 5000]]);

  await lotProjected(e, lotB.id);
  await openBuyersArea(page);
  await statIs(page, 'Exposure so far', '£110');
  await statIs(page, 'Remaining', '£90');
  assert.is(await capBlock(page).getByRole('list', { name: 'Lots that count' }).getByRole('listitem').count(), 2);
  assertNoProblems(problems);
});

test('Bob outbids her on lot A: without a reload it stops counting (exposure £50)', async () => {
  const ready = liveLotsReady(page);
  await openBuyersArea(page);
  await ready;
  await statIs(page, 'Exposure so far', '£110');
  await page.evaluate(() => { (window as unknown as { notReloaded: boolean }).notReloaded = true; });

  const res = await e.t.app.inject({ method: 'POST', url: '/api/bids/', headers: bearer(bob), payload: { bid: '100', lot: lotA.id } });
  assert.is(res.statusCode, 201, res.body);
  await statIs(page, 'Exposure so far', '£50');
  await statIs(page, 'Remaining', '£150');
  const rows = capBlock(page).getByRole('list', { name: 'Lots that count' }).getByRole('listitem');
  assert.is(await rows.count(), 1);
  assert.match(await rows.innerText(), /Ardbeg Uigeadail/);
  assert.ok(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded), 'the page was not reloaded');
  assertNoProblems(problems);
});

test('lowered under her exposure, the cap says plainly that new bids will be refused', async () => {
  await saveCap(page, 'Change your cap', '20');
  await capBlock(page).getByRole('status').filter({ hasText: 'Your cap is now £20.' }).waitFor();
  await statIs(page, 'Remaining', 'Over by £30');
  const warning = capBlock(page).locator('.notice--warning');
  assert.match(await warning.innerText(), /^Your exposure of £50 is over your cap of £20\. New bids in this auction will be refused until/);
  assertNoProblems(problems);
});

test('on a 390 px phone the panel fits the screen, and the cap can be removed', async () => {
  const context = await newContext(e, PHONE, alice);
  const phone = await context.newPage();
  const phoneProblems = watchProblems(phone);
  await openBuyersArea(phone);
  await statIs(phone, 'Exposure so far', '£50');
  await statIs(phone, 'Remaining', 'Over by £30');
  await assertNoSidewaysScroll(phone);
  for (const control of [capBlock(phone).getByLabel('Change your cap'), capBlock(phone).getByRole('button', { name: 'Save' })]) {
    const box = await control.boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= PHONE.width, 'the cap form is within the screen');
  }

  await capBlock(phone).getByRole('button', { name: 'Remove cap' }).click();
  await capBlock(phone).getByRole('status').filter({ hasText: 'Your cap has been removed' }).waitFor();
  await statIs(phone, 'Your cap', 'No cap set');
  await statIs(phone, 'Exposure so far', '£50');
  assert.is(await capBlock(phone).getByRole('meter').count(), 0);
  await capBlock(phone).getByLabel('Set your cap').waitFor();
  assertNoProblems(phoneProblems);
  await context.close();
});

test.run();
