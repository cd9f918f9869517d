/**
 * Content through the API: staff write and publish articles (drafts stay hidden, bad input changes nothing), Markdown
 * is served sanitised, likes toggle, the contact form reaches the house's mailbox and the sender and is rate limited,
 * and the CMS lists are managed by staff only. The read models rebuild to the same rows.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../testing/harness';
import { bearer, createTestUser, type TestUser } from '../testing/users';
import { readMailbox } from '../../infra/mail/outbox';
import { loadHouseSettings } from '../../infra/config/house-settings';
import { rebuildAndCompare } from '../../projections/rebuild';
import { contentProjection } from '../../projections/content/projection';
import { multipart, png } from '../valuation/testing';
import { CONTACT_LIMIT } from './contact';
import { seedContent } from './seed';
import { DEMO_ARTICLES, DEMO_CMS } from './seed-data';

let t: TestApp;
let staff: TestUser, alice: TestUser, bob: TestUser;
let articleId: string;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: TestUser | null = null, payload?: object, ip = '10.0.0.1') =>
  t.app.inject({ method, url, headers: user ? bearer(user) : {}, payload, remoteAddress: ip });
const eventCount = async () => (await sql<{ n: number }>`SELECT count(*)::int AS n FROM events`.execute(t.ctx.db)).rows[0].n;
const article = { title: 'A dram in Islay', type: 'distilleries', short_description: 'Peat and sea.', content: '# Islay\n\nSome **peat**. <script>alert(1)</script> [x](javascript:alert(1))' };

let dataDir: string;

test.before(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wa-content-'));
  t = await startTestApp({ config: { dataDir } });
  [staff, alice, bob] = await Promise.all([createTestUser(t, { staff: true }), createTestUser(t), createTestUser(t)]);
});
test.after(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('content: staff write a draft, publish it; readers see only published articles', async () => {
  assert.is((await call('POST', '/api/staff/articles/', alice, article)).statusCode, 403);
  const before = await eventCount();
  const bad = await call('POST', '/api/staff/articles/', staff, { ...article, title: ' ', type: 'gossip' });
  assert.is(bad.statusCode, 400);
  assert.ok(bad.json().title && bad.json().type, bad.body);
  assert.is(await eventCount(), before);

  const draft = await call('POST', '/api/staff/articles/', staff, article);
  assert.is(draft.statusCode, 201, draft.body);
  articleId = draft.json().id;
  assert.is((await call('GET', `/api/article/${articleId}/`)).statusCode, 404);
  assert.is((await call('GET', '/api/article/')).json().count, 0);

  const published = await call('PUT', `/api/staff/articles/${articleId}/`, staff, { ...article, published: true });
  assert.is(published.statusCode, 200, published.body);
  const view = (await call('GET', `/api/article/${articleId}/`)).json();
  assert.is(view.title, 'A dram in Islay');
  assert.ok(view.content_html.includes('<strong>peat</strong>'));
  assert.not.ok(view.content_html.includes('<script'));
  assert.not.ok(view.content_html.includes('javascript:'));
  assert.equal(view.type, { id: 'distilleries', name: 'Distillery stories' });

  const list = (await call('GET', '/api/article/?type=distilleries&search=islay')).json();
  assert.is(list.count, 1);
  assert.is((await call('GET', '/api/article/?type=news')).json().count, 0);
  assert.is((await call('GET', '/api/article/?page_size=0')).statusCode, 400);
  assert.is((await call('GET', '/api/types/')).json().results.length, 4);
  assert.is((await call('PUT', `/api/staff/articles/${crypto.randomUUID()}/`, staff, article)).statusCode, 404);
});

test('content: a like toggles and counts', async () => {
  assert.is((await call('POST', `/api/like_article/${articleId}/`)).statusCode, 401);
  const first = (await call('POST', `/api/like_article/${articleId}/`, alice)).json();
  assert.is(first.data.user_like_article, true);
  assert.is(first.likes_count, 1);
  assert.is((await call('POST', `/api/like_article/${articleId}/`, bob)).json().likes_count, 2);
  const again = (await call('POST', `/api/like_article/${articleId}/`, alice)).json();
  assert.equal([again.data.user_like_article, again.likes_count], [false, 1]);
  const bobView = (await call('GET', `/api/article/${articleId}/`, bob)).json();
  assert.equal([bobView.is_like, bobView.likes_count], [true, 1]);
  assert.is((await call('GET', `/api/article/${articleId}/`, alice)).json().is_like, false);
  assert.is((await call('POST', `/api/like_article/${crypto.randomUUID()}/`, alice)).statusCode, 404);
});

test('content: staff upload an article image; it is served publicly', async () => {
  const body = await multipart([{ name: 'image', value: { data: await png(), filename: 'a.png', type: 'image/png' } }]);
  const up = await t.app.inject({ method: 'POST', url: '/api/staff/article_images/', payload: body.payload, headers: { ...body.headers, ...bearer(staff) } });
  assert.is(up.statusCode, 201, up.body);
  const img = await t.app.inject({ method: 'GET', url: up.json().url });
  assert.is(img.statusCode, 200);
  assert.is(img.headers['content-type'], 'image/png');
  const notImage = await multipart([{ name: 'image', value: { data: Buffer.from('hello'), filename: 'a.png' } }]);
  const refused = await t.app.inject({ method: 'POST', url: '/api/staff/article_images/', payload: notImage.payload, headers: { ...notImage.headers, ...bearer(staff) } });
  assert.is(refused.statusCode, 400);
});

test('content: the contact form reaches the house and the sender, and is rate limited per address', async () => {
  const house = loadHouseSettings().contacts.email;
  const bad = await call('POST', '/api/contact_us/', null, { name: '', email: 'nope', subject: '', message: 'hi' }, '10.9.9.9');
  assert.is(bad.statusCode, 400);
  assert.equal(Object.keys(bad.json()).sort(), ['email', 'message', 'name', 'subject']);
  const before = (await readMailbox(t.ctx.db, { to: house })).length;
  assert.is(before, 0);

  const msg = { name: 'Fiona <b>', email: 'fiona@example.com', subject: 'Cask question', message: 'Do you sell casks from Islay?' };
  for (let i = 0; i < CONTACT_LIMIT; i++) assert.is((await call('POST', '/api/contact_us/', null, msg, '10.2.2.2')).statusCode, 201);
  const limited = await call('POST', '/api/contact_us/', null, msg, '10.2.2.2');
  assert.is(limited.statusCode, 429);
  assert.is((await call('POST', '/api/contact_us/', null, msg, '10.3.3.3')).statusCode, 201);

  const inbox = await readMailbox(t.ctx.db, { to: house });
  assert.is(inbox.length, CONTACT_LIMIT + 1);
  assert.ok(inbox[0].text.includes('Do you sell casks from Islay?'));
  assert.ok(inbox[0].html.includes('Fiona &lt;b&gt;'));
  assert.is((await readMailbox(t.ctx.db, { to: 'fiona@example.com' })).length, CONTACT_LIMIT + 1);
});

test('content: staff manage about_us, slides and press quotes', async () => {
  assert.is((await call('POST', '/api/staff/cms/about_us/', alice, { name: 'X', role: 'Y' })).statusCode, 403);
  assert.is((await call('POST', '/api/staff/cms/about_us/', staff, { name: '', role: 'Y' })).statusCode, 400);
  assert.is((await call('POST', '/api/staff/cms/nonsense/', staff, { name: 'X' })).statusCode, 404);
  const made = await call('POST', '/api/staff/cms/about_us/', staff, { name: 'Callum', role: 'Cask specialist', bio: 'Speyside.' });
  assert.is(made.statusCode, 201, made.body);
  await call('POST', '/api/staff/cms/about_us/', staff, { name: 'Priya', role: 'Client services' });
  assert.equal((await call('GET', '/api/about_us/')).json().results.map((r: { name: string }) => r.name), ['Callum', 'Priya']);
  const edited = await call('PUT', `/api/staff/cms/about_us/${made.json().id}/`, staff, { name: 'Callum Reid', role: 'Cask specialist', position: 5 });
  assert.is(edited.statusCode, 200, edited.body);
  assert.equal((await call('GET', '/api/about_us/')).json().results.map((r: { name: string }) => r.name), ['Priya', 'Callum Reid']);
  assert.is((await call('POST', '/api/staff/cms/main_slider/', staff, { title: 'Hi', link_url: 'javascript:alert(1)' })).statusCode, 400);
  assert.is((await call('POST', '/api/staff/cms/main_slider/', staff, { title: 'Hi', link_url: '/auction' })).statusCode, 201);
  assert.is((await call('GET', '/api/cms/home_page/main_slider/')).json().count, 1);
  assert.is((await call('POST', '/api/staff/cms/media_like_us/', staff, { quote: 'Great', source: 'Paper' })).statusCode, 201);
  assert.is((await call('DELETE', `/api/staff/cms/about_us/${made.json().id}/`, staff)).statusCode, 204);
  assert.is((await call('GET', '/api/about_us/')).json().count, 1);
  assert.is((await call('GET', '/api/media_like_us/')).json().count, 1);
});

test('content: shipping_info quotes the checkout\'s own prices', async () => {
  const info = (await call('GET', '/api/shipping_info/')).json();
  assert.equal(info.zones.map((z: { carrier: string; first_bottle: string }) => [z.carrier, z.first_bottle]), [['DPD', '12.50'], ['DHL', '35.00'], ['UPS', '60.00']]);
  assert.ok(info.non_deliverable.some((n: { code: string }) => n.code === 'RU'));
  assert.is(info.storage.free_days, 45);
});

test('content: the demo seed adds published articles and the CMS lists', async () => {
  const before = (await call('GET', '/api/article/')).json().count;
  const last = await seedContent(t.ctx);
  await t.ctx.projections.waitFor({ transaction_id: last!.events.at(-1)!.transaction_id, position: last!.events.at(-1)!.position });
  assert.is((await call('GET', '/api/article/')).json().count, before + DEMO_ARTICLES.length);
  const slides = (await call('GET', '/api/cms/home_page/main_slider/')).json().results.map((r: { title: string }) => r.title);
  assert.ok(DEMO_CMS.main_slider.every((d) => slides.includes(d.title)));
  const article = (await call('GET', '/api/article/?search=Campbeltown')).json().results[0];
  assert.ok((await call('GET', `/api/article/${article.id}/`)).json().content_html.includes('<strong>Springbank</strong>'));
});

test('content: the read models rebuild to the same rows', async () => {
  await t.ctx.projections.stop();
  const report = await rebuildAndCompare(t.ctx.db, contentProjection);
  assert.equal(report.tables.filter((x) => !x.equal).map((x) => x.table), []);
});

test.run();
