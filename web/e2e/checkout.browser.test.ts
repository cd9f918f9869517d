/**
 * The /checkout page in a real browser, from won lots (bid on and closed by the server's scheduler) to orders:
 * delivery paid by a card that asks for 3-D Secure (the challenge in the payment popup, closed once too early and
 * opened again); storage paid by UK bank
 * transfer on a phone (the bank details and the amount due); collection paid in store with vouchers (one worth more
 * than the order: the Warning!, then a smaller one); and wallet settle for a buyer whose wallet is in debt, with a
 * saved address edited and saved back to the account.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { BrowserContext, Page } from 'playwright-core';
import { bearer, type TestUser } from '../../services/testing/users';
import { placeBid } from '../../services/catalogue/testing/fixtures';
import { lotStream } from '../../services/catalogue/streams';
import { awaitWalletProjected, runWalletCommand } from '../../services/wallet/wallet-commands';
import { paymentProvider } from '../../services/payments/provider';
import { CARD_PAYMENT_INTERRUPTED } from '../../services/orders/place-order';
import { ORDER_MSG } from '../../domain/orders/messages';
import { sql } from 'kysely';
import { assertNoProblems, assertNoSidewaysScroll, DESKTOP, liveAuctionWithLots, logged, lotProjected, newContext, PHONE, startE2E, user, watchProblems, type E2E, type LiveLot, type PageProblems, until } from './helpers';

const MINUTE = 60_000;

/** The card provider answers nothing to the next payment, as in an outage; then it is itself again. */
function providerDownOnce(): { end: () => void } {
  const provider = paymentProvider(e.t.ctx);
  const real = Object.getPrototypeOf(provider).createPayment as typeof provider.createPayment;
  let down = true;
  provider.createPayment = async (request) => {
    if (!down) return real.call(provider, request);
    down = false;
    throw new Error('connect ECONNREFUSED 203.0.113.7:443');
  };
  return { end: () => Reflect.deleteProperty(provider, 'createPayment') };
}

let e: E2E;
let staff: TestUser;
let seller: TestUser;
const buyers = {} as Record<'fiona' | 'gus' | 'hana' | 'ivan' | 'jess' | 'kay', TestUser>;
const won = {} as Record<'fiona' | 'gus' | 'hana' | 'jess' | 'kay', LiveLot>;
/** Jess's second lot, closing a minute after the others (test 6 closes it). */
let later: LiveLot;
let laterEnd: number;

