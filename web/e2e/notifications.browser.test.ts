/**
 * Notifications in real browsers: a second bidder (another browser context) outbids the first, whose open page shows
 * the toast (pushed over its socket; how fast is for the load tests, `load-tests/live-signal-lag.ts`) and the entry in
 * the header's list; opening the list marks it read on the server; the settings' Notifications section saves an email
 * opt-out, a sound (with its preview) and keywords.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import type { TestUser } from '../../services/testing/users';
import {
  assertNoProblems, logged, DESKTOP, newContext, PHONE, startTwoBidders, watchProblems, type E2E, type LiveLot,
  type PageProblems, UI_TIMEOUT, until,
} from './helpers';

let e: E2E;
let alice: TestUser;
let bob: TestUser;
let lot: LiveLot;

test.before(logged(async () => {
  ({ e, alice, bob, lot } = await startTwoBidders({ title: 'Ardbeg Uigeadail', distillery: { name: 'Ardbeg', region: 'Islay' } }));
}));

test.after(async () => {
  await e?.close();
});

async function api<T = unknown>(who: TestUser, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object): Promise<{ status: number; body: T }> {
  const res = await e.t.app.inject({ method, url, headers: { authorization: `Bearer ${who.access}` }, payload });
  return { status: res.statusCode, body: res.json() as T };
}

interface StoredNotification { id: string; template: string; text: string; is_read: boolean; lot_id: string | null }
const stored = async (who: TestUser) =>
  (await api<{ results: StoredNotification[] }>(who, 'GET', '/api/user_notifications/?limit=15')).body.results;

/** Resolves once the page's /ws/notifications/ socket has said hello (set up before the navigation). */
function notificationsSocketReady(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => {
      if (!/\/ws\/notifications\//.test(ws.url())) return;
      ws.on('framereceived', (f) => typeof f.payload === 'string' && f.payload.includes('"hello"') && resolve());
    });
  });
}

let alicePage: Page;
let aliceProblems: PageProblems;

test('a second bidder outbids the first: the toast on the open page, then the entry in the list', async () => {
  const first = await api(alice, 'POST', '/api/bids/', { lot: lot.id, bid: 50 });
  assert.is(first.status, 201, JSON.stringify(first.body));

  const context = await newContext(e, DESKTOP, alice);
  alicePage = await context.newPage();
  aliceProblems = watchProblems(alicePage);
  const ready = notificationsSocketReady(alicePage);
  await alicePage.goto(`${e.t.baseUrl}/how-to-buy`);
  await ready;
  const banner = alicePage.getByRole('banner');
  await banner.getByRole('button', { name: 'Notifications', exact: true }).waitFor();

  // Bob, in his own browser context, bids through the lot page.
  const bobContext = await newContext(e, DESKTOP, bob);
  const bobPage = await bobContext.newPage();
  const bobProblems = watchProblems(bobPage);
  await bobPage.goto(`${e.t.baseUrl}/product/${lot.id}`);
  const panel = bobPage.getByRole('region', { name: 'Bidding' });
  await panel.getByLabel('Your Max Bid').fill('100');
  await panel.getByRole('button', { name: 'Place bid' }).click();
  const confirm = bobPage.getByRole('dialog', { name: 'Confirm your bid' });
  const button = confirm.getByRole('button', { name: 'Confirm bid of £100' });
  await button.waitFor();
  const answered = bobPage.waitForResponse((r) => r.url().endsWith('/api/bids/') && r.request().method() === 'POST');
  await button.click();
  const answer = await answered;
  const placedAt = Date.now();
  assert.is(answer.status(), 201);

  const toast = alicePage.getByRole('region', { name: 'Notifications' }).getByText(/You have been outbid/).first();
  await toast.waitFor({ timeout: UI_TIMEOUT });
  console.log(`[perf] outbid toast ${Date.now() - placedAt} ms after the bid's answer`);

  const bell = banner.getByRole('button', { name: 'Notifications, 1 unread' });
  await bell.waitFor();
  await bell.click();
  const list = alicePage.getByRole('dialog', { name: 'Your notifications' });
  const entry = list.getByRole('link', { name: `You have been outbid on ${lot.title}` });
  await entry.waitFor();
  assert.is(await entry.getAttribute('href'), `/product/${lot.id}`);
  await list.getByText(/1 minute ago|\d+ minutes ago/).first().waitFor();

  // Seen in the open list: reported read, and the server keeps it.
  const rows = await until('the outbid marked read on the server', () => stored(alice), (r) => r.some((n) => n.template === 'outbid' && n.is_read));
  const outbid = rows.filter((n) => n.template === 'outbid');
  assert.is(outbid.length, 1, 'one notification: the push and the stored entry are the same');
  assert.is(outbid[0].lot_id, lot.id);
  await banner.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
  assert.equal((await stored(bob)).filter((n) => n.template === 'outbid'), [], 'the bidder in the lead is not told');

  // A reload reads the list from the server: still there, still read.
  await alicePage.reload();
  await banner.getByRole('button', { name: 'Notifications', exact: true }).click();
  await list.getByRole('link', { name: `You have been outbid on ${lot.title}` }).waitFor();
  assert.is(await list.getByText('(unread)').count(), 0);
  await alicePage.keyboard.press('Escape');
  await list.waitFor({ state: 'detached' });
  assertNoProblems(aliceProblems);
  assertNoProblems(bobProblems);
  await bobContext.close();
});

