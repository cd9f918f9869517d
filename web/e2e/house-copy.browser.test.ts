/**
 * Copy from the house's data, in a real browser (docs/content.md "Copy from data"): the home slide quotes the live
 * auction's real lot count and closing day, the calendar the auctions' real length, the contact page the same hours
 * as the drop-off (the house settings), the shipping page introduces its list in its own words, and the terms and
 * privacy pages quote the settings and name what the browser really stores. Each check fails if fixed text returns.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Locator } from 'playwright-core';
import type { TestUser } from '../../services/testing/users';
import { createAuction, consignLot } from '../../services/catalogue/testing/fixtures';
import { seedContent } from '../../services/content/seed';
import { loadHouseSettings } from '../../infra/config/house-settings';
import { NOT_DELIVERABLE_MESSAGE } from '../../domain/checkout/shipping';
import { weekdayDate } from '../src/features/content/house-copy';
import { assertNoProblems, logged, newContext, startE2E, user, watchProblems, type E2E } from './helpers';

let e: E2E;
let liveEnd = '';
const LOTS = 5;
const DAY = 24 * 60 * 60 * 1000;

test.before(logged(async () => {
  e = await startE2E();
  const staff: TestUser = await user(e, { email: 'staff.copy@whisky.test', staff: true });
  const seller = await user(e, { email: 'seller.copy@whisky.test' });
  // Six-day auctions: the seed's and the old copy's lengths are 7 and 10, so only a page that reads the dates passes.
  const live = await createAuction(e.t, staff, { lengthMs: 6 * DAY });
  liveEnd = live.end_date;
  for (let i = 0; i < LOTS; i++) await consignLot(e.t, staff, live.id, seller.id, { title: `Glen Copy ${i + 1}` });
  await createAuction(e.t, staff, { startOffsetMs: 8 * DAY, lengthMs: 6 * DAY });
  await seedContent(e.t.ctx);
}));

test.after(async () => {
  await e?.close();
});

async function rows(dl: Locator): Promise<string[]> {
  return (await dl.locator('div').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
}

test('the home slide quotes the live auction\'s lot count and closing day; the calendar its real length', async () => {
  const context = await newContext(e);
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(`${e.t.baseUrl}/`);
  const slides = page.getByRole('region', { name: 'From the house' });
  await slides.getByText(`${LOTS} lots of bottles and casks, ending ${weekdayDate(liveEnd)}.`).waitFor();
  assert.not.ok((await slides.innerText()).includes('thousand'), 'no invented count');
  assert.not.ok((await slides.innerText()).includes('{'), 'no token is left unfilled');

  await page.goto(`${e.t.baseUrl}/calendar`);
  await page.getByTestId('auction-days').waitFor();
  assert.is(await page.getByTestId('auction-days').innerText(), '6 days');
  assertNoProblems(problems);
  await context.close();
});

test('the contact page\'s hours are the drop-off hours, both the house settings', async () => {
  const hours = loadHouseSettings().contacts.jw_working_hours.map((h) => `${h.key} ${h.value}`);
  const context = await newContext(e);
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(`${e.t.baseUrl}/contact-us`);
  const contact = page.getByRole('definition').first().locator('xpath=ancestor::dl');
  await contact.waitFor();
  assert.equal(await rows(contact), hours);
  assert.not.ok((await page.locator('main').innerText()).includes('9:00 – 17:00'), 'not the old fixed hours');

  await page.goto(`${e.t.baseUrl}/how-to-sell-whisky`);
  const dropOff = page.locator('.checkout-house', { hasText: 'Drop-off address and hours' }).locator('dl');
  await dropOff.waitFor();
  assert.equal(await rows(dropOff), hours, 'the drop-off hours are the same');
  assertNoProblems(problems);
  await context.close();
});

test('the shipping page introduces its list in its own words; the legal pages quote the settings and the real storage', async () => {
  const { fees } = loadHouseSettings();
  const context = await newContext(e);
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(`${e.t.baseUrl}/shipping-info`);
  await page.getByText(/We cannot deliver to the \d+ countries below/).waitFor();
  assert.not.ok((await page.locator('main').innerText()).includes(NOT_DELIVERABLE_MESSAGE), 'the checkout\'s refusal is not the introduction');

  await page.goto(`${e.t.baseUrl}/terms-and-conditions`);
  const fact = (name: string) => page.locator(`[data-fact="${name}"]`).innerText();
  await page.locator('[data-fact="buyers_commission_percent"]').waitFor();
  assert.is(await fact('buyers_commission_percent'), `${fees.buyers_commission_percent}%`);
  assert.is(await fact('registration_fee'), `£${fees.registration_fee}`);
  assert.is(await fact('payment_due_days'), String(fees.payment_due_days));
  assert.is(await fact('seller_commission_percent'), `${fees.seller_commission_percent}%`);
  assert.ok((await page.getByRole('heading', { level: 2 }).count()) >= 8, 'the terms cover accounts to the law');

  await page.goto(`${e.t.baseUrl}/privacy-policy`);
  await page.getByRole('heading', { name: '2. Cookies and storage in your browser' }).waitFor();
  const text = await page.locator('main').innerText();
  for (const stored of ['refresh_token', 'signed_in', 'HttpOnly', 'cookie-consent', 'auction-filters:current', 'auction-filters:past']) {
    assert.ok(text.includes(stored), `the privacy policy names ${stored}`);
  }
  // What the browser holds after browsing is what the page names (local storage: the consent answer only).
  assert.equal(await page.evaluate(() => Object.keys(localStorage)), ['cookie-consent']);
  assert.ok(text.includes('never edited or deleted'), 'the permanent log is said honestly');
  assert.ok(text.includes('3-D Secure'));
  assert.ok(text.includes('ico.org.uk'));
  assertNoProblems(problems);
  await context.close();
});

test.run();
