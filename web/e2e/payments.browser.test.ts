/**
 * Card payments in a real browser against the sandbox provider: the registration fee paid in the MemberFee modal
 * with a card that needs 3-D Secure (the challenge in the payment popup, then AuthSuccess, ConfirmBid, BidSummary and
 * the bid on the server); the same check in this window when popups are blocked, refused with Fail; a declined
 * card; the saved cards screen (add, add through the challenge, make default, delete) and paying with a saved card;
 * a payment whose answer the provider lost after charging, paid again with the same key: one charge.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { bearer, type TestUser } from '../../services/testing/users';
import { paymentProvider } from '../../services/payments/provider';
import { PAYMENT_INTERRUPTED } from '../../services/payments/card-payments';
import { countEvents, sandboxIntents } from '../../services/payments/testing';
import { assertNoSidewaysScroll, assertNoProblems, DESKTOP, liveAuctionWithLots, logged, newContext, PHONE, placedBids, startE2E, user, watchProblems, type E2E, type LiveLot, type PageProblems } from './helpers';

let e: E2E;
let lots: LiveLot[];

test.before(logged(async () => {
  e = await startE2E();
  const staff = await user(e, { staff: true, feePaid: true });
  const seller = await user(e, { firstName: 'Sandy', lastName: 'Seller' });
  lots = await liveAuctionWithLots(e, staff, seller, [
    { title: 'Ardbeg 10 Year Old', distillery: { name: 'Ardbeg', region: 'Islay' } },
    { title: 'Talisker 18 Year Old', distillery: { name: 'Talisker', region: 'Islands' } },
    { title: 'Balvenie 21 Year Old', distillery: { name: 'Balvenie', region: 'Speyside' } },
  ]);
}));

test.after(async () => {
  await e?.close();
});

interface Tab { context: BrowserContext; page: Page; problems: PageProblems }

async function open(who: TestUser, path: string, viewport = DESKTOP, opts: { blockPopups?: boolean } = {}): Promise<Tab> {
  const context = await newContext(e, viewport, who);
  // A browser that blocks popups: window.open answers null.
  if (opts.blockPopups) await context.addInitScript(() => { window.open = () => null; });
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(`${e.t.baseUrl}${path}`);
  return { context, page, problems };
}

async function feeStatus(who: TestUser): Promise<{ registration_fee_status: boolean; method: string | null }> {
  const res = await e.t.app.inject({ method: 'GET', url: '/api/registration_fee/', headers: bearer(who) });
  assert.is(res.statusCode, 200);
  return res.json();
}

async function savedCards(who: TestUser): Promise<{ last4: string; default: boolean }[]> {
  const res = await e.t.app.inject({ method: 'GET', url: '/api/user_payment_cards/', headers: bearer(who) });
  assert.is(res.statusCode, 200);
  return (res.json() as { results: { last4: string; default: boolean }[] }).results;
}

/** Bids on the lot page; an unpaid bidder gets the MemberFee modal. */
async function bidFor(page: Page, lot: LiveLot, pounds: number): Promise<Locator> {
  await page.getByRole('heading', { level: 1, name: lot.title }).waitFor();
  await page.getByLabel('Your Max Bid').fill(String(pounds));
  await page.getByRole('button', { name: 'Place bid' }).click();
  const fee = page.getByRole('dialog', { name: 'Registration fee' });
  await fee.waitFor();
  return fee;
}

async function fillCard(form: Locator, number: string, name = 'Isla MacDonald'): Promise<void> {
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry date').fill('1230');
  await form.getByLabel('CVC').fill('123');
  await form.getByLabel('Name on card').fill(name);
}

/**
 * Clicks the button that starts a card check and answers the challenge page, in the popup or (popups blocked) in
 * this window. Answers whether it ran in a popup.
 */
async function passChallenge(page: Page, submit: Locator, action: 'Complete' | 'Fail'): Promise<'popup' | 'same-window'> {
  // Whichever comes first: a popup opening, or this window going to the challenge (popups blocked). A fixed wait for
  // the popup would fail a slow machine's late popup, and cost every same-window check the whole wait.
  const challenge = /\/payments\/sandbox\/3ds\//;
  const popup = page.context().waitForEvent('page').catch(() => null);
  const sameWindow = page.waitForURL(challenge).then(() => null, () => null);
  await submit.click();
  const opened = await Promise.race([popup, sameWindow]);
  const where = opened ?? page;
  await where.waitForURL(challenge);
  await where.getByRole('heading', { name: /Sandbox bank: confirm this/ }).waitFor();
  if (opened) {
    const closed = opened.waitForEvent('close');
    await opened.getByRole('button', { name: action }).click();
    await closed; // the return page hands the result to this window and closes itself
    return 'popup';
  }
  await page.getByRole('button', { name: action }).click();
  return 'same-window';
}

