/**
 * The whole selling journey of issue #10 in one chained browser run: a visitor asks for a valuation with two photos
 * and registers in the same step; staff answer it; the seller (signed in by the emailed link) turns it into a courier
 * collection sell request with "Sell these items" (a Saturday pick-up refused), gets the PDF and the summary; staff
 * receive the item with a condition note and consign it into the request's auction (the server takes items only into
 * an auction that has not started); once that auction opens a bidder bids on the lot page, the
 * lot closes sold (the closing scheduler, on the server's clock); the seller sees it awaiting payment, the buyer pays
 * (order through the API, staff record the bank transfer on the orders desk), and the seller sees it paid under the
 * results, finds the net amount in the downloaded statement and the sale credit and fee lines in the wallet.
 *
 * The house's clock starts at the real time (the sell form checks the pick-up date on it) and only moves when the
 * auction has to open and close. The seller keeps one browser all along, as a person would.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Locator, Page } from 'playwright-core';
import { launchBrowser, startServedApp } from '../../services/testing/browser';
import { bearer, type TestUser } from '../../services/testing/users';
import { createAuction } from '../../services/catalogue/testing/fixtures';
import { lotStream } from '../../services/catalogue/streams';
import { openSession } from '../../services/accounts/sessions';
import type { LotClosed } from '../../domain/catalogue/lot/events';
import {
  assertNoProblems, DESKTOP, emailedLink, logged, lotProjected, newContext, placedBids, refreshCookie, user, watchProblems, type E2E,
  type PageProblems, until,
} from './helpers';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const EMAIL = 'fiona.journey@whisky.test';
const PASSWORD = 'Dram!Good2024';
const TITLE = 'Springbank 21 Year Old, 2000s bottling';

let e: E2E;
let dataDir: string;
let staff: TestUser;
let bidder: TestUser;
let photos: string[];
/** The auction the sell request targets: it opens 10 minutes after the start and runs for an hour. */
let auction: { id: string; start_date: string; end_date: string };
/** The seller's one browser page, from the valuation to the wallet. */
let seller: { page: Page; problems: PageProblems };
let valuationRef = '';
let sellRef = '';
let lot = { id: '', reference_no: '' };

