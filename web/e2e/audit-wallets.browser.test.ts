/**
 * The wallet replay in a real browser: an auditor opens the audit home from the account menu, finds a wallet by
 * name, sees its entries with running balances and the read-model match banner, and the balance as of a time
 * between two movements. At 390 px the entries table scrolls inside its box, never the page. Others are turned away.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { bearer, type TestUser } from '../../services/testing/users';
import { assertNoSidewaysScroll, assertNoProblems, DESKTOP, logged, newContext, PHONE, startE2E, user, watchProblems, type E2E } from './helpers';

let e: E2E;
let auditor: TestUser;
let fiona: TestUser;
/** A time between the two credits, as the browser's datetime-local input takes it (local time, with seconds). */
let between = '';

const MINUTE = 60_000;

async function credit(staff: TestUser, amount: string, reason: string): Promise<void> {
  const res = await e.t.app.inject({
    method: 'POST', url: `/api/staff/wallets/${fiona.id}/adjustments/`, headers: bearer(staff), payload: { direction: 'credit', amount, reason },
  });
  assert.is(res.statusCode, 201, res.body);
}

async function open(who: TestUser, path: string, viewport = DESKTOP): Promise<Page> {
  const context = await newContext(e, viewport, who);
  const page = await context.newPage();
  await page.goto(`${e.t.baseUrl}${path}`);
  return page;
}

test.before(logged(async () => {
  e = await startE2E();
  const staff = await user(e, { staff: true, firstName: 'Sam', lastName: 'Staff' });
  auditor = await user(e, { auditor: true, firstName: 'Ada', lastName: 'Auditor' });
  fiona = await user(e, { firstName: 'Fiona', lastName: 'Ledgerwood' });
  await credit(staff, '80.00', 'Opening balance');
  e.t.clock.advance(MINUTE);
  const instant = e.t.clock.now();
  e.t.clock.advance(MINUTE);
  await credit(staff, '40.00', 'Goodwill');
  // The input reads local time: format the instant in the browser's zone.
  const page = await open(auditor, '/about');
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  // sv-SE writes "2026-11-21 12:01:00": the input's value with a T.
  between = new Intl.DateTimeFormat('sv-SE', { timeZone: zone, dateStyle: 'short', timeStyle: 'medium' }).format(instant).replace(' ', 'T');
  await page.context().close();
}));

test.after(async () => {
  await e?.close();
});

test('an auditor finds a wallet from the audit home and sees its replay, the match banner and a past balance', async () => {
  const page = await open(auditor, '/');
  const problems = watchProblems(page);
  await page.getByRole('button', { name: 'Ada' }).click();
  await page.getByRole('link', { name: 'Audit', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: 'Audit' }).waitFor();
  await page.getByRole('region', { name: 'Find a wallet' }).getByLabel('Email or name').fill('Ledgerwood');
  await page.getByRole('link', { name: 'Fiona Ledgerwood' }).click();
  await page.getByRole('heading', { level: 1, name: 'Wallet replay' }).waitFor();
  assert.is(new URL(page.url()).pathname, `/audit/wallets/${fiona.id}`);

  await page.getByRole('status').filter({ hasText: 'The read model matches the replay' }).waitFor();
  const rows = page.getByRole('region', { name: 'Wallet entries' }).locator('tbody tr');
  assert.is(await rows.count(), 2);
  assert.match(await rows.nth(0).innerText(), /Staff adjustment[\s\S]*\+£80(\.00)?[\s\S]*£80(\.00)?[\s\S]*Opening balance/);
  assert.match(await rows.nth(1).innerText(), /\+£40(\.00)?[\s\S]*£120(\.00)?[\s\S]*Goodwill/);
  const now = page.getByRole('group', { name: 'Balances now' }).or(page.getByLabel('Balances now', { exact: true }));
  assert.match(await now.first().innerText(), /Available\s*£120/);

  const asOf = page.getByRole('form', { name: 'Balance as of' });
  await asOf.getByLabel('Balance as of').fill(between);
  await asOf.getByRole('button', { name: 'Show' }).click();
  await asOf.getByText('(after entry #1)').waitFor();
  assert.match(await asOf.getByLabel('Balances as of then').innerText(), /Available\s*£80(\.00)?\s*Pending\s*£0(\.00)?\s*Posted\s*£80/);
  assertNoProblems(problems);
  await page.context().close();
});

test('at 390 px the entries table scrolls in its box and the page does not', async () => {
  const page = await open(auditor, `/audit/wallets/${fiona.id}`, PHONE);
  const box = page.getByRole('region', { name: 'Wallet entries' });
  await box.locator('tbody tr').nth(1).waitFor();
  const [need, have] = await box.evaluate((el) => [el.scrollWidth, el.clientWidth]);
  assert.ok(need > have, `the table is wider than its box (${need} > ${have}) and scrolls there`);
  await assertNoSidewaysScroll(page);
  await page.context().close();
});

test('a signed-in user who is not an auditor is turned away', async () => {
  const page = await open(fiona, `/audit/wallets/${fiona.id}`);
  await page.getByText('Auditors only').waitFor();
  assert.is(await page.getByRole('region', { name: 'Wallet entries' }).count(), 0);
  await page.context().close();
});

test.run();