async function api(method: 'GET' | 'POST', url: string, who: TestUser, payload?: object) {
  const res = await e.t.app.inject({ method, url, headers: { ...bearer(who), 'idempotency-key': randomUUID() }, ...(payload ? { payload } : {}) });
  assert.ok(res.statusCode < 300, `${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

type HistoryOrder = { id: string; status: string; reference_no: string; summary: { total: string } };
const ordersOf = async (who: TestUser) => ((await api('GET', '/api/orders_history/', who)) as { results: HistoryOrder[] }).results;
const walletOf = async (who: TestUser) => (await api('GET', '/api/user_wallet/', who)) as { balance: string };

test.before(logged(async () => {
  e = await startE2E();
  staff = await user(e, { staff: true, feePaid: true, firstName: 'Sam', lastName: 'Staff' });
  seller = await user(e, { firstName: 'Sandy', lastName: 'Seller' });
  buyers.fiona = await user(e, { firstName: 'Fiona', lastName: 'Munro', feePaid: true });
  buyers.gus = await user(e, { firstName: 'Gus', lastName: 'Laing', feePaid: true });
  buyers.hana = await user(e, { firstName: 'Hana', lastName: 'Wood', feePaid: true });
  buyers.ivan = await user(e, { firstName: 'Ivan', lastName: 'Kerr', feePaid: true });
  buyers.jess = await user(e, { firstName: 'Jess', lastName: 'Baird', feePaid: true });
  buyers.kay = await user(e, { firstName: 'Kay', lastName: 'Mackie', feePaid: true });

  const end = new Date(e.t.clock.now().getTime() + 5 * MINUTE).toISOString();
  const lot = (title: string, region: string) => ({ title, distillery: { name: title.split(' ')[0], region }, opening_bid: '100.00', ends_at: end });
  laterEnd = Date.parse(end) + MINUTE;
  const [a, b, c, d, f, cask] = await liveAuctionWithLots(e, staff, seller, [
    lot('Springbank 15 Year Old', 'Campbeltown'), lot('Lagavulin 16 Year Old', 'Islay'), lot('Glenfarclas 25 Year Old', 'Speyside'),
    lot('Talisker 10 Year Old', 'Islands'), { ...lot('Ardbeg 10 Year Old', 'Islay'), ends_at: new Date(laterEnd).toISOString() },
    { ...lot('Bowmore 1996 Hogshead Cask', 'Islay'), opening_bid: '30000.00' },
  ]);
  Object.assign(won, { fiona: a, gus: b, hana: c, jess: d, kay: cask });
  later = f;
  for (const [who, l] of [[buyers.fiona, a], [buyers.gus, b], [buyers.hana, c], [buyers.jess, d], [buyers.jess, f]] as const) await placeBid(e.t, l.id, who.id, 15_000);
  await placeBid(e.t, cask.id, buyers.kay.id, 3_000_000);

  // The sales close on the server's clock (the closing scheduler): each bidder wins their lot at £100.
  e.t.clock.set(new Date(Date.parse(end) + 1000));
  for (const l of [a, b, c, d, cask]) {
    await until(`${l.title} to close`, async () => (await e.t.ctx.store.readStream(lotStream(l.id))).some((ev) => ev.type === 'LotClosed'), (v) => v);
    await lotProjected(e, l.id);
  }

  // Ivan owes the house £40: an overdraft, then a debit (a fee) taken into it.
  const now = () => e.t.clock.now().toISOString();
  await runWalletCommand(e.t.ctx, buyers.ivan.id, { type: 'ChangeOverdraft', user_id: buyers.ivan.id, limit_pence: 10_000, by: staff.id, reason: 'Trusted buyer', now: now() });
  const debit = await runWalletCommand(e.t.ctx, buyers.ivan.id, {
    type: 'DebitWallet', user_id: buyers.ivan.id, entry_id: randomUUID(), amount_pence: 4_000, kind: 'fee', description: 'Valuation fee',
    reference: null, by: staff.id, reason: 'Valuation', now: now(),
  });
  await awaitWalletProjected(e.t.ctx, debit.append);
  // Hana has £20 in her wallet (a refund) to use at checkout.
  const credit = await runWalletCommand(e.t.ctx, buyers.hana.id, {
    type: 'CreditWallet', user_id: buyers.hana.id, entry_id: randomUUID(), amount_pence: 2_000, kind: 'refund', description: 'Refund',
    reference: null, by: staff.id, reason: 'Goodwill', now: now(),
  });
  await awaitWalletProjected(e.t.ctx, credit.append);
  // And a billing address saved in his account (the checkout starts with it).
  await api('POST', '/api/addresses/', buyers.ivan, {
    addr_type: 'BILLING', user: buyers.ivan.id, country: 'united-kingdom', region: '', city: 'Glasgow', street: '7 Byres Road', apartment: '', zip_code: 'G12 8AA',
  });
}));

test.after(async () => {
  await e?.close();
});

interface Tab { context: BrowserContext; page: Page; problems: PageProblems }

async function open(who: TestUser, urlPath: string, viewport = DESKTOP): Promise<Tab> {
  const context = await newContext(e, viewport, who);
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(`${e.t.baseUrl}${urlPath}`);
  await page.getByRole('heading', { level: 1, name: 'Payment Checkout' }).waitFor();
  return { context, page, problems };
}

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const summary = (page: Page) => section(page, 'Order Summary');

/** The whole page, and the first screen of it, for a person to look at (in the system's temporary folder). */
async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(os.tmpdir(), `checkout-${name}.png`), fullPage: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(os.tmpdir(), `checkout-${name}-top.png`) });
}

/** Fills the billing address form (a new address) and saves it, answering the save-in-account question. */
async function addBilling(page: Page, answer: 'Yes' | 'No', street = '12 Rose Street', city = 'Edinburgh', zip = 'EH2 2PR'): Promise<void> {
  const billing = section(page, 'Billing Address');
  await billing.getByRole('heading', { name: 'New address' }).waitFor();
  assert.is(await billing.getByLabel('Country').inputValue(), 'united-kingdom', 'the UK is the default country');
  await billing.getByLabel('Street address').fill(street);
  await billing.getByLabel('Town / City').fill(city);
  await billing.getByLabel('Postcode').fill(zip);
  await billing.getByRole('button', { name: 'Save' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save in account' });
  await dialog.getByText('Apply changes to account settings?').waitFor();
  await dialog.getByRole('button', { name: answer }).click();
  await dialog.waitFor({ state: 'detached' });
  await billing.getByText(street).waitFor();
}

const line = (page: Page, label: string | RegExp) => summary(page).locator('.checkout-breakdown__row').filter({ hasText: label });
const totalToPay = (page: Page) => summary(page).getByTestId('total-to-pay');

test('(1) delivery paid by a card that asks for 3-D Secure: the challenge in the popup, then a paid order', async () => {
  const who = buyers.fiona;
  const { context, page, problems } = await open(who, '/checkout');
  assert.is(await page.title(), 'Checkout · Hartley & Reid Whisky Auctions');
  await page.getByText('Please complete payment process').waitFor();
  const service = section(page, 'Choose Service Method');
  assert.ok(await service.getByRole('radio', { name: /^Ship items/ }).isChecked(), 'delivery is the default');
  assert.is(await service.getByRole('radio', { name: /^Settle wallet balance/ }).count(), 0, 'no wallet settle without a debt');
  await section(page, 'Item Summary').getByText(won.fiona.title).waitFor();
  assert.is(await section(page, 'Payment Method').count(), 0, 'payment waits for the addresses');

  // The address rules, then a billing address saved in the account.
  const billing = section(page, 'Billing Address');
  await billing.getByRole('heading', { name: 'New address' }).waitFor();
  await billing.getByLabel('Postcode').fill('EH2 2PR!');
  await billing.getByLabel('Phone (optional)').fill('12');
  await billing.getByRole('button', { name: 'Save' }).click();
  await billing.getByText("Doesn't match the pattern from 1 to 10 alphanumerics, spaces are allowed").waitFor();
  await billing.getByText('Phone number is invalid!').waitFor();
  assert.is(await billing.getByText('This field is required', { exact: true }).count(), 2, 'street and city are required');
  await billing.getByLabel('Postcode').fill('EH2 2PR');
  await billing.getByLabel('Phone (optional)').fill('0131 496 0000');
  await addBilling(page, 'Yes');
  const saved = (await api('GET', `/api/users/${who.id}/billing_addresses/`, who)) as { results: { zip_code: string }[] };
  assert.equal(saved.results.map((a) => a.zip_code), ['EH2 2PR'], 'Yes saved it in the account');

  // Shipping: a country we do not deliver to is refused; then the same as billing.
  const shipping = section(page, 'Shipping Address');
  await shipping.getByRole('heading', { name: 'New address' }).waitFor();
  const nd = await page.evaluate(async () => {
    const list = (await (await fetch('/api/countries/')).json()) as { slug: string; delivery: string }[];
    return list.find((c) => c.delivery === 'Non Deliverable Zone')?.slug ?? null;
  });
  if (nd) {
    await shipping.getByLabel('Country').selectOption(nd);
    await shipping.getByText('We do not ship to this country. Please select an alternative shipping address.').waitFor();
  }
  await shipping.getByLabel('Same as billing address').check();
  await shipping.getByText('12 Rose Street').waitFor();
  assert.ok(await shipping.getByLabel('Insure this delivery').isChecked(), 'insurance is on by default');

  // Paying by card: the price with the card fee, recalculated 1.5 s after the four card fields are filled.
  const payment = section(page, 'Payment Method');
  const costCalls: { at: number; body: { payment_method: { details: Record<string, string> } } }[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/check_costs/')) costCalls.push({ at: Date.now(), body: r.postDataJSON() });
  });
  await payment.getByRole('radio', { name: /^Credit \/ debit card/ }).check();
  await line(page, 'Credit card fee (3%)').waitFor();
  await line(page, 'Shipping by DPD').getByText('£12.50').waitFor();
  await line(page, /^Insurance/).getByText(/covers breakage or loss, not leakage/).waitFor();
  await line(page, 'Buyers premium (12.5%)').getByText('£12.50').waitFor();
  const place = summary(page).getByRole('button', { name: 'Place Order' });
  assert.ok(await place.isDisabled(), 'no card number yet');
  await payment.getByLabel('Card number').fill('4000 0000 0000 3220');
  assert.ok(await place.isEnabled(), 'a card number is entered');
  await payment.getByLabel('Expiry date').fill('1230');
  await payment.getByLabel('CVC').fill('123');
  const before = costCalls.length;
  const filledAt = Date.now();
  await payment.getByLabel('Name on card').fill('Fiona Munro');
  await until('the card recalculation', async () => costCalls.length, (n) => n > before, 5_000);
  const call = costCalls[before];
  assert.ok(call.at - filledAt >= 1_400, `priced again 1.5 s after the card was complete (${call.at - filledAt} ms)`);
  assert.equal(call.body.payment_method.details.card_number, '4000000000003220', 'spaces removed');
  assert.equal(call.body.payment_method.details.expiry_date, '1230', 'slash removed');
  await screenshot(page, 'delivery-desktop');

  // Place Order: the bank's check in the popup, then the success modal and the success page.
  // The buyer closes the bank's window before answering: the same check can be opened again.
  const firstPopup = context.waitForEvent('page');
  await place.click();
  const early = await firstPopup;
  await early.waitForURL(/\/payments\/sandbox\/3ds\//);
  await summary(page).getByText('Your bank wants to confirm this payment.').waitFor();
  await early.close();
  await summary(page).getByText('The card check window was closed before it finished.', { exact: false }).waitFor();
  // Meanwhile the placed order holds the lot: another tab's checkout says where it is.
  const [awaiting] = await ordersOf(who);
  assert.is(awaiting.status, 'awaiting_payment');
  const other = await context.newPage();
  await other.goto(`${e.t.baseUrl}/checkout`);
  await other.getByText('Nothing to pay for', { exact: true }).waitFor();
  await other.getByRole('status').getByText(`Order ${awaiting.reference_no} is awaiting payment and holds 1 lot.`).waitFor();
  await other.getByRole('link', { name: 'See your orders' }).waitFor();
  await other.close();
  const popupOpened = context.waitForEvent('page');
  await summary(page).getByRole('button', { name: 'Open the card check again' }).click();
  const popup = await popupOpened;
  await popup.waitForURL(/\/payments\/sandbox\/3ds\//);
  await summary(page).getByText('Your bank wants to confirm this payment.').waitFor();
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Complete' }).click();
  await closed;
  const modal = page.getByRole('dialog', { name: 'Success!' });
  await modal.getByText('Order payment has been processed successfully').waitFor();
  await page.waitForURL(/\/checkout-success\?flow_type=checkout$/);
  await modal.getByRole('button', { name: 'Continue' }).click();
  const [order] = await until('the paid order', () => ordersOf(who), (o) => o[0]?.status === 'paid');
  await page.getByRole('heading', { name: 'Your order is paid' }).waitFor();
  await page.getByText(order.reference_no).waitFor();
  await page.getByRole('link', { name: 'View your orders' }).waitFor();
  await screenshot(page, 'success-desktop');

  // The success page's promise is kept: the confirmation and the paid receipt are in the buyer's mailbox.
  const mailbox = async () => (await e.t.app.inject({ method: 'GET', url: `/api/dev/mailbox/?to=${encodeURIComponent(who.email)}` })).json() as { subject: string; text: string }[];
  const mails = await until('the order emails', mailbox, (m) => m.some((x) => x.subject === `Receipt for your order ${order.reference_no}`));
  const confirmation = mails.find((x) => x.subject === `Your order ${order.reference_no} is confirmed`);
  assert.ok(confirmation, `the confirmation email: ${mails.map((x) => x.subject).join(', ')}`);
  assert.ok(confirmation.text.includes(won.fiona.title) && confirmation.text.includes('Delivery by DPD'), confirmation.text);
  assert.is(mails.filter((x) => x.subject.includes(order.reference_no)).length, 2, 'one of each');

  // The order names its carrier too.
  await page.getByRole('link', { name: 'View your orders' }).click();
  await page.getByRole('button', { name: new RegExp(`^Order ${order.reference_no}`) }).click();
  const orderLines = page.getByRole('region', { name: `Order ${order.reference_no}` }).locator('.order-summary');
  await orderLines.locator('div', { hasText: 'Shipping by DPD' }).filter({ hasText: '£12.50' }).waitFor();
  assertNoProblems(problems);
  await context.close();

  // The buyer has paid: the seller's wallet shows the hammer and a line per fee (5% commission, £5 listing fee).
  const sellerContext = await newContext(e, DESKTOP, seller);
  const wallet = await sellerContext.newPage();
  const sellerProblems = watchProblems(wallet);
  await wallet.goto(`${e.t.baseUrl}/account/wallet`);
  await wallet.getByRole('heading', { level: 1, name: 'Wallet' }).waitFor();
  const lines = wallet.getByRole('tabpanel');
  const ref = won.fiona.reference_no;
  await lines.getByRole('row').filter({ hasText: `Sale of lot ${ref}: ${won.fiona.title}` }).filter({ hasText: '£100' }).waitFor();
  await lines.getByRole('row').filter({ hasText: `Seller commission (5%) on lot ${ref}` }).filter({ hasText: '-£5' }).waitFor();
  await lines.getByRole('row').filter({ hasText: `Listing fee on lot ${ref}` }).filter({ hasText: '-£5' }).waitFor();
  await wallet.getByRole('group', { name: 'Available balance' }).getByText('£90').waitFor();
  assertNoProblems(sellerProblems);
  await sellerContext.close();
});

test('(2) storage on a phone, paid by UK bank transfer: the bank details and the amount due', async () => {
  const who = buyers.gus;
  const missing = randomUUID();
  const { context, page, problems } = await open(who, `/checkout?type=storage&id=${missing}`, PHONE);
  const noticeCleared: unknown[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/unpaid_lots_to_notify/')) noticeCleared.push(r.postDataJSON());
  });
  await page.waitForURL(/\/checkout$/);
  assert.ok(await section(page, 'Choose Service Method').getByRole('radio', { name: /^Store items/ }).isChecked(), 'the type query chose storage');
  await section(page, 'Include These Stored Items?').getByText('One of the items you picked is not in storage any more and was left out.').waitFor();
  assert.is(await section(page, 'Shipping Address').count(), 0, 'no shipping address for storage');

  await addBilling(page, 'No', '3 Market Street', 'Aberdeen', 'AB11 5PS');
  await section(page, 'Billing Address').getByText('This order only').waitFor();
  const stillNone = (await api('GET', `/api/users/${who.id}/billing_addresses/`, who)) as { results: unknown[] };
  assert.is(stillNone.results.length, 0, 'No keeps it out of the account');

  const period = section(page, 'Select Storage Period');
  await period.getByRole('radio', { name: /45 days/ }).waitFor();
  assert.ok(await period.getByRole('radio', { name: /45 days/ }).isChecked(), '45 free days by default');
  await period.getByRole('radio', { name: /^3 months/ }).check();

  // A bank transfer needs the bank location; then our UK bank details show.
  const payment = section(page, 'Payment Method');
  await payment.getByRole('radio', { name: /^Bank transfer/ }).check();
  await payment.getByText('Required: choose where your bank account is to see our bank details.').waitFor();
  assert.ok(await summary(page).getByRole('button', { name: 'Place Order' }).isDisabled(), 'no bank location yet');
  await payment.getByRole('radio', { name: 'UK bank transfer' }).check();
  const bank = (await api('GET', '/api/auction_settings/bank_data/', who)) as { sort_code_uk: string; account_number_uk: string };
  await payment.getByText(bank.sort_code_uk).waitFor();
  await payment.getByText(bank.account_number_uk).waitFor();

  // The voucher control's own rules, then the server's answer on the field.
  const order = summary(page);
  await order.getByRole('button', { name: /Add a voucher code/ }).click();
  const code = order.getByLabel('Voucher code');
  await code.fill('AB');
  assert.ok(await order.getByRole('button', { name: 'Apply' }).isDisabled(), 'Apply is disabled under 3 characters');
  await code.fill('ABCDEFGHIJK');
  await order.getByRole('button', { name: 'Apply' }).click();
  await order.getByText('Code characters limit - max 10 symbols').waitFor();
  await code.fill('NOPE1');
  await order.getByRole('button', { name: 'Apply' }).click();
  await order.getByText('This voucher code is not valid.').waitFor();
  await order.getByRole('button', { name: 'Cancel' }).click();

  await line(page, 'Storage fee').waitFor();
  assert.is(await line(page, /Credit card fee/).count(), 0, 'no card fee for a bank transfer');
  const due = (await totalToPay(page).innerText()).trim();
  await screenshot(page, 'storage-phone');
  await assertNoSidewaysScroll(page);
  await summary(page).getByRole('button', { name: 'Place Order' }).click();
  const modal = page.getByRole('dialog', { name: 'Order placed' });
  await modal.getByText(`Amount due: ${due}.`, { exact: false }).waitFor();
  await modal.getByText(/Please pay by UK bank transfer to .*sort code/).waitFor();
  await page.waitForURL(/\/checkout-success\?flow_type=checkout$/);
  await modal.getByRole('button', { name: 'Continue' }).click();
  const [placed] = await until('the bank order', () => ordersOf(who), (o) => o.length === 1);
  assert.is(placed.status, 'awaiting_payment');
  await page.getByRole('heading', { name: 'Your order is placed' }).waitFor();
  await page.getByText(placed.reference_no, { exact: true }).first().waitFor();
  await page.getByText(due).first().waitFor();
  await page.getByText(bank.sort_code_uk).waitFor();
  await until('the unpaid-lots notice to be cleared', async () => noticeCleared, (l) => l.length > 0);
  assert.equal(noticeCleared[0], { read: true });
  await assertNoSidewaysScroll(page);
  await screenshot(page, 'success-phone');

  // Staff receive the transfer: the lot is paid and stored. Back at the checkout to ship it (?id= pre-selects it).
  await api('POST', `/api/staff/orders/${placed.id}/payment_received/`, staff, { reference: 'BACS-7731' });
  await until('the lot in storage', async () => ((await api('GET', '/api/checkout/items_from_storage/?page_size=9999', who)) as { results: unknown[] }).results, (r) => r.length === 1);
  await page.goto(`${e.t.baseUrl}/checkout?type=delivery&id=${won.gus.id}`);
  await page.waitForURL(/\/checkout$/);
  const stored = section(page, 'Include These Stored Items?');
  const row = stored.getByRole('checkbox', { name: new RegExp(won.gus.title) });
  await until('the stored lot to be pre-selected', () => row.isChecked(), (v) => v);
  await stored.getByText(/Stored until .* days of storage left/).waitFor();
  await stored.getByText('1 of 1 included').waitFor();
  await section(page, 'Item Summary').getByText('You have no won lots to pay for.').waitFor();
  await assertNoSidewaysScroll(page);
  assertNoProblems(problems);
  await context.close();
});

test('(3) collection paid in store, with a voucher worth more than the order (Warning!), then a smaller one', async () => {
  const who = buyers.hana;
  await api('POST', '/api/staff/vouchers/', staff, { code: 'BIGGIFT', kind: 'fixed', value: '500.00', expires_at: '', max_uses: null, once_per_user: true });
  await api('POST', '/api/staff/vouchers/', staff, { code: 'TENOFF', kind: 'fixed', value: '10.00', expires_at: '', max_uses: null, once_per_user: true });
  const { context, page, problems } = await open(who, '/checkout');
  await section(page, 'Choose Service Method').getByRole('radio', { name: /^Collect items in store/ }).check();
  const store = (await api('GET', '/api/auction_settings/contact_data/', who)) as { jw_address: string };
  await section(page, 'Choose Service Method').getByText(store.jw_address).waitFor();
  assert.is(await section(page, 'Include These Stored Items?').count(), 0, 'no stored items for collection');
  await addBilling(page, 'Yes', '9 Harbour Road', 'Inverness', 'IV1 1AA');
  await section(page, 'Payment Method').getByRole('radio', { name: /^Pay in store/ }).check();
  await section(page, 'Payment Method').getByText(store.jw_address).waitFor();
  await totalToPay(page).waitFor();

  const order = summary(page);
  const applyVoucher = async (c: string) => {
    await order.getByRole('button', { name: /Add a voucher code/ }).click();
    await order.getByLabel('Voucher code').fill(c);
    await order.getByRole('button', { name: 'Apply' }).click();
    const ok = page.getByRole('dialog', { name: 'Voucher applied' });
    await ok.getByText('Success! Voucher code has been activated.').waitFor();
    await ok.getByRole('button', { name: 'Continue' }).click();
  };
  await applyVoucher('BIGGIFT');
  const warning = page.getByRole('dialog', { name: 'Warning!' });
  await warning.getByText(/The remaining £\d+(\.\d\d)? will be added to your wallet/).waitFor();
  await warning.getByRole('button', { name: 'Continue' }).click();
  await order.getByRole('button', { name: 'Remove Discount' }).click();
  await applyVoucher('TENOFF');
  await line(page, 'Voucher discount').getByText('−£10').waitFor();

  // The wallet: the default is the smaller of the balance and what is left; the amount's own rules.
  await order.getByRole('button', { name: /Use my wallet balance/ }).click();
  const amount = order.getByLabel('Amount to use (£)');
  assert.is(await amount.inputValue(), '20.00', 'the whole £20 balance (less than the total)');
  await amount.fill('25');
  await order.getByRole('button', { name: 'Apply' }).click();
  await order.getByText('Amount cannot exceed the balance').waitFor();
  await amount.fill('');
  await order.getByRole('button', { name: 'Apply' }).click();
  await order.getByText('Amount is required').waitFor();
  await amount.fill('0');
  await order.getByRole('button', { name: 'Apply' }).click();
  await order.getByText('Amount must be greater than 0').waitFor();
  await amount.fill('15.50');
  await order.getByRole('button', { name: 'Apply' }).click();
  await line(page, 'Wallet use').getByText('−£15.50').waitFor();
  await screenshot(page, 'collection-desktop');

  // The terms open in a frame over the page.
  await order.getByRole('link', { name: 'Terms and Conditions' }).click();
  const terms = page.getByRole('dialog', { name: 'Terms and Conditions' });
  assert.is(await terms.locator('iframe').getAttribute('src'), '/terms-and-conditions');
  await terms.getByRole('button', { name: 'Close' }).first().click();
  await terms.waitFor({ state: 'detached' });
  assert.match(page.url(), /\/checkout$/, 'still on the checkout');

  const due = (await totalToPay(page).innerText()).trim();
  await order.getByRole('button', { name: 'Place Order' }).click();
  const modal = page.getByRole('dialog', { name: 'Order placed' });
  await modal.getByText(new RegExp(`Amount due: ${due.replace(/[.$]/g, '\\$&')}\\. Please pay at our store`)).waitFor();
  await modal.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Your order is placed' }).waitFor();
  await page.getByLabel('Pay at our store').getByText(store.jw_address).waitFor();
  const [placed] = await until('the in-store order', () => ordersOf(who), (o) => o.length === 1);
  assert.is(placed.status, 'awaiting_payment');
  assert.is((await walletOf(who)).balance, '4.50', 'the wallet use is taken from the wallet');
  assertNoProblems(problems);
  await context.close();
});

test('(4) wallet settle for a buyer in debt: the saved address edited and saved back, paid by card', async () => {
  const who = buyers.ivan;
  assert.is((await walletOf(who)).balance, '-40.00');
  const { context, page, problems } = await open(who, '/checkout?type=wallet_settle');
  const service = section(page, 'Choose Service Method');
  const settle = service.getByRole('radio', { name: /^Settle wallet balance/ });
  await settle.waitFor();
  await until('wallet settle to be chosen', () => settle.isChecked(), (v) => v);
  await service.getByText(/Your wallet is at -£40/).waitFor();
  assert.is(await section(page, 'A Note').count(), 0, 'no note for wallet settle');
  assert.is(await section(page, 'Item Summary').count(), 0, 'no item summary for wallet settle');

  // The saved billing address is chosen; edited, and the change saved in the account.
  const billing = section(page, 'Billing Address');
  await billing.getByText('7 Byres Road').waitFor();
  await billing.getByRole('button', { name: 'Edit' }).click();
  await billing.getByLabel('Postcode').fill('G12 8QQ');
  await billing.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('dialog', { name: 'Save in account' }).getByRole('button', { name: 'Yes' }).click();
  await billing.getByText(/G12 8QQ/).waitFor();
  const saved = (await api('GET', `/api/users/${who.id}/billing_addresses/`, who)) as { results: { zip_code: string }[] };
  assert.equal(saved.results.map((a) => a.zip_code), ['G12 8QQ'], 'patched, not added');

  const payment = section(page, 'Payment Method');
  await payment.getByRole('radio', { name: /^Credit \/ debit card/ }).check();
  await line(page, 'Wallet debt').getByText('£40').waitFor();
  await payment.getByLabel('Card number').fill('4242 4242 4242 4242');
  await payment.getByLabel('Expiry date').fill('1230');
  await payment.getByLabel('CVC').fill('123');
  await payment.getByLabel('Name on card').fill('Ivan Kerr');
  const popups: Page[] = [];
  context.on('page', (p) => popups.push(p));
  // The card provider is down for the first press: the order is placed and its payment is not. The page says so, and
  // pressing again sends the same attempt (its Idempotency-Key), which carries that order on: one order, one payment.
  const place = summary(page).getByRole('button', { name: 'Place Order' });
  const outage = providerDownOnce();
  try {
    await place.click();
    await summary(page).getByText(CARD_PAYMENT_INTERRUPTED).waitFor();
  } finally {
    outage.end();
  }
  await place.click();
  await page.getByRole('dialog', { name: 'Success!' }).getByText('Order payment has been processed successfully').waitFor();
  const { rows: placed } = await sql<{ n: string }>`
    SELECT count(*) AS n FROM events WHERE type = 'OrderPlaced' AND data->>'user_id' = ${who.id}`.execute(e.t.ctx.db);
  assert.is(Number(placed[0].n), 1, 'one order');
  assert.ok(popups.every((p) => p.isClosed()), 'no challenge: the waiting popup is closed again');
  await page.waitForURL(/\/checkout-success\?flow_type=checkout$/);
  await until('the wallet to be settled', async () => (await walletOf(who)).balance, (b) => b === '0.00');

  // No debt any more and no lots: asking for wallet settle falls back to delivery, which has nothing to pay for.
  await page.goto(`${e.t.baseUrl}/checkout?type=wallet_settle`);
  await page.waitForURL(/\/checkout$/);
  await page.getByText('Nothing to pay for', { exact: true }).waitFor();
  assert.is(await page.getByRole('radio', { name: /^Settle wallet balance/ }).count(), 0, 'wallet settle is not offered');
  assertNoProblems(problems);
  await context.close();
});

/** A card order placed in another window whose bank check was then left open: the order holds the buyer's won lots. */
async function placeInTheBanksCheck(who: TestUser): Promise<void> {
  const placed = await e.t.app.inject({
    method: 'POST', url: '/api/checkout/collection/create_order/', headers: { ...bearer(who), 'idempotency-key': randomUUID() },
    payload: {
      lots_from_storage: [], insurance: false, discount_code: '', used_from_wallet: '0.00', note_from_customer: '',
      personal_information: { first_name: 'Jess', last_name: 'Baird', phone_number: '07400 900124', additional_phone_number: '', email: who.email },
      billing_address: { country: 'united-kingdom', region: '', city: 'Leith', street: '3 Shore', apartment: '', zip_code: 'EH6 6QW' },
      shipping_address: null, storage_type: 'days', storage_days: 45, storage_months: 0,
      payment_method: { method: 'CARD', details: { card_number: '4000000000003220', expiry_date: '1230', card_holder_name: 'Jess Baird', cvv: '123' } },
    },
  });
  assert.is(placed.statusCode, 200, placed.body);
}

// The orders read model may lag the placing on a loaded machine: wait for the order awaiting payment to show. (Orders
// placed at the same instant of the test's clock are in the history by id, not by when they were placed.)
const awaitingOne = (o: HistoryOrder[]) => o.find((x) => x.status === 'awaiting_payment');
const awaiting = async (who: TestUser) => awaitingOne(await until('the order awaiting payment', () => ordersOf(who), (o) => !!awaitingOne(o)))!;
const cancelled = (who: TestUser, order: HistoryOrder) => until(`order ${order.reference_no} cancelled`, () => ordersOf(who), (o) => o.some((x) => x.id === order.id && x.status === 'cancelled'));

test('(5) a card order left in the bank\'s check, cancelled from the checkout: its lot is back to pay for again', async () => {
  const who = buyers.jess;
  await placeInTheBanksCheck(who);
  const held = await awaiting(who);

  const { context, page, problems } = await open(who, '/checkout');
  await page.getByText('Nothing to pay for', { exact: true }).waitFor();
  const notice = page.getByRole('status').filter({ hasText: `Order ${held.reference_no} is awaiting payment` });
  await notice.getByText('Cancel the order to have them back now.', { exact: false }).waitFor();
  await screenshot(page, 'held-card-order');
  await notice.getByRole('button', { name: `Cancel order ${held.reference_no}` }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel order ${held.reference_no}?` });
  await dialog.getByText('If you still finish the bank\'s check for this order, the payment is refunded.', { exact: false }).waitFor();
  await screenshot(page, 'cancel-held-order');
  await dialog.getByRole('button', { name: 'Cancel the order' }).click();
  await page.getByText(`Order ${held.reference_no} is cancelled. Its lots are back in your checkout.`).waitFor();
  await section(page, 'Item Summary').getByText(won.jess.title).waitFor();
  assert.is(await page.getByText('Nothing to pay for', { exact: true }).count(), 0, 'the checkout is back, with the lot');
  await cancelled(who, held);

  // Placed and left in the bank's check again: the orders page cancels it too.
  await placeInTheBanksCheck(who);
  const again = await awaiting(who);
  assert.is.not(again.id, held.id);
  await page.goto(`${e.t.baseUrl}/account/orders`);
  await page.getByRole('button', { name: new RegExp(`^Order ${again.reference_no}`) }).click();
  const row = page.getByRole('region', { name: `Order ${again.reference_no}` });
  await row.getByRole('button', { name: `Cancel order ${again.reference_no}` }).click();
  await page.getByRole('dialog', { name: `Cancel order ${again.reference_no}?` }).getByRole('button', { name: 'Cancel the order' }).click();
  await page.getByText(`Order ${again.reference_no} is cancelled. Its lots are back in your checkout.`).waitFor();
  await page.getByRole('button', { name: new RegExp(`^Order ${again.reference_no}.*Cancelled`) }).waitFor();
  assert.is(await row.getByRole('button', { name: `Cancel order ${again.reference_no}` }).count(), 0, 'nothing left to cancel');
  await cancelled(who, again);
  assertNoProblems(problems);
  await context.close();
});

