/**
 * The wallet in a real browser: a withdrawal confirmed with the emailed code (the hold shows at once), five wrong
 * codes cancelling one (the server's messages shown, the money back), payout methods behind the access code (a UK
 * account added through the form), and staff paying out a confirmed withdrawal (the user's transactions show it
 * completed, the receipt downloads), crediting a wallet with a reason, and recording a fee paid in store.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Locator, Page } from 'playwright-core';
import { bearer, type TestUser } from '../../services/testing/users';
import { assertNoSidewaysScroll, assertNoProblems, DESKTOP, logged, newContext, PHONE, startE2E, user, watchProblems, type E2E, type PageProblems } from './helpers';

let e: E2E;
let staff: TestUser;
let alice: TestUser;
let carol: TestUser;
let dan: TestUser;

interface Mail { to: string; subject: string; text: string }

/** The 6-digit code of the newest email to `to` with this subject (codes sit on a line of their own). */
async function emailedCode(to: string, subject: string): Promise<string> {
  const res = await e.t.app.inject({ method: 'GET', url: `/api/dev/mailbox/?to=${encodeURIComponent(to)}` });
  const mail = (res.json() as Mail[]).find((m) => m.subject === subject);
  const code = mail && /^(\d{6})$/m.exec(mail.text)?.[1];
  if (!code) throw new Error(`no "${subject}" email with a code to ${to}`);
  return code;
}

/** A code that is certainly not `code`. */
const wrongCodeFor = (code: string) => code.slice(0, 5) + ((Number(code[5]) + 1) % 10);