test('on a phone the open list stays on the screen (the bell sits mid-bar in the mobile header)', async () => {
  const context = await newContext(e, PHONE, alice);
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(`${e.t.baseUrl}/account/dashboard`);
  await page.getByRole('banner').getByRole('button', { name: /^Notifications/ }).click();
  const list = page.getByRole('dialog', { name: 'Your notifications' });
  await list.getByRole('link', { name: `You have been outbid on ${lot.title}` }).waitFor();
  const box = await list.boundingBox();
  assert.ok(box && box.x >= 0 && box.x + box.width <= PHONE.width, `the list within the 390px screen: ${JSON.stringify(box)}`);
  assertNoProblems(problems);
  await context.close();
});

test('the Notifications settings save an email opt-out, the sound and keywords', async () => {
  const page = alicePage;
  await page.goto(`${e.t.baseUrl}/account/settings?section=notifications`);
  const form = page.getByRole('form', { name: 'Notification settings' });
  const outbidEmail = form.getByLabel('You have been outbid (always shown on the site)');
  await outbidEmail.waitFor();
  assert.ok(await outbidEmail.isChecked(), 'every email is on by default');
  await outbidEmail.uncheck();
  await form.getByLabel('Your free storage is ending').uncheck();
  await form.getByLabel('Sound', { exact: true }).selectOption('audio_3');
  const preview = page.waitForResponse((r) => r.url().endsWith('/audio/audio_3.wav'));
  await form.getByRole('button', { name: 'Play sound' }).click();
  const sound = await preview;
  assert.ok(sound.status() === 200 || sound.status() === 206, `the cue is served (${sound.status()})`);
  await form.getByRole('button', { name: 'Save notification settings' }).click();
  await form.getByRole('status').filter({ hasText: 'Your notification settings have been saved.' }).waitFor();

  const me = (await api<{ email_opt_outs: string[]; audio_cue: string; is_audio_cues: boolean }>(alice, 'GET', '/api/users/current/')).body;
  assert.equal([...me.email_opt_outs].sort(), ['outbid', 'storage_is_ending']);
  assert.is(me.audio_cue, 'audio_3');
  assert.is(me.is_audio_cues, true);

  // Keywords: add two, delete one.
  const keywords = page.getByRole('region', { name: 'Keywords' });
  for (const word of ['Ardbeg', 'Port Ellen']) {
    await keywords.getByLabel('New keyword').fill(word);
    await keywords.getByRole('button', { name: 'Add keyword' }).click();
    await keywords.getByRole('list', { name: 'Your keywords' }).getByText(word, { exact: true }).waitFor();
  }
  await keywords.getByRole('button', { name: 'Delete keyword Port Ellen' }).click();
  await keywords.getByText('Port Ellen', { exact: true }).waitFor({ state: 'detached' });
  const saved = (await api<{ results: { word: string }[] }>(alice, 'GET', '/api/keyword/?limit=999')).body.results;
  assert.equal(saved.map((k) => k.word), ['Ardbeg']);

  // After a reload the section shows what the server holds.
  await page.reload();
  await form.getByLabel('Your free storage is ending').waitFor();
  assert.is(await form.getByLabel('Your free storage is ending').isChecked(), false);
  assert.is(await form.getByLabel('You won a lot (always shown on the site)').isChecked(), true);
  assert.is(await form.getByLabel('Sound', { exact: true }).inputValue(), 'audio_3');
  await keywords.getByRole('list', { name: 'Your keywords' }).getByText('Ardbeg', { exact: true }).waitFor();
  assertNoProblems(aliceProblems);
});

test.run();
