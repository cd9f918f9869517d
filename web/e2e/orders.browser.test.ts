/**
 * Orders and the rest of issue #8 outside the checkout page, in a real browser: the lot page's all-in price (live as
 * bids arrive, and by country with the shipping estimate); the UnpaidLots notice shown once and never on the
 * checkout; a paid order in the orders history (expanded, printed, its PDF downloaded and read back); staff marking a
 * bank payment received, moving an order forward and cancelling an unpaid one; staff issuing a voucher.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Locator, Page } from 'playwright-core';
import { bearer, type TestUser } from '../../services/testing/users';
import { placeBid } from '../../services/catalogue/testing/fixtures';
import { lotStream } from '../../services/catalogue/streams';
import { assertNoProblems, assertNoSidewaysScroll, DESKTOP, liveAuctionWithLots, logged, lotProjected, newContext, PHONE, startE2E, user, watchProblems, type E2E, type LiveLot, type PageProblems, until } from './helpers';

const MINUTE = 60_000;

let e: E2E;
let staff: TestUser;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let dan: TestUser;
let erin: TestUser;
let live: LiveLot;
/** Won at £120 each (the opening bid, one bidder): £120 + £15 premium + £3 VAT on it = £138 to pay in store/bank. */
let won: Record<'alice' | 'carol' | 'dan' | 'erin', LiveLot>;
const orders: Record<string, { order_id: string; order_number: string }> = {};

