/**
 * Articles (issue #11) in a real browser: staff write an article in the staff editor with Markdown and an uploaded
 * image and publish it; two signed-in readers open it in two browser contexts, and each like moves the count on the
 * other reader's page without a reload (the /ws/articles/ channel). The Markdown is shown rendered and a script in
 * it is shown as text, never run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { launchBrowser, startServedApp } from '../../services/testing/browser';
import type { TestUser } from '../../services/testing/users';
import { liveHub } from '../../services/live/hub';
import { assertNoProblems, logged, newContext, until, user, watchProblems, type E2E } from './helpers';

const TITLE = 'Peat and the sea: a week on Islay';
let e: E2E;
let dataDir: string;
let staff: TestUser, alice: TestUser, bob: TestUser;
let articleId = '';

test.before(logged(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wa-articles-e2e-'));
  const t = await startServedApp({ config: { dataDir } });
  const browser = await launchBrowser();
  e = { t, browser, close: async () => { await browser.close(); await t.close(); } };
  [staff, alice, bob] = await Promise.all([user(e, { staff: true }), user(e), user(e)]);
}));

test.after(async () => {
  await e?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test('staff write an article in Markdown with an image and publish it', async () => {
  const photo = path.join(dataDir, 'islay.png');
  await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 90, g: 120, b: 140 } } }).png().toFile(photo);
  const context = await newContext(e, undefined, staff);
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(`${e.t.baseUrl}/staff?section=articles`);
  await page.getByRole('button', { name: 'New article' }).click();
  const form = page.getByRole('form', { name: 'New article' });
  await form.getByLabel('Title').fill(TITLE);
  await form.getByLabel('Type').selectOption('distilleries');
  await form.getByLabel('Short description').fill('Seven distilleries, one island.');
  await form.getByLabel('Article (Markdown)').fill('## Day one\n\nWe started at **Laphroaig**.\n\n<script>window.hacked = true</script>\n');
  await form.getByLabel('Add an image').setInputFiles(photo);
  await page.waitForFunction(() => (document.getElementById('article-content') as HTMLTextAreaElement).value.includes('![](/api/article_images/'));
  await form.getByLabel('Preview').locator('h2', { hasText: 'Day one' }).waitFor();
  await form.getByLabel('Published').check();
  await form.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('cell', { name: TITLE }).waitFor();
  const row = await e.t.ctx.db.selectFrom('articles').select(['id', 'published', 'image_id']).where('title', '=', TITLE).executeTakeFirstOrThrow();
  assert.ok(row.published);
  assert.ok(row.image_id);
  articleId = row.id;
  assertNoProblems(problems);
  await context.close();
});

async function readersConnected(n: number): Promise<void> {
  const hub = liveHub(e.t.ctx.live)!;
  await until('both readers on the live channel', async () => hub.count('articles'), (count) => count >= n);
}

test('a like moves the count on the other reader\'s page live', async () => {
  const [ca, cb] = await Promise.all([newContext(e, undefined, alice), newContext(e, undefined, bob)]);
  const [pa, pb] = await Promise.all([ca.newPage(), cb.newPage()]);
  const problems = [watchProblems(pa), watchProblems(pb)];
  await pa.goto(`${e.t.baseUrl}/blog`);
  await pa.getByRole('link', { name: TITLE }).click();
  await pb.goto(`${e.t.baseUrl}/blog/article/${articleId}`);
  for (const p of [pa, pb]) {
    await p.getByRole('heading', { name: 'Day one' }).waitFor();
    assert.is(await p.locator('.article-body strong').innerText(), 'Laphroaig');
    assert.ok((await p.locator('.article-body').innerText()).includes('<script>'), 'the script is shown as text');
    assert.is(await p.evaluate(() => (window as unknown as { hacked?: boolean }).hacked), undefined);
    assert.is(await p.locator('.article-body img').count(), 1);
  }
  await readersConnected(2);
  const count = (p: typeof pa) => p.getByTestId('article-like-count');

  await pa.getByTestId('article-like').click();
  await pa.getByRole('button', { name: 'Unlike this article' }).waitFor();
  await pb.waitForFunction(() => document.querySelector('[data-testid="article-like-count"]')?.textContent === '1');
  assert.is(await count(pa).innerText(), '1');
  assert.is(await pb.getByTestId('article-like').getAttribute('aria-pressed'), 'false');

  await pb.getByTestId('article-like').click();
  await pa.waitForFunction(() => document.querySelector('[data-testid="article-like-count"]')?.textContent === '2');

  await pa.getByTestId('article-like').click();
  await pb.waitForFunction(() => document.querySelector('[data-testid="article-like-count"]')?.textContent === '1');
  await pa.getByRole('button', { name: 'Like this article' }).waitFor();
  problems.forEach(assertNoProblems);
  await Promise.all([ca.close(), cb.close()]);
});

test('staff add a person to the About page from the site content desk', async () => {
  const context = await newContext(e, undefined, staff);
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(`${e.t.baseUrl}/staff?section=site-content`);
  const people = page.locator('section', { has: page.getByRole('heading', { name: 'Our people (/about)' }) });
  await people.getByRole('button', { name: 'Add' }).click();
  await people.getByLabel('Name').fill('Morag Campbell');
  await people.getByLabel('Role').fill('Head of casks');
  await people.getByLabel('Bio').fill('Thirty years in Speyside warehouses.');
  await people.getByRole('button', { name: 'Save' }).click();
  await people.getByText('Morag Campbell').waitFor();
  await page.goto(`${e.t.baseUrl}/about`);
  await page.getByText('Morag Campbell').waitFor();
  await page.getByText('Thirty years in Speyside warehouses.').waitFor();
  assertNoProblems(problems);
  await context.close();
});

test.run();