async function api(method: 'GET' | 'POST', url: string, who: TestUser, payload?: object, headers: Record<string, string> = {}) {
  const res = await e.t.app.inject({ method, url, headers: { ...bearer(who), ...headers }, ...(payload ? { payload } : {}) });
  assert.ok(res.statusCode < 300, `${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** The first day at least two days after `from` whose UTC weekday passes `ok`, as YYYY-MM-DD. */
function dayAfter(from: Date, ok: (weekday: number) => boolean): string {
  for (let d = new Date(from.getTime() + 2 * DAY); ; d = new Date(d.getTime() + DAY)) {
    if (ok(d.getUTCDay())) return d.toISOString().slice(0, 10);
  }
}

/** Clicks `button`, saves the PDF it downloads and answers its text (pdftotext -layout). */
async function downloadedText(page: Page, button: Locator, name: RegExp): Promise<string> {
  const download = page.waitForEvent('download');
  await button.click();
  const file = await download;
  assert.match(file.suggestedFilename(), name);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'selling-journey-'));
  try {
    const saved = path.join(dir, 'file.pdf');
    await file.saveAs(saved);
    return execFileSync('pdftotext', ['-layout', saved, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function openAs(who: TestUser, urlPath: string): Promise<{ page: Page; problems: PageProblems }> {
  const context = await newContext(e, DESKTOP, who);
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(`${e.t.baseUrl}${urlPath}`);
  return { page, problems };
}

/** The facts of a listed lot in the seller area, label -> value. */
async function facts(row: Locator): Promise<Record<string, string>> {
  const labels = await row.locator('dt').allInnerTexts();
  const values = await row.locator('dd').allInnerTexts();
  return Object.fromEntries(labels.map((l, i) => [l.trim(), values[i]?.trim()]));
}

test.before(logged(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wa-selling-journey-'));
  const t = await startServedApp({ config: { dataDir } });
  const browser = await launchBrowser();
  e = { t, browser, close: async () => { await browser.close(); await t.close(); } };
  e.t.clock.set(new Date());
  staff = await user(e, { staff: true, feePaid: true, firstName: 'Sam', lastName: 'Staff' });
  bidder = await user(e, { firstName: 'Bob', lastName: 'Baxter', feePaid: true });
  auction = await createAuction(e.t, staff, { startOffsetMs: 10 * MINUTE, lengthMs: 60 * MINUTE });
  const front = path.join(dataDir, 'front-label.png');
  const back = path.join(dataDir, 'back-label.jpg');
  await sharp({ create: { width: 320, height: 480, channels: 3, background: { r: 170, g: 110, b: 40 } } }).png().toFile(front);
  await sharp({ create: { width: 480, height: 320, channels: 3, background: { r: 30, g: 60, b: 120 } } }).jpeg().toFile(back);
  photos = [front, back];
}));

test.after(async () => {
  await e?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test('(1) a visitor asks for a valuation with two photos and registers in the same step', async () => {
  const context = await newContext(e);
  const page = await context.newPage();
  seller = { page, problems: watchProblems(page) };
  await page.goto(`${e.t.baseUrl}/selling?valuation=true`);
  const form = page.getByRole('form', { name: 'Valuation request' });
  await form.getByLabel('What is it?').fill(TITLE);
  await form.getByTestId('photos-0').setInputFiles(photos);
  const previews = form.getByRole('list', { name: 'Photos of object 1' }).getByRole('listitem');
  await previews.nth(1).waitFor();
  assert.is(await previews.count(), 2);

  await form.getByLabel('First name').fill('Fiona');
  await form.getByLabel('Last name').fill('Mackay');
  await form.getByLabel('Email').fill(EMAIL);
  await form.getByLabel('Phone number').fill('07400 900456');
  await form.getByLabel('Date of birth').fill('03071975');
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Confirm password').fill(PASSWORD);
  await form.getByLabel(/I agree to the Terms/).check();
  await form.getByRole('button', { name: 'Ask for a valuation' }).click();

  const sent = page.getByRole('status').filter({ hasText: 'Thank you' });
  await sent.waitFor();
  valuationRef = /V-\d{6}/.exec(await sent.innerText())?.[0] ?? '';
  assert.ok(valuationRef, 'a V- reference is shown');
  assert.match(await sent.innerText(), /verification link/);
  assertNoProblems(seller.problems);
});

test('(2) staff answer the valuation with an estimate', async () => {
  const { page, problems } = await openAs(staff, '/staff?section=valuations');
  const card = page.getByTestId('staff-valuation').filter({ hasText: valuationRef });
  await card.waitFor();
  assert.match(await card.innerText(), /fiona\.journey@whisky\.test/);
  const thumbs = card.locator('img.valuation-photo');
  await thumbs.nth(1).waitFor();
  assert.is(await thumbs.count(), 2, 'both photos reached staff');
  await card.getByLabel('Low estimate (£)').fill('150');
  await card.getByLabel('High estimate (£)').fill('250');
  await card.getByLabel('Message to the seller').fill('A lovely bottle; we would list it with a £200 opening bid.');
  await card.getByRole('button', { name: 'Send answer' }).click();
  await card.waitFor({ state: 'detached' });
  assertNoProblems(problems);
  await page.context().close();
});

test('(3) the seller activates the account, sells the valued item by courier collection (Saturday refused), gets the PDF and the summary', async () => {
  const { page, problems } = seller;
  await page.goto(`${e.t.baseUrl}${await emailedLink(e, EMAIL, 'submit_token')}`);
  await until('the emailed link to sign the seller in', async () => !!(await refreshCookie(page.context())), (v) => v);

  await page.goto(`${e.t.baseUrl}/account/sellers-area`);
  const valuation = page.getByTestId('my-valuation').filter({ hasText: valuationRef });
  await valuation.getByText('Estimate: £150 – £250').waitFor();
  await valuation.getByRole('link', { name: 'Sell these items' }).click();
  await page.waitForURL((url) => url.pathname === '/selling' && /^[0-9a-f-]{36}$/.test(url.searchParams.get('from_valuation') ?? ''));

  const form = page.getByRole('form', { name: 'Sell request' });
  await form.getByRole('status').filter({ hasText: `Starting from your valuation ${valuationRef}.` }).waitFor();
  const item = form.getByRole('group', { name: /^Item 1/ });
  await item.getByText(/^Our estimate: £150(\.00)? to £250(\.00)?$/).waitFor();
  assert.is(await item.getByLabel('Title').inputValue(), TITLE, 'the item comes from the valuation');
  assert.is(await form.getByRole('group', { name: /^Item 2/ }).count(), 0, 'and only that one');
  await item.getByLabel('Distillery (optional)').fill('Springbank');
  await form.getByLabel('Sell in').selectOption(auction.id);

  await form.getByRole('radio', { name: /Courier collection/ }).check();
  await form.getByLabel('Number of boxes').fill('1');
  const saturday = dayAfter(e.t.clock.now(), (w) => w === 6);
  await form.getByLabel('Pick-up date').fill(saturday);
  await form.getByRole('radio', { name: 'A new bank account' }).check();
  await form.getByLabel('Account holder name').fill('Fiona Mackay');
  await form.getByLabel('Sort code').fill('123456');
  await form.getByLabel('Account number').fill('12345678');
  await form.getByLabel('Street address').fill('7 Longrow');
  await form.getByLabel('Town / City').fill('Campbeltown');
  await form.getByLabel('Postcode').fill('PA28 6AA');

  const send = form.getByRole('button', { name: 'Send sell request' });
  await send.click();
  await form.getByText('Please select any future day except weekend', { exact: true }).waitFor();
  assert.is(await form.getByLabel('Pick-up date').getAttribute('aria-invalid'), 'true');
  assert.is(await page.getByRole('dialog').count(), 0, 'nothing was sent');

  const weekday = dayAfter(e.t.clock.now(), (w) => w >= 1 && w <= 5);
  await form.getByLabel('Pick-up date').fill(weekday);
  await send.click();
  const summary = page.getByRole('dialog', { name: 'Your sell request is received' });
  await summary.waitFor();
  sellRef = (await summary.locator('.sell-summary__ref strong').textContent())?.trim() ?? '';
  assert.match(sellRef, /^S-\d{6}$/);
  await summary.getByRole('listitem').filter({ hasText: TITLE }).waitFor();
  await summary.getByText(new RegExp(`collects 1 box on .*${sellRef}`)).waitFor();

  const text = (await downloadedText(page, summary.getByRole('button', { name: 'Download the PDF' }), /\.pdf$/)).replace(/\s+/g, ' ');
  assert.ok(text.includes(sellRef), 'the PDF names the reference');
  assert.ok(text.includes(TITLE), 'and the item');
  const longDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${weekday}T00:00:00Z`));
  assert.ok(text.includes(longDate), `and the collection date ${longDate}`);

  await summary.getByRole('button', { name: 'Done' }).click();
  await page.waitForURL((url) => url.pathname === '/checkout-success' && url.searchParams.get('flow_type') === 'sell-request');
  await page.getByRole('heading', { level: 1, name: 'Sell request received' }).waitFor();
  await page.getByText(sellRef, { exact: true }).waitFor();
  assertNoProblems(problems);
});