test('(1) an unpaid bidder pays the fee with a 3-D Secure card in the popup, then confirms the waiting bid', async () => {
  const isla = await user(e, { firstName: 'Isla', lastName: 'MacDonald' });
  const [lot] = lots;
  const { context, page, problems } = await open(isla, `/product/${lot.id}`);
  const lookups: string[] = [];
  page.on('request', (r) => {
    const m = /\/api\/get_credit_card_format\/([^/]*)\//.exec(r.url());
    if (m) lookups.push(m[1]);
  });
  const fee = await bidFor(page, lot, 20);
  assert.match(await fee.innerText(), /one-off registration fee of £5/);

  const number = fee.getByLabel('Card number');
  await number.pressSequentially('4000000000003220');
  assert.is(await number.inputValue(), '4000 0000 0000 3220', 'grouped as typed');
  await fee.locator('.card-input__brand').getByText('Visa').waitFor();
  assert.is(await number.getAttribute('autocomplete'), 'cc-number');
  assert.is(await number.getAttribute('inputmode'), 'numeric');
  assert.equal(lookups, ['400000'], 'the format rules are asked for once, when exactly 6 digits are typed');
  await fee.getByLabel('Expiry date').pressSequentially('1230');
  assert.is(await fee.getByLabel('Expiry date').inputValue(), '12/30');
  await fee.getByLabel('CVC').fill('123');
  await fee.getByLabel('Name on card').fill('Isla MacDonald');

  const where = await passChallenge(page, fee.getByRole('button', { name: 'Pay £5' }), 'Complete');
  assert.is(where, 'popup', 'the check runs in a popup window');
  const done = page.getByRole('dialog', { name: 'Registration complete' });
  await done.getByText('Thank you, your registration fee has been paid. You can now bid.').waitFor();
  await done.getByRole('button', { name: 'Continue' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm your bid' });
  await confirm.getByText(lot.title).waitFor();
  await confirm.getByRole('button', { name: 'Confirm bid of £20' }).click();
  const summary = page.getByRole('dialog', { name: 'Your bid is in' });
  await summary.getByText('Your bid has been placed. You are the highest bidder.').waitFor();
  await summary.getByRole('button', { name: 'Done' }).click();
  await summary.waitFor({ state: 'detached' });

  const [placed] = await placedBids(e, lot.id);
  assert.is(placed?.max_bid, 2000, 'the £20 maximum is on the server');
  assert.is(placed?.bidder_id, isla.id);
  const status = await feeStatus(isla);
  assert.equal([status.registration_fee_status, status.method], [true, 'card']);
  assert.not.match(page.url(), /registration_fee|lot=|bid=/, 'the return query never reaches the address bar');
  assertNoProblems(problems);
  await context.close();
});

test('(2) popups blocked: the check runs in this window; Fail brings back the MemberFee modal with the error', async () => {
  const ross = await user(e, { firstName: 'Ross', lastName: 'Grant' });
  const lot = lots[1];
  const { context, page, problems } = await open(ross, `/product/${lot.id}`, DESKTOP, { blockPopups: true });
  const fee = await bidFor(page, lot, 30);
  await fillCard(fee, '4000 0000 0000 3220', 'Ross Grant');
  assert.is(await passChallenge(page, fee.getByRole('button', { name: 'Pay £5' }), 'Fail'), 'same-window');

  const again = page.getByRole('dialog', { name: 'Registration fee' });
  await again.getByRole('alert').getByText('Error! Error has occurred while processing Payment Card.').waitFor();
  assert.match(new URL(page.url()).pathname, new RegExp(`/product/${lot.id}$`), 'back on the lot');
  assert.not.match(page.url(), /registration_fee/, 'the query is cleared');
  assert.is((await feeStatus(ross)).registration_fee_status, false);
  assert.equal(await placedBids(e, lot.id), []);
  assertNoProblems(problems);
  await context.close();
});

test('(3) on a phone: the form\'s own checks, then a declined card; the fee stays unpaid', async () => {
  const jean = await user(e, { firstName: 'Jean', lastName: 'Reid' });
  const lot = lots[1];
  const { context, page, problems } = await open(jean, `/product/${lot.id}`, PHONE);
  const fee = await bidFor(page, lot, 25);
  await fee.getByLabel('Card number').waitFor();
  await assertNoSidewaysScroll(page);

  await fee.getByRole('button', { name: 'Pay £5' }).click();
  await fee.getByText('CVC must be 3 digits').waitFor();
  assert.is(await fee.getByText('This field is required').count(), 3, 'number, expiry and name are required');
  assert.is(await fee.getByLabel('Card number').evaluate((el) => el === document.activeElement), true, 'the first wrong field has the focus');

  await fee.getByLabel('Card number').fill('3782 822463 10005');
  await fee.locator('.card-input__brand').getByText('Amex', { exact: true }).waitFor();
  assert.is(await fee.getByLabel('Card number').inputValue(), '3782 822463 10005', 'amex is grouped 4-6-5');
  await fee.getByLabel('Expiry date').fill('13/30');
  await fee.getByLabel('CVC').fill('123');
  await fee.getByLabel('Name on card').fill('Jean Reid');
  await fee.getByRole('button', { name: 'Pay £5' }).click();
  await fee.getByText('Invalid month').waitFor();
  await fee.getByText('CVC must be exactly 4 digits').waitFor();

  await fillCard(fee, '4000 0000 0000 0002', 'Jean Reid');
  const popups: Page[] = [];
  context.on('page', (p) => popups.push(p));
  await fee.getByRole('button', { name: 'Pay £5' }).click();
  await fee.getByRole('alert').getByText('Your card was declined.').waitFor();
  assert.ok(popups.every((p) => p.isClosed()), 'the waiting popup is closed again');
  assert.is((await feeStatus(jean)).registration_fee_status, false, 'still unpaid');
  assert.equal(await placedBids(e, lot.id), []);
  assertNoProblems(problems);
  await context.close();
});

test('(4) saved cards: add one, add one through the challenge, make it the default, delete one; then pay the fee with it', async () => {
  const moira = await user(e, { firstName: 'Moira', lastName: 'Fraser' });
  const { context, page, problems } = await open(moira, '/account/settings?section=cards');
  const section = page.getByRole('region', { name: 'Payment cards' });
  await section.getByText('No saved cards yet').waitFor();

  await section.getByRole('button', { name: 'Add a card' }).click();
  const add = section.getByRole('form', { name: 'Add a card' });
  await fillCard(add, '4242 4242 4242 4242', 'Moira Fraser');
  await add.getByRole('button', { name: 'Save card' }).click();
  const success = page.getByRole('dialog', { name: 'Success!' });
  await success.getByText('Payment card is added successfully').waitFor();
  await success.getByRole('button', { name: 'Continue' }).click();
  const list = section.getByRole('list', { name: 'Saved cards' });
  const visa4242 = list.getByRole('listitem', { name: 'Visa ending 4242' });
  await visa4242.getByText('Default', { exact: true }).waitFor();
  await visa4242.getByText(/Expires 12\/30/).waitFor();

  // The same card again is refused by the server.
  await section.getByRole('button', { name: 'Add a card' }).click();
  await fillCard(add, '4242 4242 4242 4242', 'Moira Fraser');
  await add.getByRole('button', { name: 'Save card' }).click();
  await add.getByRole('alert').getByText('This card is already saved.').waitFor();

  // Closing the bank's window before it finishes gives the form back.
  await fillCard(add, '4000 0000 0000 3220', 'Moira Fraser');
  const popup = page.context().waitForEvent('page');
  await add.getByRole('button', { name: 'Save card' }).click();
  const bank = await popup;
  await bank.waitForURL(/\/payments\/sandbox\/3ds\//);
  await add.getByText('Your bank wants to confirm this card.').waitFor();
  await bank.close();
  await add.getByRole('alert').getByText('The card check window was closed before it finished. Please try again.').waitFor();
  assert.is(await add.getByLabel('Card number').inputValue(), '4000 0000 0000 3220', 'what was typed is kept');

  assert.is(await passChallenge(page, add.getByRole('button', { name: 'Save card' }), 'Complete'), 'popup');
  await success.getByText('Payment card is added successfully').waitFor();
  await success.getByRole('button', { name: 'Continue' }).click();
  const visa3220 = list.getByRole('listitem', { name: 'Visa ending 3220' });
  await visa3220.waitFor();
  assert.is(await visa3220.getByText('Default', { exact: true }).count(), 0, 'the first card stays the default');
  await section.getByRole('form', { name: 'Add a card' }).waitFor({ state: 'detached' });

  await visa3220.getByRole('button', { name: 'Make default Visa ending 3220' }).click();
  await visa3220.getByText('Default', { exact: true }).waitFor();
  await visa4242.getByText('Default', { exact: true }).waitFor({ state: 'detached' });

  await visa4242.getByRole('button', { name: 'Delete Visa ending 4242' }).click();
  const sure = visa4242.getByRole('group', { name: 'Delete Visa ending 4242?' });
  await sure.getByRole('button', { name: 'Keep card' }).click();
  await sure.waitFor({ state: 'detached' });
  await visa4242.getByRole('button', { name: 'Delete Visa ending 4242' }).click();
  await sure.getByRole('button', { name: 'Delete card' }).click();
  await visa4242.waitFor({ state: 'detached' });
  assert.equal((await savedCards(moira)).map((c) => [c.last4, c.default]), [['3220', true]]);

  // The MemberFee modal offers the saved card; a card checked when it was saved is not challenged again.
  const lot = lots[2];
  await page.goto(`${e.t.baseUrl}/product/${lot.id}`);
  const fee = await bidFor(page, lot, 40);
  const choice = fee.getByRole('group', { name: 'Pay with' });
  assert.ok(await choice.getByRole('radio', { name: /Visa •••• 3220/ }).isChecked(), 'the default card is chosen');
  assert.is(await fee.getByLabel('Card number').count(), 0, 'no card fields for a saved card');
  await fee.getByRole('button', { name: 'Pay £5' }).click();
  await page.getByRole('dialog', { name: 'Registration complete' }).getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('dialog', { name: 'Confirm your bid' }).getByRole('button', { name: 'Confirm bid of £40' }).click();
  await page.getByRole('dialog', { name: 'Your bid is in' }).getByRole('button', { name: 'Done' }).click();
  assert.is((await placedBids(e, lot.id))[0]?.max_bid, 4000);
  assert.equal((await feeStatus(moira)).registration_fee_status, true);
  assertNoProblems(problems);
  await context.close();
});

test('(5) the provider charged and its answer was lost: the modal says to try again, and paying again is the one charge', async () => {
  const kay = await user(e, { firstName: 'Kay', lastName: 'Fraser' });
  const lot = lots[2];
  const { context, page, problems } = await open(kay, `/product/${lot.id}`);
  const fee = await bidFor(page, lot, 30);
  await fillCard(fee, '4242 4242 4242 4242', 'Kay Fraser');
  const intents = await sandboxIntents(e.t);
  const provider = paymentProvider(e.t.ctx);
  const real = Object.getPrototypeOf(provider).createPayment as typeof provider.createPayment;
  provider.createPayment = async (request) => {
    await real.call(provider, request);
    throw new Error('socket hang up');
  };
  try {
    await fee.getByRole('button', { name: 'Pay £5' }).click();
    await fee.getByRole('alert').getByText(PAYMENT_INTERRUPTED).waitFor();
  } finally {
    Reflect.deleteProperty(provider, 'createPayment');
  }
  assert.equal(problems.list.map((p) => p.replace(/\?.*$/, '').replace(e.t.baseUrl, '')), ['503 POST /api/registration_fee/']);
  problems.list.length = 0;
  assert.is(await sandboxIntents(e.t), intents + 1, 'charged at the provider, not recorded here');

  // The same attempt again (the form kept its key): the provider answers the payment it made.
  await fee.getByRole('button', { name: 'Pay £5' }).click();
  await page.getByRole('dialog', { name: 'Registration complete' }).getByText('Thank you, your registration fee has been paid. You can now bid.').waitFor();
  assert.is(await sandboxIntents(e.t), intents + 1, 'one charge');
  assert.is(await countEvents(e.t, 'PaymentCreated', kay.id), 1);
  assert.is((await feeStatus(kay)).registration_fee_status, true);
  assertNoProblems(problems);
  await context.close();
});

test.run();
