/**
 * Item alerts, keywords, the lot note and the watching list PDF in a real browser: a bidder follows a lot's bottle on
 * the lot page (after the confirmation), adds a keyword through the API; staff consign a lot of the same bottle and
 * one matching the keyword, and the header's notification list shows both lots_that_match_my_interest entries. The
 * lot note is written and saved with its confirmation; the watching list downloads as a PDF that names the lot.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import type { TestUser } from '../../services/testing/users';
import { consignLot, createAuction } from '../../services/catalogue/testing/fixtures';
import { assertNoProblems, logged, DESKTOP, newContext, startE2E, user, watchProblems, type E2E, type PageProblems, until } from './helpers';

let e: E2E;
let staff: TestUser;
let seller: TestUser;
let alice: TestUser;
let auctionId: string;
let lotId: string;
let page: Page;
let problems: PageProblems;

const TITLE = 'Springbank 15 Year Old';
const DISTILLERY = { name: 'Springbank', region: 'Campbeltown' };

test.before(logged(async () => {
  e = await startE2E();
  staff = await user(e, { staff: true, feePaid: true });
  seller = await user(e, { firstName: 'Sandy', lastName: 'Seller' });
  alice = await user(e, { firstName: 'Alice', lastName: 'Grant', feePaid: true });
  auctionId = (await createAuction(e.t, staff)).id;
  lotId = (await consignLot(e.t, staff, auctionId, seller.id, { title: TITLE, distillery: DISTILLERY })).id;
  const context = await newContext(e, DESKTOP, alice);
  page = await context.newPage();
  problems = watchProblems(page);
}));

test.after(async () => {
  await e?.close();
});

async function api<T = unknown>(method: 'GET' | 'POST', url: string, payload?: object): Promise<{ status: number; body: T }> {
  const res = await e.t.app.inject({ method, url, headers: { authorization: `Bearer ${alice.access}` }, payload });
  return { status: res.statusCode, body: res.json() as T };
}

test('following a bottle (confirmed) and a keyword: new matching lots appear in the notification list', async () => {
  await page.goto(`${e.t.baseUrl}/product/${lotId}`);
  const toggle = page.getByRole('switch', { name: 'Notify me about this bottle' });
  await toggle.waitFor();
  assert.is(await toggle.isChecked(), false);
  await toggle.click();
  const ask = page.getByRole('dialog', { name: 'Add to notification list' });
  await ask.getByText('Are you sure you want to add this item to notification list?').waitFor();
  const followed = page.waitForResponse((r) => r.url().endsWith('/api/item_notification/') && r.request().method() === 'POST');
  await ask.getByRole('button', { name: 'Yes' }).click();
  assert.is((await followed).status(), 200);
  await ask.waitFor({ state: 'detached' });
  assert.is(await toggle.isChecked(), true);
  const list = await api<{ results: { title: string }[] }>('GET', '/api/item_list_notification/');
  assert.equal(list.body.results.map((i) => i.title), [TITLE], 'the server follows the bottle');

  // After a reload the lot answer says the item is followed; turning it off asks the remove variant (cancelled).
  await page.reload();
  await toggle.waitFor();
  assert.is(await toggle.isChecked(), true);
  await toggle.click();
  const remove = page.getByRole('dialog', { name: 'Remove from notification list' });
  await remove.getByText('Are you sure you want to remove this item from notification list?').waitFor();
  await remove.getByRole('button', { name: 'Cancel' }).click();
  assert.is(await toggle.isChecked(), true);

  assert.is((await api('POST', '/api/keyword/', { word: 'Kilkerran' })).status, 201);
  const again = await consignLot(e.t, staff, auctionId, seller.id, { title: TITLE, distillery: DISTILLERY });
  const keyword = await consignLot(e.t, staff, auctionId, seller.id, { title: 'Kilkerran 12', distillery: DISTILLERY });
  await until('both interest notifications', async () => (await api<{ results: { template: string; lot_id: string }[] }>('GET', '/api/user_notifications/')).body.results,
    (r) => [again.id, keyword.id].every((id) => r.some((n) => n.template === 'lots_that_match_my_interest' && n.lot_id === id)));

  await page.reload();
  await page.getByRole('banner').getByRole('button', { name: /^Notifications/ }).click();
  const panel = page.getByRole('dialog', { name: 'Your notifications' });
  const byItem = panel.getByRole('link', { name: `A new lot of an item you follow: ${TITLE}` });
  await byItem.waitFor();
  assert.is(await byItem.getAttribute('href'), `/product/${again.id}`);
  await panel.getByRole('link', { name: 'A new lot matches your keyword "Kilkerran": Kilkerran 12' }).waitFor();
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'detached' });
  assertNoProblems(problems);
});

test('the lot note: written, saved with a confirmation, private, and edited', async () => {
  await page.goto(`${e.t.baseUrl}/product/${lotId}`);
  const box = page.getByRole('region', { name: 'My note' });
  await box.getByText('Only you can see this note.').waitFor();
  await box.getByRole('button', { name: 'Add a note' }).click();
  await box.getByLabel('Note').fill('Compare with the 2019 bottling');
  await box.getByRole('button', { name: 'Save note' }).click();
  const done = page.getByRole('dialog', { name: 'Note saved' });
  await done.getByText('Your note has been saved. Only you can see it.').waitFor();
  await done.getByRole('button', { name: 'OK' }).click();
  await box.getByText('Compare with the 2019 bottling').waitFor();
  const first = await api<{ note: { id: string; text: string } | null }>('GET', `/api/lot_notes/?lot=${lotId}`);
  assert.is(first.body.note?.text, 'Compare with the 2019 bottling');

  // Edited: the same note changes (PATCH), still with the confirmation.
  await page.reload();
  await box.getByRole('button', { name: 'Edit note' }).click();
  await box.getByLabel('Note').fill('Bid up to £150');
  const patched = page.waitForResponse((r) => r.url().endsWith(`/api/lot_notes/${first.body.note!.id}/`) && r.request().method() === 'PATCH');
  await box.getByRole('button', { name: 'Save note' }).click();
  assert.is((await patched).status(), 200);
  await done.getByRole('button', { name: 'OK' }).click();
  await box.getByText('Bid up to £150').waitFor();
  const second = await api<{ note: { id: string; text: string } | null }>('GET', `/api/lot_notes/?lot=${lotId}`);
  assert.equal(second.body.note && { id: second.body.note.id, text: second.body.note.text }, { id: first.body.note!.id, text: 'Bid up to £150' });

  // Someone else's page does not show it.
  const other = await user(e, { firstName: 'Olly' });
  const otherPage = await (await newContext(e, DESKTOP, other)).newPage();
  await otherPage.goto(`${e.t.baseUrl}/product/${lotId}`);
  await otherPage.getByRole('region', { name: 'My note' }).getByText('No note yet.').waitFor();
  assert.is(await otherPage.getByText('Bid up to £150').count(), 0);
  assertNoProblems(problems);
});

test('the watching list downloads as a PDF naming the lot', async () => {
  assert.is((await api('POST', `/api/add_to_watching_list/?lot=${lotId}`, {})).status < 300, true);
  await page.goto(`${e.t.baseUrl}/account/buyers-area`);
  await page.getByRole('list', { name: 'watching' }).getByRole('link', { name: TITLE }).waitFor();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const file = await download;
  assert.match(file.suggestedFilename(), /^watching-list-\d{4}-\d{2}-\d{2}\.pdf$/);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alerts-e2e-'));
  try {
    const saved = path.join(dir, 'watching.pdf');
    await file.saveAs(saved);
    const text = execFileSync('pdftotext', ['-layout', saved, '-'], { encoding: 'utf8' });
    assert.match(text, /Watching list/);
    assert.match(text, new RegExp(TITLE));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  assertNoProblems(problems);
});

test.run();
