/**
 * Accounts in a real browser: sign up through the SignUp modal and the emailed link, the registration fee confirmed
 * by staff on the /staff screen, sign in with "Remember me" across a reload, and logout.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { BrowserContext, Page } from 'playwright-core';
import type { TestUser } from '../../services/testing/users';
import { getUserByEmail } from '../../services/accounts/queries';
import {
  assertNoProblems, logged, emailedLink, placedBids, liveAuctionWithLots, newContext, refreshCookie, signInContext, startE2E, user, watchProblems, type E2E,
  type LiveLot, type PageProblems,
} from './helpers';

const JWT = /eyJ[\w-]+\.[\w-]+\.[\w-]+/;

/** Everything a page script can read without asking the server: document.cookie and both storages. */
const scriptReadable = (page: Page) => page.evaluate(() => ({
  cookie: document.cookie,
  local: Object.keys(localStorage).map((k) => `${k}=${localStorage.getItem(k)}`).join('; '),
  session: Object.keys(sessionStorage).map((k) => `${k}=${sessionStorage.getItem(k)}`).join('; '),
}));

async function assertNoTokenReadable(page: Page, when: string): Promise<void> {
  const seen = await scriptReadable(page);
  for (const [where, text] of Object.entries(seen)) {
    assert.not.ok(JWT.test(text), `no token in ${where} ${when}: ${text}`);
    assert.not.match(text, /\b(access|refresh|refresh_token)=/, `no token name in ${where} ${when}`);
  }
}

let e: E2E;
let staff: TestUser;
let fiona: TestUser;
let lot: LiveLot;

const NEW_EMAIL = 'isla.macdonald@whisky.test';
const NEW_PASSWORD = 'Dram!Good2024';
const DAY_S = 86_400;

test.before(logged(async () => {
  e = await startE2E();
  staff = await user(e, { staff: true, feePaid: true, firstName: 'Sam', lastName: 'Staff' });
  const seller = await user(e, { firstName: 'Sandy', lastName: 'Seller' });
  fiona = await user(e, { email: 'fiona@whisky.test', firstName: 'Fiona', lastName: 'Stewart', feePaid: true });
  [lot] = await liveAuctionWithLots(e, staff, seller, [{ title: 'Glenfarclas 25 Year Old', distillery: { name: 'Glenfarclas', region: 'Speyside' } }]);
}));

test.after(async () => {
  await e?.close();
});

const header = (page: Page) => page.getByRole('banner');
const accountButton = (page: Page, name: string) => header(page).getByRole('button', { name });

let newcomer: { context: BrowserContext; page: Page; problems: PageProblems };

test('(a) sign up in the SignUp modal, open the emailed link, land signed in with the MemberFee modal', async () => {
  const context = await newContext(e, undefined, undefined, { consentGiven: false });
  const page = await context.newPage();
  const problems = watchProblems(page);
  newcomer = { context, page, problems };
  await page.goto(`${e.t.baseUrl}/`);
  const notice = page.getByRole('region', { name: 'Cookies' });
  assert.match(await notice.innerText(), /no analytics or advertising cookies/);
  await notice.getByRole('button', { name: 'OK' }).click();
  await page.getByRole('region', { name: 'Cookies' }).waitFor({ state: 'detached' });

  await header(page).getByRole('button', { name: 'Sign up' }).click();
  const form = page.getByRole('dialog', { name: 'Create your account' });
  await form.getByLabel('Title').selectOption('Ms');
  await form.getByLabel('First name').fill('Isla');
  await form.getByLabel('Last name').fill('MacDonald');
  await form.getByLabel('Email').fill(NEW_EMAIL);
  await form.getByLabel('Phone number').fill('07400 900123');
  await form.getByLabel('Date of birth').fill('14021990');
  assert.is(await form.getByLabel('Date of birth').inputValue(), '14/02/1990', 'the birth date is masked as typed');
  await form.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await form.getByLabel('Confirm password').fill(NEW_PASSWORD);
  await form.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ }).check();
  await form.getByRole('button', { name: 'Create account' }).click();

  const sent = page.getByRole('dialog', { name: 'Check your email' });
  await sent.getByText('Registration successful. Please check your email to verify your account.').waitFor();
  await sent.getByRole('button', { name: 'Continue' }).click();

  const link = await emailedLink(e, NEW_EMAIL, 'submit_token');
  await page.goto(`${e.t.baseUrl}${link}`);
  const fee = page.getByRole('dialog', { name: 'Registration fee' });
  await fee.getByText('Your email is verified and you are signed in. Welcome!').waitFor();
  await accountButton(page, 'Isla').waitFor();
  assert.not.match(page.url(), /submit_token/, 'the token leaves the address bar');
  const text = await fee.innerText();
  assert.match(text, /one-off registration fee of £5/);
  assert.match(text, /house takes the fee .* and confirms it on your account/);
  assert.not.match(text, /Not found/);
  await fee.getByRole('button', { name: 'Not now' }).click();
  await fee.waitFor({ state: 'detached' });
  assertNoProblems(problems);
});