async function api(method: 'GET' | 'POST', url: string, who: TestUser, payload?: object) {
  const res = await e.t.app.inject({ method, url, headers: bearer(who), ...(payload ? { payload } : {}) });
  assert.ok(res.statusCode < 300, `${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A UK payout method through the API, after the access code emailed to the user. */
async function addUkAccount(who: TestUser, accountNumber: string): Promise<void> {
  await api('POST', '/api/send_code/', who);
  await api('POST', '/api/verify_code/', who, { code: await emailedCode(who.email, 'Your access code') });
  await api('POST', '/api/payment_methods/', who, {
    type: 'UK_BANK', account_owner_uk: 'Alice Grant', sort_code_uk: '20-00-00', account_number_uk: accountNumber,
  });
}

test.before(logged(async () => {
  e = await startE2E();
  staff = await user(e, { staff: true, feePaid: true, firstName: 'Sam', lastName: 'Staff' });
  alice = await user(e, { firstName: 'Alice', lastName: 'Grant', feePaid: true });
  carol = await user(e, { firstName: 'Carol', lastName: 'Reid' });
  dan = await user(e, { firstName: 'Dan', lastName: 'Moray' });
  // Money in through the staff adjustment API, as the house would credit it.
  await api('POST', `/api/staff/wallets/${alice.id}/adjustments/`, staff, { direction: 'credit', amount: '100.00', reason: 'Opening balance for the test' });
  await addUkAccount(alice, '55779911');
}));

test.after(async () => {
  await e?.close();
});

interface Visit { page: Page; problems: PageProblems }

async function openAs(who: TestUser, urlPath: string, viewport = DESKTOP): Promise<Visit> {
  const context = await newContext(e, viewport, who);
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(`${e.t.baseUrl}${urlPath}`);
  return { page, problems };
}

const stat = (page: Page, name: string): Locator => page.getByRole('group', { name }).locator('.wallet-stat__value');

/** Waits until the balance cards show these amounts. */
async function balancesShow(page: Page, available: string, inclPending: string): Promise<void> {
  await stat(page, 'Available balance').filter({ hasText: new RegExp(`^${available}$`) }).waitFor();
  await stat(page, 'Balance incl. pending').filter({ hasText: new RegExp(`^${inclPending}$`) }).waitFor();
}

const withdrawForm = (page: Page) => page.getByRole('form', { name: 'Withdraw money' });
const codeForm = (page: Page) => page.getByRole('form', { name: 'Confirm your withdrawal' });

/** Asks for a withdrawal through the form and waits for the code step; answers the Idempotency-Key it was sent with. */
async function requestWithdrawal(page: Page, pounds: string): Promise<string> {
  const sent = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/withdraw/');
  await withdrawForm(page).getByLabel('Amount (£)').fill(pounds);
  assert.is(await withdrawForm(page).getByLabel('Pay to').inputValue() !== '', true, 'the default payout method is chosen');
  await withdrawForm(page).getByRole('button', { name: 'Withdraw' }).click();
  await codeForm(page).waitFor();
  return (await sent).headers()['idempotency-key'] ?? '';
}

let aliceWallet: Visit;

test('(1) a withdrawal asked for in the wallet is confirmed with the emailed code; the balance shows the hold', async () => {
  aliceWallet = await openAs(alice, '/account/wallet', PHONE);
  const { page } = aliceWallet;
  await page.getByRole('heading', { level: 1, name: 'Wallet' }).waitFor();
  await balancesShow(page, '£100', '£100');
  await page.getByRole('tabpanel').getByText('Credit from the house').waitFor();

  // The form's own checks, with the spec's messages, before anything is sent.
  await withdrawForm(page).getByLabel('Amount (£)').fill('150');
  await withdrawForm(page).getByRole('button', { name: 'Withdraw' }).click();
  await withdrawForm(page).getByText('Amount cannot exceed the balance').waitFor();

  const key = await requestWithdrawal(page, '40');
  assert.match(key, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/, 'a fresh UUID as Idempotency-Key');
  await codeForm(page).getByText(alice.email).waitFor();
  // The hold is placed with the request: available down, the posted balance (incl. pending) unchanged.
  await balancesShow(page, '£60', '£100');

  await codeForm(page).getByLabel('Verification code').fill(await emailedCode(alice.email, 'Your withdrawal code'));
  await codeForm(page).getByRole('button', { name: 'Confirm withdrawal' }).click();
  await page.getByRole('status').filter({ hasText: 'Your withdrawal is confirmed.' }).waitFor();
  await balancesShow(page, '£60', '£100');
  await page.getByRole('tab', { name: 'Pending' }).click();
  const row = page.getByRole('tabpanel').getByRole('row').filter({ hasText: '-£40' });
  await row.getByText('Pending', { exact: true }).waitFor();

  const tabs = page.getByRole('tablist');
  const [tabsNeed, tabsHave] = await tabs.evaluate((el) => [el.scrollWidth, el.clientWidth]);
  assert.ok(tabsNeed <= tabsHave, `the five transaction tabs are all in sight on a phone (${tabsNeed}px in ${tabsHave}px)`);
  // A phone shows the whole page without sideways scrolling.
  await assertNoSidewaysScroll(page);
  // A tall phone window rather than a full-page capture, which would paint the sticky header mid-page.
  await page.setViewportSize({ width: PHONE.width, height: 2000 });
  await page.screenshot({ path: path.join(os.tmpdir(), 'wallet-phone.png') });
  await page.setViewportSize(PHONE);
  assertNoProblems(aliceWallet.problems);

  const list = await api('GET', '/api/withdraw/', alice);
  assert.equal(list.results.map((w: { amount: string; status: string }) => [w.amount, w.status]), [['40.00', 'confirmed']]);
});

test('(2) five wrong codes cancel the withdrawal: each server message is shown, the last says cancelled, the money is back', async () => {
  // A minute later on the server's clock, so that "newest first" has something to order by.
  e.t.clock.advance(60_000);
  const { page, problems } = await openAs(alice, '/account/wallet');
  await balancesShow(page, '£60', '£100');
  await requestWithdrawal(page, '25');
  await balancesShow(page, '£35', '£100');
  const form = codeForm(page);
  const first = await emailedCode(alice.email, 'Your withdrawal code');
  // "Send a new code": at most one per 30 seconds (the server's words are shown), then a new code replaces the old.
  await form.getByRole('button', { name: 'Send a new code' }).click();
  await form.getByRole('alert').filter({ hasText: 'Please wait 30 seconds before asking for a new code.' }).waitFor();
  e.t.clock.advance(31_000);
  await form.getByRole('button', { name: 'Send a new code' }).click();
  await form.getByRole('status').filter({ hasText: 'We have emailed you a new code.' }).waitFor();
  const second = await emailedCode(alice.email, 'Your withdrawal code');
  assert.is.not(second, first, 'a new code was emailed');
  const wrong = wrongCodeFor(second);
  for (const left of [4, 3, 2, 1]) {
    await form.getByLabel('Verification code').fill(wrong);
    await form.getByRole('button', { name: 'Confirm withdrawal' }).click();
    await form.getByRole('alert').filter({ hasText: `Wrong code. ${left} ${left === 1 ? 'try' : 'tries'} left.` }).waitFor();
  }
  await form.getByLabel('Verification code').fill(wrong);
  await form.getByRole('button', { name: 'Confirm withdrawal' }).click();
  await page.getByRole('alert').filter({ hasText: 'Too many wrong codes: the withdrawal has been cancelled and the amount returned to your balance.' }).waitFor();
  await balancesShow(page, '£60', '£100');
  await page.getByRole('button', { name: 'Start a new withdrawal' }).click();
  await withdrawForm(page).waitFor();
  assertNoProblems(problems);
  await page.context().close();

  const list = await api('GET', '/api/withdraw/', alice);
  assert.equal(list.results.map((w: { amount: string; status: string }) => [w.amount, w.status]), [['25.00', 'cancelled'], ['40.00', 'confirmed']]);
});

test('(3) payout methods open after the emailed access code; a UK account is added through the form', async () => {
  const { page, problems } = await openAs(carol, '/account/settings?section=seller-payment');
  const section = page.getByRole('region', { name: 'Payout methods' });
  await section.getByRole('button', { name: 'Send me a code' }).click();
  await section.getByRole('status').filter({ hasText: 'We have emailed you a code.' }).waitFor();
  const code = await emailedCode(carol.email, 'Your access code');

  await section.getByLabel('Access code', { exact: true }).fill(wrongCodeFor(code));
  await section.getByRole('button', { name: 'Confirm code' }).click();
  await section.getByRole('alert').filter({ hasText: 'Wrong code. 4 tries left.' }).waitFor();
  await section.getByLabel('Access code', { exact: true }).fill(code);
  await section.getByRole('button', { name: 'Confirm code' }).click();
  await section.getByText('No payout methods yet').waitFor();

  await section.getByRole('button', { name: 'Add a payout method' }).click();
  const form = section.getByRole('form', { name: 'Add a payout method' });
  assert.ok(await form.getByLabel('UK bank account').isChecked(), 'UK is the first choice');
  await form.getByLabel('Sort code').fill('1234');
  await form.getByLabel('Account number').fill('123');
  await form.getByRole('button', { name: 'Add payout method' }).click();
  await form.getByText('This field is required').waitFor();
  await form.getByText('Enter the sort code as nn-nn-nn').waitFor();
  await form.getByText('Account number must be 8 digits').waitFor();

  await form.getByLabel('Account holder name').fill('Carol Reid');
  await form.getByLabel('Sort code').fill('');
  await form.getByLabel('Sort code').pressSequentially('401276');
  assert.is(await form.getByLabel('Sort code').inputValue(), '40-12-76', 'the sort code is masked as typed');
  await form.getByLabel('Account number').fill('31926819');
  await form.getByRole('button', { name: 'Add payout method' }).click();
  const card = section.getByRole('listitem').filter({ hasText: 'UK bank account' });
  await card.getByText('40-12-76').waitFor();
  await card.getByText('31926819').waitFor();
  await card.getByText('Default', { exact: true }).waitFor();
  assertNoProblems(problems);
  await page.context().close();

  const masked = await api('GET', '/api/payment_methods/', carol);
  assert.equal(masked.results.map((m: { type: string; label: string; is_default: boolean }) => [m.type, m.label, m.is_default]), [['UK_BANK', 'UK account ••••6819', true]]);
});

test('(4) staff pay out the confirmed withdrawal; the user\'s transactions show it completed and its receipt downloads', async () => {
  // A second confirmed withdrawal, which another staff member rejects while this list is open.
  const methods = await api('GET', '/api/payment_methods/', alice);
  const small = await api('POST', '/api/withdraw/', alice, { amount: '5.00', payment_method: methods.results[0].id });
  await api('POST', `/api/withdraw/${small.id}/verify/`, alice, { code: await emailedCode(alice.email, 'Your withdrawal code') });

  const { page, problems } = await openAs(staff, '/');
  await page.getByRole('banner').getByRole('button', { name: 'Sam' }).click();
  await page.getByRole('banner').getByRole('link', { name: 'Staff: withdrawals' }).click();
  await page.getByRole('heading', { level: 1, name: 'Withdrawals' }).waitFor();
  await page.getByText('2 withdrawals', { exact: true }).waitFor();

  await api('POST', `/api/staff/withdrawals/${small.id}/reject/`, staff, { reason: 'Asked by phone to cancel' });
  const late = page.getByRole('row', { name: /Alice Grant/ }).filter({ hasText: '£5' });
  await late.getByRole('button', { name: 'Pay out £5 to Alice Grant' }).click();
  await late.getByLabel('Bank transfer reference').fill('HR-PAYOUT-0000');
  await late.getByRole('button', { name: 'Confirm £5 paid' }).click();
  const dialog = page.getByRole('dialog', { name: 'Error occurred' });
  await dialog.getByText('This withdrawal has been rejected.').waitFor();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await dialog.waitFor({ state: 'detached' });

  const row = page.getByRole('row', { name: /Alice Grant/ }).filter({ hasText: '£40' });
  await row.getByText('£40', { exact: true }).waitFor();
  await row.getByText('Account 55779911').waitFor();
  await row.getByRole('button', { name: 'Pay out £40 to Alice Grant' }).click();
  await row.getByRole('button', { name: 'Confirm £40 paid' }).click();
  await row.getByText('This field is required').waitFor();
  await row.getByLabel('Bank transfer reference').fill('HR-PAYOUT-0001');
  await row.getByRole('button', { name: 'Confirm £40 paid' }).click();
  await row.getByText('Paid out', { exact: true }).waitFor();
  await page.getByRole('status').filter({ hasText: 'Withdrawal paid out' }).waitFor();
  assertNoProblems(problems);

  // Alice's wallet, still open on her phone: a reload shows the payout taken from the posted balance.
  const wallet = aliceWallet.page;
  await wallet.reload();
  await balancesShow(wallet, '£60', '£60');
  await wallet.getByRole('tab', { name: 'Withdrawals' }).click();
  const paid = wallet.getByRole('tabpanel').getByRole('row').filter({ hasText: '-£40' });
  await paid.getByText('Completed', { exact: true }).waitFor();
  await wallet.getByRole('tabpanel').getByRole('row').filter({ hasText: '-£5' }).getByText('Released', { exact: true }).waitFor();

  const download = wallet.waitForEvent('download');
  await paid.getByRole('button', { name: /^Receipt for / }).click();
  const file = await download;
  assert.match(file.suggestedFilename(), /^receipt-.+\.pdf$/);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-e2e-'));
  try {
    const saved = path.join(dir, 'receipt.pdf');
    await file.saveAs(saved);
    const text = execFileSync('pdftotext', ['-layout', saved, '-'], { encoding: 'utf8' });
    assert.match(text, /40\.00/, 'the receipt names the amount');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  assertNoProblems(aliceWallet.problems);
});

test('(5) staff credit a wallet with a reason and set an overdraft on the wallets screen', async () => {
  const { page, problems } = await openAs(staff, '/staff?section=wallets');
  await page.getByRole('heading', { level: 1, name: 'Wallets' }).waitFor();
  await page.getByLabel('Search wallets').fill(dan.email);
  await page.getByText('1 wallet', { exact: true }).waitFor();
  await page.getByRole('button', { name: `Open the wallet of ${dan.email}` }).click();
  await page.getByRole('heading', { name: 'Wallet of Dan Moray' }).waitFor();
  await balancesShow(page, '£0', '£0');

  const credit = page.getByRole('form', { name: 'Credit or debit' });
  await credit.getByLabel('Amount (£)').fill('12.50');
  await credit.getByRole('button', { name: 'Credit wallet' }).click();
  await credit.getByText('This field is required').waitFor();
  await credit.getByLabel('Reason').fill('Goodwill for a late delivery');
  await credit.getByRole('button', { name: 'Credit wallet' }).click();
  await balancesShow(page, '£12.50', '£12.50');
  await page.getByRole('row').filter({ hasText: 'Reason: Goodwill for a late delivery' }).getByText('+£12.50').waitFor();

  const overdraft = page.getByRole('form', { name: 'Overdraft' });
  await overdraft.getByLabel('Overdraft limit (£)').fill('50');
  await overdraft.getByLabel('Reason').fill('Trusted bidder');
  await overdraft.getByRole('button', { name: 'Set overdraft' }).click();
  await page.getByRole('group', { name: 'Overdraft remaining' }).locator('.wallet-stat__value').filter({ hasText: /^£50$/ }).waitFor();
  assertNoProblems(problems);

  const wallet = await api('GET', '/api/user_wallet/', dan);
  assert.equal([wallet.balance, wallet.overdraft_limit, wallet.overdraft_remaining], ['12.50', '50.00', '50.00']);
});

test('(6) staff record a registration fee paid in store, with its reference', async () => {
  const { page, problems } = await openAs(staff, '/staff');
  await page.getByLabel('Search users').fill(carol.email);
  const row = page.getByRole('row', { name: /Carol Reid/ });
  await row.getByRole('button', { name: `Mark registration fee paid for ${carol.email}` }).click();
  await row.getByLabel('In store').check();
  await row.getByLabel('Payment reference (optional)').fill('Till receipt 4471');
  await row.getByRole('button', { name: 'Confirm £5 received' }).click();
  await row.getByText(/^Paid \d\d\/\d\d\/\d{4}$/).waitFor();
  assertNoProblems(problems);

  const fee = await api('GET', '/api/registration_fee/', carol);
  assert.equal([fee.registration_fee_status, fee.method], [true, 'in_store']);
});

test.run();