test('(4) staff receive the item with a condition note and consign it into the auction', async () => {
  const { page, problems } = await openAs(staff, '/staff?section=sell-requests');
  await page.getByRole('heading', { level: 1, name: 'Sell requests' }).waitFor();
  const card = page.getByRole('article', { name: sellRef });
  await card.getByText(/Courier collection · collection .* · 1 box$/).waitFor();
  assert.match(await card.innerText(), /Fiona Mackay · fiona\.journey@whisky\.test/);
  const item = card.getByRole('listitem', { name: TITLE });
  await item.getByText('Expected').waitFor();
  await item.getByRole('button', { name: `Mark ${TITLE} received` }).click();
  await item.getByLabel('Condition note').fill('Seal intact, fill level into the neck');
  await item.getByRole('button', { name: 'Mark received' }).click();
  await item.getByText('Condition: Seal intact, fill level into the neck').waitFor();

  await item.getByRole('button', { name: `Consign ${TITLE}` }).click();
  const form = item.getByRole('form', { name: `Consign ${TITLE}` });
  assert.is(await form.getByLabel('Title').inputValue(), TITLE, 'prefilled from the item');
  assert.is(await form.getByLabel('Auction').inputValue(), auction.id, 'the request\'s auction');
  // Distillery and estimate left empty: the server fills them in from the item (the seller's distillery, the
  // valuation's low estimate), which the lot below shows.
  await form.getByLabel('Opening bid (£)').fill('200');
  await form.getByRole('button', { name: 'Consign as a lot' }).click();
  await item.getByText('Consigned', { exact: true }).waitFor();
  await page.getByRole('status').filter({ hasText: `${TITLE} consigned` }).waitFor();
  assertNoProblems(problems);
  await page.context().close();

  const requests = await api('GET', '/api/staff/sell_requests/', staff);
  const request = (requests.results as { reference: string; items: { lot_id: string | null; status: string }[] }[]).find((r) => r.reference === sellRef);
  assert.equal(request?.items.map((i) => i.status), ['consigned']);
  const made = await api('GET', `/api/lots/${request!.items[0].lot_id}/`, staff);
  assert.equal([made.item.title, made.bid_stats.opening_bid, made.auction, made.item.estimated_value, made.item.distillery.name, made.status],
    [TITLE, '200.00', auction.id, '150.00', 'Springbank', 'scheduled']);
  lot = { id: made.id, reference_no: made.reference_no };
});