test('(6) a lot won after an order took the others: the checkout lists it, and says which order holds the rest (asked again after a 503)', async () => {
  const who = buyers.jess;
  await placeInTheBanksCheck(who);
  const held = await awaiting(who);
  // Her later lot closes now (the closing scheduler, on the server's clock): won after the order was placed.
  e.t.clock.set(new Date(laterEnd + 1000));
  await until(`${later.title} to close`, async () => (await e.t.ctx.store.readStream(lotStream(later.id))).some((ev) => ev.type === 'LotClosed'), (v) => v);
  await lotProjected(e, later.id);

  const context = await newContext(e, DESKTOP, who);
  const page = await context.newPage();
  const problems = watchProblems(page);
  // The first ask for the orders fails as on a flaky network (a 503): the page asks again and the notice still comes.
  let asked = 0;
  await page.route('**/api/orders_history/**', (route) => (asked++ === 0
    ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ detail: 'The service is temporarily unavailable. Please try again in a moment.' }) })
    : route.continue()));
  await page.goto(`${e.t.baseUrl}/checkout`);
  const items = section(page, 'Item Summary');
  await items.getByText(later.title).waitFor();
  const notice = page.getByRole('status').filter({ hasText: `Order ${held.reference_no} is awaiting payment and holds 1 lot.` });
  await notice.getByText('Not in this checkout:').waitFor();
  assert.is(await items.getByText(won.jess.title).count(), 0, 'the held lot is not offered twice');
  assert.is(await page.getByText('Nothing to pay for', { exact: true }).count(), 0);
  await screenshot(page, 'held-beside-lots');
  await notice.getByRole('button', { name: `Cancel order ${held.reference_no}` }).click();
  await page.getByRole('dialog', { name: `Cancel order ${held.reference_no}?` }).getByRole('button', { name: 'Cancel the order' }).click();
  await page.getByText(`Order ${held.reference_no} is cancelled. Its lots are back in your checkout.`).waitFor();
  await items.getByText(won.jess.title).waitFor();
  await items.getByText(later.title).waitFor();
  await notice.waitFor({ state: 'detached' });
  await cancelled(who, held);
  assert.ok(asked >= 2, 'asked again after the 503');
  assertNoProblems({ list: problems.list.filter((p) => !/^503 GET .*\/api\/orders_history\//.test(p)) });
  await context.close();
});

test('(7) a cask over the card limit: Place Order says to pay by bank transfer while Card is chosen; a transfer is allowed', async () => {
  const { context, page, problems } = await open(buyers.kay, '/checkout');
  await section(page, 'Item Summary').getByText(won.kay.title).waitFor();
  await section(page, 'Choose Service Method').getByRole('radio', { name: /^Collect items in store/ }).check();
  await addBilling(page, 'No', '1 Cask Row', 'Bowmore', 'PA43 7JS');
  const payment = section(page, 'Payment Method');
  await payment.getByRole('radio', { name: /^Credit \/ debit card/ }).check();
  await line(page, 'Credit card fee (3%)').waitFor();
  const place = summary(page).getByRole('button', { name: 'Place Order' });
  await summary(page).getByText(ORDER_MSG.overCardLimit).waitFor();
  assert.ok(await place.isDisabled(), 'no card will do');
  await payment.getByText(ORDER_MSG.overCardLimit).waitFor();
  assert.is(await payment.getByLabel('Card number').count(), 0, 'no card asked for: the reason stands in its place');
  await screenshot(page, 'over-card-limit');
  await payment.getByRole('radio', { name: /^Bank transfer/ }).check();
  await payment.getByRole('radio', { name: 'UK bank transfer' }).check();
  await until('Place Order enabled by bank transfer', () => place.isEnabled(), (enabled) => enabled);
  assert.is(await page.getByText(ORDER_MSG.overCardLimit).count(), 0);
  await screenshot(page, 'over-card-limit-by-transfer');
  assertNoProblems(problems);
  await context.close();
});

test.run();