test('(a) an unpaid bidder is sent to the MemberFee modal; staff confirm the fee on /staff; the bid then goes through', async () => {
  const { page, problems } = newcomer;
  await page.goto(`${e.t.baseUrl}/product/${lot.id}`);
  await page.getByRole('heading', { level: 1, name: lot.title }).waitFor();
  // Bidders have no staff screen in their menu.
  await accountButton(page, 'Isla').click();
  await header(page).getByRole('link', { name: "Buyer's area" }).waitFor();
  assert.is(await header(page).getByRole('link', { name: 'Staff: bidders' }).count(), 0);
  await accountButton(page, 'Isla').click();

  await page.getByLabel('Your Max Bid').fill('20');
  await page.getByRole('button', { name: 'Place bid' }).click();
  const fee = page.getByRole('dialog', { name: 'Registration fee' });
  await fee.waitFor();
  await fee.getByRole('button', { name: 'Check my fee status' }).click();
  await fee.getByText('We have not confirmed your registration fee yet.', { exact: false }).waitFor();

  const staffContext = await newContext(e, undefined, staff);
  const desk = await staffContext.newPage();
  const deskProblems = watchProblems(desk);
  await desk.goto(`${e.t.baseUrl}/`);
  await accountButton(desk, 'Sam').click();
  await header(desk).getByRole('link', { name: 'Staff: bidders' }).click();
  await desk.getByRole('heading', { level: 1, name: 'Bidders' }).waitFor();
  await desk.getByLabel('Search users').fill('isla.mac');
  const row = desk.getByRole('row', { name: /Isla MacDonald/ });
  await row.getByText('Not paid').waitFor();
  await desk.getByText('1 user', { exact: true }).waitFor();
  await row.getByRole('button', { name: `Mark registration fee paid for ${NEW_EMAIL}` }).click();
  await row.getByLabel('Payment reference (optional)').fill('bank transfer HR-1001');
  await row.getByRole('button', { name: 'Confirm £5 received' }).click();
  await row.getByText(/^Paid \d\d\/\d\d\/\d{4}$/).waitFor();
  await desk.getByRole('status').filter({ hasText: 'Registration fee recorded' }).waitFor();
  assertNoProblems(deskProblems);
  await staffContext.close();

  await fee.getByRole('button', { name: 'Check my fee status' }).click();
  await page.getByRole('dialog', { name: 'Registration complete' }).getByRole('button', { name: 'Continue' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm your bid' });
  await confirm.getByRole('button', { name: 'Confirm bid of £20' }).click();
  await confirm.waitFor({ state: 'detached' });
  // After a fee return the placed bid is summed up (spec 1 section 4: BidSummary), and the lot's panel says the same.
  const summary = page.getByRole('dialog', { name: 'Your bid is in' });
  await summary.getByRole('status').filter({ hasText: 'Your bid has been placed. You are the highest bidder.' }).waitFor();
  await summary.getByRole('button', { name: 'Done' }).click();
  await summary.waitFor({ state: 'detached' });
  await page.getByRole('region', { name: 'Bidding' }).getByText('Your bid has been placed. You are the highest bidder.').waitFor();
  const [placed] = await placedBids(e, lot.id);
  assert.equal([placed.max_bid, placed.current_price], [2000, 1000], 'a £20 maximum, the £10 opening bid standing, on the server');
  assert.is(placed.bidder_id, (await getUserByEmail(e.t.ctx.db, NEW_EMAIL))?.id, 'placed by the new bidder');
  assertNoProblems(problems);
  await newcomer.context.close();
});

let signedIn: { context: BrowserContext; page: Page; problems: PageProblems };

test('(b) sign in through the Login modal with "Remember me", reload and stay signed in', async () => {
  const context = await newContext(e);
  const page = await context.newPage();
  const problems = watchProblems(page);
  signedIn = { context, page, problems };
  await page.goto(`${e.t.baseUrl}/auction`);
  await header(page).getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('Email').fill(fiona.email);
  await dialog.getByLabel('Password').fill('Wrong!Pass123');
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await dialog.getByText('Unable to log in with provided credentials.').waitFor();

  await dialog.getByLabel('Password').fill(fiona.password);
  await dialog.getByLabel('Remember me').check();
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('status').filter({ hasText: 'Welcome back, Fiona' }).waitFor();
  await accountButton(page, 'Fiona').waitFor();

  const refresh = await refreshCookie(context);
  assert.ok(refresh, 'the refresh token is kept');
  assert.ok(refresh.expires > Date.now() / 1000 + 29 * DAY_S, 'remembered for 30 days, not only this browser session');
  assert.equal([refresh.httpOnly, refresh.sameSite, refresh.path], [true, 'Strict', '/api/auth/'], 'out of scripts\' reach, sent only to /api/auth/');
  await assertNoTokenReadable(page, 'after sign-in');

  // A reload starts with no token in memory: the page asks for one with the cookie and stays signed in.
  const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/auth/refresh_token') && r.status() === 200);
  await page.reload();
  await refreshed;
  await accountButton(page, 'Fiona').waitFor();
  assert.is(await header(page).getByRole('button', { name: 'Sign in' }).count(), 0);
  await assertNoTokenReadable(page, 'after a reload');
  assert.is.not((await refreshCookie(context))!.value, refresh.value, 'the reload rotated the refresh token');
  assertNoProblems(problems);
});

test('(g) logout ends the session: signed out on screen, after a reload, and on the server', async () => {
  const { context, page, problems } = signedIn;
  const refresh = (await refreshCookie(context))!.value;
  await accountButton(page, 'Fiona').click();
  await header(page).getByRole('button', { name: 'Log out' }).click();
  await header(page).getByRole('button', { name: 'Sign in' }).waitFor();
  assert.is(await refreshCookie(context), undefined, 'the refresh cookie is removed');
  await assertNoTokenReadable(page, 'after logout');

  await page.reload();
  await header(page).getByRole('button', { name: 'Sign in' }).waitFor();
  assert.is(await accountButton(page, 'Fiona').count(), 0);
  const res = await e.t.app.inject({ method: 'POST', url: '/api/auth/refresh_token', payload: { refresh } });
  assert.is(res.statusCode, 401, 'the old refresh token no longer works');
  assertNoProblems(problems);
  await context.close();
});

test('(h) a visitor who never signed in is anonymous at once, with no refresh before the page\'s calls; a session from before the hint cookie still comes back after the load', async () => {
  const context = await newContext(e);
  const page = await context.newPage();
  const problems = watchProblems(page);
  const calls: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/')) calls.push(path);
  });
  const probe = page.waitForResponse((r) => r.url().endsWith('/api/auth/refresh_token'));
  await page.goto(`${e.t.baseUrl}/auction`);
  await header(page).getByRole('button', { name: 'Sign in' }).waitFor();
  // The one refresh, for a session older than the hint, is asked a second after the load: the page's own calls went
  // out first, none waiting for it. (Which of them: on a loaded machine the lots may still wait on the auctions'
  // answer a second after the load, so any of the page's calls counts, not the lots' in particular.)
  assert.is((await probe).status(), 400, 'no cookie: nothing to refresh');
  const refreshAt = calls.indexOf('/api/auth/refresh_token');
  const pageCall = (c: string) => c.startsWith('/api/') && !c.startsWith('/api/auth/');
  assert.ok(refreshAt > 0 && calls.slice(0, refreshAt).some(pageCall), `the page's calls came first: ${calls.join(', ')}`);
  assert.is(calls.filter((c) => c === '/api/auth/refresh_token').length, 1, 'asked once');
  assertNoProblems(problems);
  await context.close();

  // A refresh cookie set before the server sent its hint: signed in after the load, and the hint is set from then on.
  const legacy = await newContext(e);
  await signInContext(e, legacy, fiona);
  await legacy.clearCookies({ name: 'signed_in' });
  const again = await legacy.newPage();
  await again.goto(`${e.t.baseUrl}/auction`);
  await accountButton(again, 'Fiona').waitFor();
  assert.ok((await legacy.cookies()).some((c) => c.name === 'signed_in' && c.value === '1'), 'the hint came with the rotated cookie');
  await legacy.close();
});

test.run();