const panel = (page: Page) => page.getByRole('region', { name: 'Bidding' });
const panelValue = (page: Page, label: string): Locator =>
  panel(page).locator('.bid-panel__row').filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');

test('(5) the auction opens, a bidder bids on the lot page and the lot closes sold', async () => {
  e.t.clock.set(new Date(Date.parse(auction.start_date) + MINUTE));
  const { page, problems } = await openAs(bidder, `/product/${lot.id}`);
  await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
  await panel(page).locator('.bid-panel__row', { hasText: 'Current Bid' }).filter({ hasText: 'No bids yet' }).waitFor();
  await panel(page).getByLabel('Your Max Bid').fill('300');
  await panel(page).getByRole('button', { name: 'Place bid' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm your bid' });
  await confirm.getByText(TITLE).waitFor();
  await confirm.getByRole('button', { name: 'Confirm bid of £300' }).click();
  await confirm.waitFor({ state: 'detached' });
  await panel(page).getByRole('status').filter({ hasText: 'Your bid has been placed. You are the highest bidder.' }).waitFor();
  // One bidder: the lot stands at its opening bid.
  await panel(page).locator('.bid-panel__row', { hasText: 'Winning Bid' }).filter({ hasText: '£200' }).waitFor();
  assert.is(await panelValue(page, 'Winning Bid').innerText(), '£200');
  assert.equal((await placedBids(e, lot.id)).map((b) => [b.bidder_id, b.max_bid, b.current_price]), [[bidder.id, 30_000, 20_000]]);
  assertNoProblems(problems);
  await page.context().close();

  // The auction's end passes on the server's clock: the closing scheduler closes the lot.
  e.t.clock.set(new Date(Date.parse(auction.end_date) + 1000));
  const closed = await until('the lot to close', async () => (await e.t.ctx.store.readStream(lotStream(lot.id))).find((ev) => ev.type === 'LotClosed'), (v) => !!v);
  const data = closed!.data as LotClosed['data'];
  assert.equal([data.outcome, data.winner_id, data.hammer_price], ['sold', bidder.id, 20_000]);
  await lotProjected(e, lot.id);
  // An hour and more has passed: the access tokens made at the start have expired (the seller's browser refreshes).
  for (const who of [staff, bidder]) Object.assign(who, await openSession(e.t.ctx, { id: who.id, is_staff: who === staff }, false));
});

test('(6) the seller sees the sold lot awaiting payment; the buyer pays by bank transfer, which staff record', async () => {
  const { page, problems } = seller;
  await page.goto(`${e.t.baseUrl}/account/sellers-area`);
  await page.getByRole('heading', { level: 1, name: "Seller's area" }).waitFor();
  const row = page.getByRole('tabpanel').getByRole('listitem', { name: TITLE });
  await row.getByText('Awaiting buyer payment').waitFor();
  assert.equal(await facts(row), { 'Hammer price': '£200', Commission: '£10', 'Listing fee': '£5', 'Reserve fee': '£0', 'Net proceeds': '£185' });
  assertNoProblems(problems);

  const order = await api('POST', '/api/checkout/collection/create_order/', bidder, {
    lots_from_storage: [], insurance: false, discount_code: '', used_from_wallet: '0.00', note_from_customer: '',
    personal_information: { first_name: 'Bob', last_name: 'Baxter', phone_number: '07400 900123', additional_phone_number: '', email: bidder.email },
    billing_address: { country: 'united-kingdom', region: '', city: 'Edinburgh', street: '1 High Street', apartment: '', zip_code: 'EH1 1AA' },
    payment_method: { method: 'UK_BANK', details: { bank_location: 'UK' } },
    callback: '/checkout',
    strong_customer_authentication_data: {
      browserLanguage: 'en-GB', browserColorDepth: 24, browserScreenHeight: 900, browserScreenWidth: 1280, browserTZ: 0,
      browserJavascriptEnabled: true, browserJavaEnabled: false, challengeWindowSize: '05',
    },
  }, { 'idempotency-key': randomUUID() }) as { order_id: string; order_number: string };

  const desk = await openAs(staff, '/staff?section=orders');
  await desk.page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
  const orderRow = desk.page.getByRole('row', { name: /Bob Baxter/ });
  await orderRow.getByText('Awaiting payment', { exact: true }).waitFor();
  await orderRow.getByRole('button', { name: `Payment received for order ${order.order_number}` }).click();
  await orderRow.getByLabel('Payment reference').fill('BACS-2024-BOB');
  // £200 hammer, the 12.5% buyer's premium (£25) and VAT on it (£5).
  await orderRow.getByRole('button', { name: 'Confirm £230 received' }).click();
  await desk.page.getByRole('status').filter({ hasText: 'Payment recorded' }).waitFor();
  await orderRow.getByText('Paid', { exact: true }).waitFor();
  assertNoProblems(desk.problems);
  await desk.page.context().close();
});

test('(7) the seller sees the lot paid under results, the net amount in the statement, and the sale in the wallet', async () => {
  const { page, problems } = seller;
  // Paid just now on the server's clock, shown in the browser's time zone (this machine's).
  const d = e.t.clock.now();
  const paidOn = `${String(d.getDate()).padStart(2, '0')} ${MONTHS[d.getMonth()]} ${d.getFullYear()}`;
  await page.reload();
  const row = page.getByRole('tabpanel').getByRole('listitem', { name: TITLE });
  await row.getByText(`Paid to your wallet on ${paidOn}`).waitFor();
  assert.is((await facts(row))['Net proceeds'], '£185');
  await row.getByText(`Lot ${lot.reference_no}`, { exact: true }).waitFor();

  const text = await downloadedText(page, page.getByRole('button', { name: 'Statement for the last auction' }), /^seller-statement-.*\.pdf$/);
  assert.match(text, lot.reference_no, 'the statement lists the lot');
  assert.match(text, '£185.00', 'with its net amount');
  assert.match(text, /Net proceeds\s+£185\.00/, 'and the total net');
  assert.match(text, `Paid to your wallet on ${paidOn}`);

  await page.goto(`${e.t.baseUrl}/account/wallet`);
  await page.getByRole('heading', { level: 1, name: 'Wallet' }).waitFor();
  const stat = (name: string) => page.getByRole('group', { name }).locator('.wallet-stat__value');
  await stat('Available balance').filter({ hasText: /^£185$/ }).waitFor();
  await stat('Balance incl. pending').filter({ hasText: /^£185$/ }).waitFor();
  const rows = page.getByRole('tabpanel').getByRole('row');
  await rows.filter({ hasText: `Sale of lot ${lot.reference_no}: ${TITLE}` }).getByText('+£200', { exact: true }).waitFor();
  await rows.filter({ hasText: `Seller commission (5%) on lot ${lot.reference_no}` }).getByText('-£10', { exact: true }).waitFor();
  await rows.filter({ hasText: `Listing fee on lot ${lot.reference_no}` }).getByText('-£5', { exact: true }).waitFor();
  assert.is(await rows.filter({ hasText: 'Reserve fee' }).count(), 0, 'no reserve, no reserve fee line');
  assertNoProblems(problems);
});

test.run();
