/**
 * SignUpSocial in a real browser: an account made without phone and birth date is asked to complete its profile
 * (only the missing fields), once per browser session and never on the checkout; a complete account never sees it.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import type { TestUser } from '../../services/testing/users';
import { createIncompleteUser } from '../../services/accounts/testing';
import { assertNoProblems, logged, newContext, startE2E, user, watchProblems, type E2E } from './helpers';

let e: E2E;
let complete: TestUser;
let dana: TestUser;
let ewan: TestUser;

test.before(logged(async () => {
  e = await startE2E();
  complete = await user(e, { firstName: 'Fiona', lastName: 'Stewart' });
  dana = await createIncompleteUser(e.t, 'dana@whisky.test', { first_name: 'Dana' });
  ewan = await createIncompleteUser(e.t, 'ewan@whisky.test');
}));

test.after(async () => {
  await e?.close();
});

const prompt = (page: Page) => page.getByRole('dialog', { name: 'Complete your profile' });

async function currentUser(u: TestUser): Promise<{ is_completed: boolean; birth_date: string | null; last_name: string; phone_number: string }> {
  const res = await e.t.app.inject({ method: 'GET', url: '/api/users/current/', headers: { authorization: `Bearer ${u.access}` } });
  return res.json();
}

/** Resolves once the page has the signed-in user (start it before the navigation that loads the user). */
const userLoaded = (page: Page) => page.waitForResponse((r) => r.url().endsWith('/api/users/current/') && r.ok());

/**
 * The page has the signed-in user, has fetched whatever that set off (a modal's code is loaded on demand) and has
 * drawn twice since: a prompt it was going to open is open by then. Waits for those states, not for a fixed time.
 */
async function settled(page: Page, loaded: Promise<unknown>): Promise<void> {
  await loaded;
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
}

test('an incomplete profile is asked for its missing fields, saved, and then complete', async () => {
  const context = await newContext(e, undefined, dana);
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(`${e.t.baseUrl}/`);
  const form = prompt(page);
  await form.waitFor();
  assert.is(await form.getByLabel('First name').count(), 0, 'the first name is already known');
  await form.getByLabel('Last name').fill('Lamont');
  await form.getByLabel('Phone number').fill('12');
  await form.getByLabel('Date of birth').fill('01012015');
  assert.is(await form.getByLabel('Date of birth').inputValue(), '01/01/2015', 'the birth date is masked as typed');
  await form.getByRole('button', { name: 'Save details' }).click();
  await form.getByText('Minimal age is 18!').waitFor();
  await form.getByText('Phone number is invalid!').waitFor();
  assert.is((await currentUser(dana)).is_completed, false, 'nothing is sent while the form is invalid');

  await form.getByLabel('Phone number').fill('07400 900777');
  await form.getByLabel('Date of birth').fill('14021990');
  await form.getByRole('button', { name: 'Save details' }).click();
  await form.waitFor({ state: 'detached' });
  const saved = await currentUser(dana);
  assert.equal([saved.is_completed, saved.birth_date, saved.last_name, saved.phone_number], [true, '1990-02-14', 'Lamont', '07400 900777']);

  const reloaded = userLoaded(page);
  await page.reload();
  await settled(page, reloaded);
  assert.is(await prompt(page).count(), 0, 'a complete profile is not asked again');
  assertNoProblems(problems);
  await context.close();
});

test('not on the checkout; elsewhere once per browser session, even when closed unsaved', async () => {
  const context = await newContext(e, undefined, ewan);
  const page = await context.newPage();
  const problems = watchProblems(page);
  const onCheckout = userLoaded(page);
  await page.goto(`${e.t.baseUrl}/checkout`);
  await settled(page, onCheckout);
  assert.is(await prompt(page).count(), 0, 'the checkout asks for its own details');

  await page.goto(`${e.t.baseUrl}/`);
  const form = prompt(page);
  await form.waitFor();
  for (const label of ['First name', 'Last name', 'Phone number', 'Date of birth']) assert.is(await form.getByLabel(label).count(), 1, label);
  await form.getByRole('button', { name: 'Close' }).click();
  await form.waitFor({ state: 'detached' });
  const reloaded = userLoaded(page);
  await page.reload();
  await settled(page, reloaded);
  assert.is(await prompt(page).count(), 0, 'shown once per session');
  assert.is((await currentUser(ewan)).is_completed, false);
  assertNoProblems(problems);
  await context.close();
});

test('a complete profile never sees the prompt', async () => {
  const context = await newContext(e, undefined, complete);
  const page = await context.newPage();
  const problems = watchProblems(page);
  const loaded = userLoaded(page);
  await page.goto(`${e.t.baseUrl}/`);
  await settled(page, loaded);
  assert.is(await prompt(page).count(), 0);
  assertNoProblems(problems);
  await context.close();
});

test.run();