async function api(method: 'GET' | 'POST', url: string, who: TestUser, payload?: object, headers: Record<string, string> = {}) {
  const res = await e.t.app.inject({ method, url, headers: { ...bearer(who), ...headers }, ...(payload ? { payload } : {}) });
  assert.ok(res.statusCode < 300, `${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** An order for all the buyer's won lots, collected and paid in store or by UK bank transfer, as the checkout sends it. */
async function placeOrder(who: TestUser, name: [string, string], method: 'IN_STORE' | 'UK_BANK') {
  return api('POST', '/api/checkout/collection/create_order/', who, {
    lots_from_storage: [], insurance: false, discount_code: '', used_from_wallet: '0.00', note_from_customer: '',
    personal_information: { first_name: name[0], last_name: name[1], phone_number: '07400 900123', additional_phone_number: '', email: who.email },
    billing_address: { country: 'united-kingdom', region: '', city: 'Edinburgh', street: '1 High Street', apartment: '', zip_code: 'EH1 1AA' },
    payment_method: { method, details: method === 'UK_BANK' ? { bank_location: 'UK' } : {} },
    callback: '/checkout',
    strong_customer_authentication_data: {
      browserLanguage: 'en-GB', browserColorDepth: 24, browserScreenHeight: 900, browserScreenWidth: 1280, browserTZ: 0,
      browserJavascriptEnabled: true, browserJavaEnabled: false, challengeWindowSize: '05',
    },
  }, { 'idempotency-key': randomUUID() });
}

const historyOf = (who: TestUser) => api('GET', '/api/orders_history/', who) as Promise<{ results: { id: string; status: string; reference_no: string }[] }>;
const statusOf = async (who: TestUser, orderId: string) => (await historyOf(who)).results.find((o) => o.id === orderId)?.status;

test.before(logged(async () => {
  e = await startE2E();
  staff = await user(e, { staff: true, feePaid: true, firstName: 'Sam', lastName: 'Staff' });
  const seller = await user(e, { firstName: 'Sandy', lastName: 'Seller' });
  alice = await user(e, { firstName: 'Alice', lastName: 'Grant', feePaid: true });
  bob = await user(e, { firstName: 'Bob', lastName: 'Baxter', feePaid: true });
  carol = await user(e, { firstName: 'Carol', lastName: 'Reid', feePaid: true });
  dan = await user(e, { firstName: 'Dan', lastName: 'Moray', feePaid: true });
  erin = await user(e, { firstName: 'Erin', lastName: 'Shaw', feePaid: true });
  const end = new Date(e.t.clock.now().getTime() + 10 * MINUTE).toISOString();
  const short = (title: string, region: string) => ({ title, distillery: { name: title.split(' ')[0], region }, opening_bid: '120.00', ends_at: end });
  const made = await liveAuctionWithLots(e, staff, seller, [
    { title: 'Bowmore 12 Year Old', distillery: { name: 'Bowmore', region: 'Islay' }, opening_bid: '40.00' },
    short('Springbank 15 Year Old', 'Campbeltown'), short('Lagavulin 16 Year Old', 'Islay'),
    short('Glenfarclas 25 Year Old', 'Speyside'), short('Highland Park 18 Year Old', 'Islands'),
  ]);
  live = made[0];
  won = { alice: made[1], carol: made[2], dan: made[3], erin: made[4] };
  for (const [who, lot] of [[alice, won.alice], [carol, won.carol], [dan, won.dan], [erin, won.erin]] as const) await placeBid(e.t, lot.id, who.id, 20_000);

  // The sales close (the closing scheduler, on the server's clock); then the winners are buyers.
  e.t.clock.set(new Date(Date.parse(end) + 1000));
  for (const lot of Object.values(won)) {
    await until(`${lot.title} to close`, async () => (await e.t.ctx.store.readStream(lotStream(lot.id))).some((ev) => ev.type === 'LotClosed'), (v) => v);
    await lotProjected(e, lot.id);
  }
  // Alice pays in store (staff record it), Dan and Erin chose a bank transfer and have not paid yet; Carol has not
  // been to the checkout at all.
  orders.alice = await placeOrder(alice, ['Alice', 'Grant'], 'IN_STORE');
  orders.dan = await placeOrder(dan, ['Dan', 'Moray'], 'UK_BANK');
  orders.erin = await placeOrder(erin, ['Erin', 'Shaw'], 'UK_BANK');
  await api('POST', `/api/staff/orders/${orders.alice.order_id}/payment_received/`, staff, { reference: 'TILL-0042' }, { 'idempotency-key': randomUUID() });
  await until('Alice\'s order to be paid', () => statusOf(alice, orders.alice.order_id), (s) => s === 'paid');
  await until('Erin\'s order to be listed', () => statusOf(erin, orders.erin.order_id), (s) => s === 'awaiting_payment');
  await until('Dan\'s order to be listed', () => statusOf(dan, orders.dan.order_id), (s) => s === 'awaiting_payment');
}));

test.after(async () => {
  await e?.close();
});

interface Visit { page: Page; problems: PageProblems }

async function openAs(who: TestUser | null, urlPath: string, viewport = DESKTOP): Promise<Visit> {
  const context = await newContext(e, viewport, who ?? undefined);
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(`${e.t.baseUrl}${urlPath}`);
  return { page, problems };
}

async function screenshot(page: Page, name: string, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 1800 });
  await page.screenshot({ path: path.join(os.tmpdir(), `${name}.png`) });
}

const panel = (page: Page) => page.getByRole('region', { name: 'Bidding' });
const allIn = (page: Page): Locator => panel(page).getByRole('group', { name: 'All-in price' }).locator('.lot-costs__value');

/** The all-in price of a £`bid` hammer on a non-VAT lot shipped by DPD (one bottle, £12.50): worked out here. */
function expectedAllIn(bidPence: number, shippingPence = 1250): string {
  const premium = Math.round(bidPence * 0.125);
  const vat = Math.round(premium * 0.2);
  const total = bidPence + premium + vat + shippingPence;
  const pounds = String(Math.floor(total / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `£${pounds}${total % 100 ? `.${String(total % 100).padStart(2, '0')}` : ''}`;
}

async function shows(locator: Locator, text: string): Promise<void> {
  await locator.filter({ hasText: new RegExp(`^${text.replace(/[.$]/g, '\\$&')}$`) }).waitFor();
}

test('the lot page shows the all-in price beside the current bid, and it follows the bids live (visitor and bidder)', async () => {
  const visitor = await openAs(null, `/product/${live.id}`, PHONE);
  const bidder = await openAs(bob, `/product/${live.id}`);
  // No bid yet: worked out at the £40 opening bid, delivered to the UK (a visitor; Bob has no address).
  for (const { page } of [visitor, bidder]) {
    await page.getByRole('heading', { level: 1, name: live.title }).waitFor();
    await shows(allIn(page), expectedAllIn(4000));
    await panel(page).getByText('At the opening bid of £40, with premium, VAT and delivery to United Kingdom.').waitFor();
  }
  await assertNoSidewaysScroll(visitor.page);

  // Bob leads at the opening price; Alice's £75 challenge then moves the price to her maximum plus the £5 step.
  await api('POST', '/api/bids/', bob, { bid: '100', lot: live.id });
  await api('POST', '/api/bids/', alice, { bid: '75', lot: live.id });
  for (const { page } of [visitor, bidder]) {
    await panel(page).locator('.bid-panel__row').first().locator('dd').filter({ hasText: '£80' }).waitFor();
    await shows(allIn(page), expectedAllIn(8000));
    await panel(page).getByText('At the current bid of £80, with premium, VAT and delivery to United Kingdom.').waitFor();
  }

  // What's included: the lines, then the estimate for another country, which moves the all-in price there too.
  const { page } = visitor;
  await panel(page).getByText("What's included").click();
  const lines = panel(page).locator('.lot-costs__lines');
  await lines.getByText('Shipping (DPD)').waitFor();
  assert.equal(await lines.locator('dd').allInnerTexts(), ['£80', '£10', '£2', '£12.50', expectedAllIn(8000)]);
  await panel(page).getByRole('rowheader', { name: 'DHL' }).waitFor();
  await panel(page).getByLabel('Deliver to').selectOption('germany');
  await panel(page).getByRole('status').filter({ hasText: 'Shipping to Germany by DHL: £35' }).waitFor();
  await shows(allIn(page), expectedAllIn(8000, 3500));
  await panel(page).getByText('At the current bid of £80, with premium, VAT and delivery to Germany.').waitFor();
  await assertNoSidewaysScroll(page);
  await screenshot(page, 'lot-costs-phone', PHONE.width);
  assertNoProblems(visitor.problems);
  assertNoProblems(bidder.problems);
});

test('the UnpaidLots notice: never on the checkout, then shown once elsewhere (asked again when an answer is lost), with a way to the checkout', async () => {
  const { page, problems } = await openAs(carol, '/checkout');
  const asked: string[] = [];
  page.on('request', (r) => { if (new URL(r.url()).pathname === '/api/unpaid_lots_to_notify/') asked.push(r.method()); });
  await page.waitForLoadState('networkidle');
  assert.equal(asked, [], 'the checkout does not show (nor ask for) the notice');
  assert.is(await page.getByRole('dialog', { name: 'Lots waiting for payment' }).count(), 0);

  // The first ask is lost as on a dropped connection: the notice still comes, asked again a moment later.
  let dropped = 0;
  await page.route('**/api/unpaid_lots_to_notify/', (route) => (route.request().method() === 'GET' && dropped++ === 0 ? route.abort('connectionreset') : route.fallback()));
  await page.getByRole('banner').getByRole('link', { name: 'Past Auctions' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lots waiting for payment' });
  await dialog.getByText('You have won a lot that is not paid for yet.').waitFor();
  await dialog.getByRole('list', { name: 'Unpaid lots' }).getByText(won.carol.title).waitFor();
  await page.screenshot({ path: path.join(os.tmpdir(), 'unpaid-lots-modal.png') });
  await until('the notice to be flagged read', async () => asked, (a) => a.includes('POST'));
  assert.equal(asked.filter((m) => m === 'GET').length, 2, 'asked again after the dropped answer, and only then');
  await dialog.getByRole('link', { name: 'Go to checkout' }).click();
  await dialog.waitFor({ state: 'detached' });
  assert.is(new URL(page.url()).pathname, '/checkout');

  // Shown once: a new visit asks again and is told the notice is read.
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/unpaid_lots_to_notify/' && r.request().method() === 'GET');
  await page.goto(`${e.t.baseUrl}/past-auction`);
  assert.is((await (await answer).json()).unpaid_lots_to_notify, false);
  await page.waitForTimeout(300);
  assert.is(await page.getByRole('dialog').count(), 0, 'not shown a second time');
  assertNoProblems(problems);
});

test('a paid order in the orders history: expanded, printed, and its PDF downloaded with the number and total', async () => {
  const { page, problems } = await openAs(alice, '/account/orders', PHONE);
  await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
  await page.getByText('1 order', { exact: true }).waitFor();
  const toggle = page.getByRole('button', { name: new RegExp(`^Order ${orders.alice.order_number}`) });
  await toggle.getByText('Paid', { exact: true }).waitFor();
  await toggle.getByText('£138', { exact: true }).waitFor();
  assert.is(await toggle.getAttribute('aria-expanded'), 'false');
  await toggle.click();
  const body = page.getByRole('region', { name: `Order ${orders.alice.order_number}` });
  await body.getByRole('link', { name: won.alice.title }).waitFor();
  const summary = body.locator('.order-summary');
  assert.equal(await summary.locator('dt').allInnerTexts(), ['Hammer price', "Buyer's premium (12.5%)", "VAT on buyer's premium (20%)", 'Total']);
  assert.equal(await summary.locator('dd').allInnerTexts(), ['£120', '£15', '£3', '£138']);
  await assertNoSidewaysScroll(page);
  await screenshot(page, 'orders-phone', PHONE.width);
  await screenshot(page, 'orders-desktop', DESKTOP.width);
  await page.setViewportSize(PHONE);

  const popup = page.waitForEvent('popup');
  await body.getByRole('button', { name: 'Print' }).click();
  const printable = await popup;
  await printable.getByRole('heading', { name: 'Hartley & Reid Whisky Auctions' }).waitFor();
  const printed = await printable.locator('body').innerText();
  assert.match(printed, new RegExp(orders.alice.order_number));
  assert.match(printed, /Total\s+£138/);
  await printable.close();

  const download = page.waitForEvent('download');
  await body.getByRole('button', { name: `Download PDF of order ${orders.alice.order_number}` }).click();
  const file = await download;
  assert.match(file.suggestedFilename(), /\.pdf$/);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orders-e2e-'));
  try {
    const saved = path.join(dir, 'order.pdf');
    await file.saveAs(saved);
    const text = execFileSync('pdftotext', ['-layout', saved, '-'], { encoding: 'utf8' });
    assert.match(text, new RegExp(orders.alice.order_number), 'the invoice names the order');
    assert.match(text, /138\.00/, 'and its total');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  assertNoProblems(problems);
});

test('?pdf_order_id= on any page downloads that order\'s PDF', async () => {
  const { page, problems } = await openAs(alice, '/');
  // The first page's own session refresh must finish before the next page load: a navigation that aborts it
  // mid-flight can leave the browser with a refresh token the server has already rotated.
  await page.waitForLoadState('networkidle');
  const download = page.waitForEvent('download');
  await page.goto(`${e.t.baseUrl}/about?pdf_order_id=${orders.alice.order_id}`);
  const file = await download;
  assert.match(file.suggestedFilename(), new RegExp(`${orders.alice.order_number}.*\\.pdf$`));
  await page.waitForURL((u) => !u.search.includes('pdf_order_id'));
  assertNoProblems(problems);
});

test('a failed ?pdf_order_id= download says what to do in a toast, not the server\'s text', async () => {
  const { page, problems } = await openAs(null, `/about?pdf_order_id=${orders.alice.order_id}`);
  const toast = page.getByRole('region', { name: 'Notifications' }).getByRole('alert');
  await toast.getByText('Please sign in again to download your order.').waitFor();
  await toast.getByText('Your order could not be downloaded').waitFor();
  assert.is(await page.getByText('Authentication credentials', { exact: false }).count(), 0, 'no raw server text');
  assertNoProblems(problems);
});

test('staff mark a bank payment received, move a paid order forward and cancel an unpaid one', async () => {
  const { page, problems } = await openAs(staff, '/');
  await page.getByRole('banner').getByRole('button', { name: 'Sam' }).click();
  await page.getByRole('banner').getByRole('link', { name: 'Staff: orders' }).click();
  await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
  await page.getByText('3 orders', { exact: true }).waitFor();

  const row = (who: string) => page.getByRole('row', { name: new RegExp(who) });
  // Dan's bank transfer has arrived: recorded with its reference (required).
  const danRow = row('Dan Moray');
  await danRow.getByText('Awaiting payment', { exact: true }).waitFor();
  await danRow.getByRole('button', { name: `Payment received for order ${orders.dan.order_number}` }).click();
  await danRow.getByRole('button', { name: 'Confirm £138 received' }).click();
  await danRow.getByText('This field is required').waitFor();
  await danRow.getByLabel('Payment reference').fill('HSBC-991-DAN');
  await danRow.getByRole('button', { name: 'Confirm £138 received' }).click();
  await page.getByRole('status').filter({ hasText: 'Payment recorded' }).waitFor();
  await danRow.getByText('Paid', { exact: true }).waitFor();
  await danRow.getByText('Ref. HSBC-991-DAN').waitFor();
  await until('Dan\'s order to be paid', () => statusOf(dan, orders.dan.order_id), (s) => s === 'paid');

  // Alice's paid order is being packed: forward to Processing (collection's path also offers the later steps).
  const aliceRow = row('Alice Grant');
  await aliceRow.getByRole('button', { name: `Move order ${orders.alice.order_number} forward` }).click();
  const choice = aliceRow.getByRole('group', { name: 'Next status' });
  assert.equal(await choice.getByRole('radio').evaluateAll((els) => els.map((el) => (el.parentElement?.textContent ?? '').trim())), ['Processing', 'Ready for collection', 'Collected']);
  await aliceRow.getByRole('button', { name: 'Mark processing' }).click();
  await aliceRow.getByText('Processing', { exact: true }).waitFor();
  await until('Alice\'s order to be processing', () => statusOf(alice, orders.alice.order_id), (s) => s === 'processing');

  // Erin never paid: cancelled with a reason, her lot free to order again.
  const erinRow = row('Erin Shaw');
  await erinRow.getByRole('button', { name: `Cancel order ${orders.erin.order_number}` }).click();
  await erinRow.getByLabel('Reason for cancelling').fill('No payment after 14 days');
  await erinRow.getByRole('button', { name: 'Cancel this order' }).click();
  await erinRow.getByText('Cancelled', { exact: true }).waitFor();
  await erinRow.getByText('Reason: No payment after 14 days').waitFor();
  await until('Erin\'s order to be cancelled', () => statusOf(erin, orders.erin.order_id), (s) => s === 'cancelled');
  const wonAgain = await api('GET', '/api/checkout/won_items/?page_size=9999', erin);
  assert.equal(wonAgain.results.map((w: { lot: { id: string } }) => w.lot.id), [won.erin.id], 'Erin\'s lot is hers to order again');

  await page.getByLabel('Status').selectOption('paid');
  await page.getByText('1 order', { exact: true }).waitFor();
  await row('Dan Moray').waitFor();
  await screenshot(page, 'staff-orders-desktop', DESKTOP.width);
  await page.setViewportSize(PHONE);
  await page.getByLabel('Status').selectOption('');
  await page.getByText('3 orders', { exact: true }).waitFor();
  await assertNoSidewaysScroll(page);
  await screenshot(page, 'staff-orders-phone', PHONE.width);
  assertNoProblems(problems);
});

test('staff issue a voucher (the form\'s checks first); it is listed and buyers can use it', async () => {
  const { page, problems } = await openAs(staff, '/staff?section=vouchers');
  await page.getByRole('heading', { level: 1, name: 'Vouchers' }).waitFor();
  const form = page.getByRole('form', { name: 'Issue a voucher' });
  await form.getByLabel('Code').fill('ab');
  await form.getByRole('button', { name: 'Issue voucher' }).click();
  await form.getByText('Code characters limit - min 3 symbols').waitFor();
  await form.getByText('This field is required').waitFor();

  await form.getByLabel('Code').fill('spring10');
  assert.is(await form.getByLabel('Code').inputValue(), 'SPRING10');
  await form.getByLabel('A percentage (%)').check();
  await form.getByLabel('Percentage (%)', { exact: true }).fill('10');
  await form.getByLabel('Maximum uses (optional)').fill('50');
  await form.getByRole('button', { name: 'Issue voucher' }).click();
  await page.getByRole('status').filter({ hasText: 'Voucher issued' }).waitFor();
  const listed = page.getByRole('row', { name: /SPRING10/ });
  await listed.getByText('10%', { exact: true }).waitFor();
  await listed.getByText('0 of 50', { exact: true }).waitFor();
  assert.is(await form.getByLabel('Code').inputValue(), '', 'the form is emptied for the next one');

  const vouchers = await api('GET', '/api/staff/vouchers/', staff);
  const v = vouchers.results.find((x: { code: string }) => x.code === 'SPRING10');
  assert.equal([v.kind, v.value, v.max_uses, v.once_per_user, v.expires_at], ['percent', '10.00', 50, true, null]);
  const check = await api('POST', '/api/checkout/check_discount_code/', erin, { discount_code: 'spring10' });
  assert.is(check.detail, 'Success! Voucher code has been activated.');

  await screenshot(page, 'staff-vouchers-desktop', DESKTOP.width);
  await page.setViewportSize(PHONE);
  await assertNoSidewaysScroll(page);
  await screenshot(page, 'staff-vouchers-phone', PHONE.width);
  assertNoProblems(problems);
});

test.run();
