/**
 * Social sign-in in a real browser against a local stand-in for Google and Facebook
 * (services/accounts/social/testing/fake-providers.ts): the page loads the fake Identity Services script and the fake
 * Facebook SDK from the URLs the server names, their buttons hand over an ID token signed by the fake's key (checked
 * by the server against the fake's key set) and a user token (checked through the fake Graph API). Signed in as by a
 * password login (the reload keeps it through the HttpOnly refresh cookie), SignUpSocial for a new account, no buttons
 * and no provider in the CSP when none is configured; every context's close checks for CSP violations.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { startServedApp, type ServedApp } from '../../services/testing/browser';
import { getUserByEmail } from '../../services/accounts/queries';
import { startFakeProviders, type FakeProviders } from '../../services/accounts/social/testing/fake-providers';
import { assertNoProblems, logged, newContext, refreshCookie, startE2E, user, watchProblems, type E2E } from './helpers';

const CLIENT_ID = 'whisky-e2e.apps.googleusercontent.com';
const FB_APP = '4455667788';
const FB_SECRET = 'fb-e2e-secret';

let e: E2E;
let fake: FakeProviders;
let bare: ServedApp;

test.before(logged(async () => {
  fake = await startFakeProviders({ now: () => e.t.clock.now(), googleClientId: CLIENT_ID, facebook: { appId: FB_APP, appSecret: FB_SECRET } });
  e = await startE2E({
    config: fake.settings(),
  });
  bare = await startServedApp({
    workers: false,
    config: fake.settings(false),
  });
}));

test.after(async () => {
  await e?.close();
  await bare?.close();
  await fake?.close();
});

const header = (page: Page) => page.getByRole('banner');
const accountButton = (page: Page, name: string) => header(page).getByRole('button', { name });

async function completeProfile(page: Page): Promise<void> {
  const form = page.getByRole('dialog', { name: 'Complete your profile' });
  await form.waitFor();
  // The provider gave the names: only what is missing is asked for.
  assert.is(await form.getByLabel('First name').count(), 0);
  await form.getByLabel('Phone number').fill('07400 900124');
  await form.getByLabel('Date of birth').fill('01021985');
  await form.getByRole('button', { name: 'Save details' }).click();
  await form.waitFor({ state: 'detached' });
}

test('Continue with Google signs an existing user in; the reload keeps the session through the refresh cookie', async () => {
  await user(e, { email: 'fiona@whisky.test', firstName: 'Fiona', lastName: 'Stewart' });
  const context = await newContext(e);
  const page = await context.newPage();
  const problems = watchProblems(page);
  const home = await page.goto(`${e.t.baseUrl}/`);
  const csp = home?.headers()['content-security-policy'] ?? '';
  assert.ok(csp.includes(`script-src 'self' ${fake.base}/gsi/client ${fake.base};`), csp);
  assert.ok(csp.includes(`style-src 'self' ${fake.base}/gsi/style;`), csp);

  await header(page).getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  // A Google account without a verified email is refused, and the modal says why.
  fake.nextGoogle = { sub: 'g-unverified', email: 'fiona@whisky.test', email_verified: false };
  await dialog.getByRole('button', { name: 'Continue with Google' }).click();
  await dialog.getByText('Your Google account has no verified email address. Please verify it there, or register with your email.').waitFor();
  assert.is(await refreshCookie(context), undefined);

  fake.nextGoogle = { sub: 'g-fiona', email: 'fiona@whisky.test', given_name: 'Fiona', family_name: 'Stewart' };
  await dialog.getByRole('button', { name: 'Continue with Google' }).click();
  await page.getByText('Welcome back, Fiona').waitFor();
  await accountButton(page, 'Fiona').waitFor();
  assert.is(await dialog.count(), 0, 'the Sign in modal closed');
  assert.is(await page.getByRole('dialog', { name: 'Complete your profile' }).count(), 0, 'a complete profile is not asked for');
  assert.is(fake.seen.googleClientId, CLIENT_ID, 'GSI was initialised with the configured client id');
  assert.ok((await refreshCookie(context))?.httpOnly, 'the refresh token is in the HttpOnly cookie');

  await page.reload();
  await accountButton(page, 'Fiona').waitFor();
  assert.is(await header(page).getByRole('button', { name: 'Sign in' }).count(), 0);
  assertNoProblems(problems);
  await context.close();
});

test('a new Google user lands signed in with SignUpSocial, completes it, and stays signed in after a reload', async () => {
  const context = await newContext(e);
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(`${e.t.baseUrl}/`);
  await header(page).getByRole('button', { name: 'Sign up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create your account' });
  fake.nextGoogle = { sub: 'g-morag', email: 'morag.bell@gmail.test', given_name: 'Morag', family_name: 'Bell' };
  await dialog.getByRole('button', { name: 'Continue with Google' }).click();
  await completeProfile(page);
  await accountButton(page, 'Morag').waitFor();
  const row = await getUserByEmail(e.t.ctx.db, 'morag.bell@gmail.test');
  assert.equal([row?.is_verified, row?.is_completed, row?.phone_number], [true, true, '07400 900124']);

  await page.reload();
  await accountButton(page, 'Morag').waitFor();
  assert.is(await page.getByRole('dialog').count(), 0, 'a completed profile is not asked for again');
  assertNoProblems(problems);
  await context.close();
});

test('Continue with Facebook: a new user through FB.login, SignUpSocial, signed in across a reload', async () => {
  const context = await newContext(e);
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(`${e.t.baseUrl}/`);
  await header(page).getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  fake.nextFacebook = { id: 'fb-1001', email: 'ewan.ross@fb.test', first_name: 'Ewan', last_name: 'Ross' };
  // Enabled once the SDK is loaded and initialised (the click waits for that).
  await dialog.getByRole('button', { name: 'Continue with Facebook' }).click();
  await completeProfile(page);
  await accountButton(page, 'Ewan').waitFor();
  assert.equal([fake.seen.facebookAppId, fake.seen.facebookVersion], [FB_APP, 'v19.0'], 'FB.init got the app id and the Graph version');
  const row = await getUserByEmail(e.t.ctx.db, 'ewan.ross@fb.test');
  assert.equal([row?.first_name, row?.is_completed], ['Ewan', true]);

  await page.reload();
  await accountButton(page, 'Ewan').waitFor();
  assertNoProblems(problems);
  await context.close();
});

test('with no provider configured: no social buttons, no provider script, and the CSP names no provider', async () => {
  // A context of the same browser, on the app without providers.
  const context = await newContext(e);
  const page = await context.newPage();
  const problems = watchProblems(page);
  const fakeRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith(fake.base)) fakeRequests.push(r.url());
  });
  const home = await page.goto(`${bare.baseUrl}/`);
  const csp = home?.headers()['content-security-policy'] ?? '';
  assert.not.ok(csp.includes('127.0.0.1:') || /google|facebook/.test(csp), csp);
  assert.match(csp, /script-src 'self';/);

  const providers = page.waitForResponse((r) => r.url().endsWith('/api/social_auth/providers/'));
  await header(page).getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  assert.equal(await (await providers).json(), { google: null, facebook: null });
  await dialog.getByLabel('Email').waitFor();
  // The answer has been handled once two frames have been painted after it.
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
  assert.is(await dialog.getByRole('button', { name: /Continue with/ }).count(), 0);
  assert.is(await dialog.getByText('or with your email').count(), 0);
  assert.equal(fakeRequests, [], 'no provider script was loaded');
  assert.equal(await page.evaluate(() => [typeof window.google, typeof window.FB]), ['undefined', 'undefined']);
  assertNoProblems(problems);
  await context.close();
});

test.run();
