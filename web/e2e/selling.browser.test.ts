/**
 * Selling (issue #10) in a real browser: a signed-in seller files a courier-collection sell request on /selling. A
 * Saturday pick-up is refused with the exact message, a weekday goes through; the SellingSummary names the reference,
 * its PDF downloads with the reference and the collection date, and closing it leads to
 * /checkout-success?flow_type=sell-request, which shows the request.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TestUser } from '../../services/testing/users';
import { createAuction } from '../../services/catalogue/testing/fixtures';
import { assertNoProblems, DESKTOP, logged, newContext, startE2E, user, watchProblems, type E2E } from './helpers';

const DAY = 86_400_000;

let e: E2E;
let seller: TestUser;

/** The first day at least two days after `from` whose UTC weekday passes `ok`, as YYYY-MM-DD. */
function dayAfter(from: Date, ok: (weekday: number) => boolean): string {
  for (let d = new Date(from.getTime() + 2 * DAY); ; d = new Date(d.getTime() + DAY)) {
    if (ok(d.getUTCDay())) return d.toISOString().slice(0, 10);
  }
}

test.before(logged(async () => {
  e = await startE2E();
  // The browser checks the date on its own clock too: the house's clock is set to the real day.
  e.t.clock.set(new Date());
  const staff = await user(e, { staff: true, feePaid: true });
  seller = await user(e, { firstName: 'Sandy', lastName: 'Seller' });
  await createAuction(e.t, staff, { startOffsetMs: 14 * DAY });
}));

test.after(async () => {
  await e?.close();
});

test('a courier collection: a Saturday is refused, a weekday goes through; summary, PDF and the success page', async () => {
  const context = await newContext(e, DESKTOP, seller);
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(`${e.t.baseUrl}/selling`);
  await page.getByRole('heading', { level: 1, name: 'Sell With Us' }).waitFor();
  const form = page.getByRole('form', { name: 'Sell request' });

  const item = form.getByRole('group', { name: /^Item 1/ });
  await item.getByLabel('Title').fill('Glenfarclas 25 Year Old');
  await item.getByLabel('Distillery (optional)').fill('Glenfarclas');
  await item.getByLabel('Quantity').fill('2');
  await form.getByLabel('Sell in').selectOption({ index: 1 });

  await form.getByRole('radio', { name: /Courier collection/ }).check();
  await form.getByLabel('Number of boxes').fill('2');
  const saturday = dayAfter(e.t.clock.now(), (w) => w === 6);
  await form.getByLabel('Pick-up date').fill(saturday);

  await form.getByRole('radio', { name: 'A new bank account' }).check();
  await form.getByLabel('Account holder name').fill('Sandy Seller');
  await form.getByLabel('Sort code').fill('123456');
  await form.getByLabel('Account number').fill('12345678');
  await form.getByLabel('Street address').fill('1 High Street');
  await form.getByLabel('Town / City').fill('Edinburgh');
  await form.getByLabel('Postcode').fill('EH1 1AA');

  const send = form.getByRole('button', { name: 'Send sell request' });
  await send.click();
  await form.getByText('Please select any future day except weekend', { exact: true }).waitFor();
  assert.is(await form.getByLabel('Pick-up date').getAttribute('aria-invalid'), 'true');

  // The server refuses the same day with the same words.
  const refused = await e.t.app.inject({
    method: 'POST', url: '/api/sell_request/?type=new_items', headers: { authorization: `Bearer ${seller.access}` },
    payload: { items: [{ title: 'x' }], type: 'courier_collection', boxes: 1, pick_up_date: saturday, auction_id: '00000000-0000-4000-8000-000000000000',
      address: { country: 'united-kingdom', city: 'Leith', zip_code: 'EH6 6AA', street: '2 Shore' }, payment_data: { type: 'UK_BANK', account_owner_uk: 'S S', sort_code_uk: '12-34-56', account_number_uk: '12345678' } },
  });
  assert.is(refused.statusCode, 400);
  assert.equal(refused.json().pick_up_date, ['Please select any future day except weekend']);

  const weekday = dayAfter(e.t.clock.now(), (w) => w >= 1 && w <= 5);
  await form.getByLabel('Pick-up date').fill(weekday);
  await send.click();

  const summary = page.getByRole('dialog', { name: 'Your sell request is received' });
  await summary.waitFor();
  const reference = (await summary.locator('.sell-summary__ref strong').textContent())?.trim() ?? '';
  assert.match(reference, /^S-\d{6}$/);
  await summary.getByText('Glenfarclas 25 Year Old × 2').waitFor();
  await summary.getByText(new RegExp(`collects 2 boxes on .*${reference}`)).waitFor();

  const download = page.waitForEvent('download');
  await summary.getByRole('button', { name: 'Download the PDF' }).click();
  const file = await download;
  assert.match(file.suggestedFilename(), /\.pdf$/);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'selling-e2e-'));
  try {
    const saved = path.join(dir, 'sell-request.pdf');
    await file.saveAs(saved);
    const text = execFileSync('pdftotext', [saved, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    assert.ok(text.includes(reference), 'the PDF names the reference');
    const longDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${weekday}T00:00:00Z`));
    assert.ok(text.includes(longDate), `the PDF names the collection date ${longDate}`);
    assert.ok(text.includes('2 boxes'), 'and the box count');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }

  await summary.getByRole('button', { name: 'Done' }).click();
  await page.waitForURL((url) => url.pathname === '/checkout-success' && url.searchParams.get('flow_type') === 'sell-request');
  await page.getByRole('heading', { level: 1, name: 'Sell request received' }).waitFor();
  await page.getByText(reference, { exact: true }).waitFor();
  assertNoProblems(problems);
  await context.close();
});

test.run();
