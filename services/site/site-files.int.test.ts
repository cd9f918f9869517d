import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../testing/harness';
import { createTestUser, bearer, type TestUser } from '../testing/users';
import { consignLot, createAuction } from '../catalogue/testing/fixtures';
import { ensureClientBuilt } from '../../scripts/client-build';
import { matchPage } from '../pages/client-pages';
import { sql } from 'kysely';


let t: TestApp;
let staff: TestUser;
let lotId: string;
let articleId: string;
let draftId: string;
let slug: string;
const MISSING = '00000000-0000-4000-8000-000000000000';

const get = (url: string) => t.app.inject({ method: 'GET', url });

test.before(async () => {
  ensureClientBuilt();
  t = await startTestApp({ config: { publicUrl: 'https://auction.example' } });
  staff = await createTestUser(t, { staff: true, feePaid: true });
  const seller = await createTestUser(t);
  const auction = await createAuction(t, staff);
  lotId = (await consignLot(t, staff, auction.id, seller.id, { title: 'Port Ellen 1979' })).id;
  const write = (published: boolean) => t.app.inject({
    method: 'POST', url: '/api/staff/articles/', headers: bearer(staff),
    payload: { title: published ? 'A dram in Islay' : 'Draft', type: 'distilleries', short_description: 'Peat.', content: 'Peat.', published },
  });
  articleId = (await write(true)).json().id;
  draftId = (await write(false)).json().id;
  await t.ctx.projections.settle();
  slug = (await sql<{ slug: string }>`SELECT slug FROM lots WHERE id = ${lotId}::uuid`.execute(t.ctx.db)).rows[0].slug;
});
test.after(async () => t.close());

test('the router list matches like wouter: params, optional segments, case and a trailing slash', () => {
  assert.equal(matchPage('/product/abc'), { name: 'product', params: { id: 'abc' } });
  assert.equal(matchPage('/product/abc/port-ellen'), { name: 'product', params: { id: 'abc', slug: 'port-ellen' } });
  assert.equal(matchPage('/Account/Wallet/')?.name, 'wallet');
  assert.is(matchPage('/account/wallet/extra'), null);
  assert.is(matchPage('/wp-login.php'), null);
});

test("the client's pages answer 200 with its page; anything else 404 with the same page (its not-found view)", async () => {
  const index = (await get('/')).body;
  assert.ok(index.includes('<div id="root">'));
  for (const url of ['/', '/account/settings', '/blog', '/staff', '/how-to-sell-whisky-cask/', `/audit/lots/${lotId}`, `/audit/wallets/${staff.id}`]) {
    const res = await get(url);
    assert.is(res.statusCode, 200, url);
    assert.is(res.body, index, url);
  }
  // Lots, the auctions and articles are the same page with their own head (services/pages/page-head.int.test.ts).
  const script = /<script type="module"[^>]*><\/script>/.exec(index)![0];
  for (const url of ['/auction', '/past-auction?page=2', `/product/${lotId}`, `/product/${lotId}/${slug}`, `/blog/article/${articleId}`]) {
    const res = await get(url);
    assert.is(res.statusCode, 200, url);
    assert.ok(res.body.includes(script) && res.body.includes('<div id="root">'), url);
    assert.ok(res.body.includes('<link rel="canonical"'), url);
  }
  for (const url of ['/no-such-page', '/wp-login.php', '/.env', '/account', `/product/${MISSING}`, '/product/not-a-uuid',
    `/blog/article/${MISSING}`, `/blog/article/${draftId}`, `/audit/lots/${MISSING}`, '/audit/wallets/x']) {
    const res = await get(url);
    assert.is(res.statusCode, 404, url);
    assert.match(res.headers['content-type'] as string, /^text\/html/);
    assert.is(res.body, index, url);
  }
});

test('API and websocket paths keep the API 404; other methods on pages too', async () => {
  for (const url of ['/api/nope/', '/api', '/ws/nope']) {
    const res = await get(url);
    assert.is(res.statusCode, 404, url);
    assert.equal(res.json(), { detail: 'Not found.' });
  }
  const post = await t.app.inject({ method: 'POST', url: '/auction', payload: {} });
  assert.is(post.statusCode, 404);
  assert.equal(post.json(), { detail: 'Not found.' });
});

test('robots.txt is real: the catalogue allowed, the API, account area and checkout not, and the sitemap named', async () => {
  const res = await get('/robots.txt');
  assert.is(res.statusCode, 200);
  assert.match(res.headers['content-type'] as string, /^text\/plain/);
  const lines = res.body.split('\n');
  for (const line of ['User-agent: *', 'Allow: /', 'Disallow: /api/', 'Disallow: /account/', 'Disallow: /checkout', 'Sitemap: https://auction.example/sitemap.xml']) {
    assert.ok(lines.includes(line), line);
  }
  assert.not.ok(res.body.includes('<html'));
});

test('sitemap.xml lists the public pages, the lots and the published articles with absolute URLs and lastmod', async () => {
  const res = await get('/sitemap.xml');
  assert.is(res.statusCode, 200);
  assert.match(res.headers['content-type'] as string, /^application\/xml/);
  assert.ok(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>'));
  assert.ok(res.body.includes('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'));
  const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  assert.ok(locs.every((l) => l.startsWith('https://auction.example/')), locs.join(' '));
  assert.ok(locs.includes('https://auction.example/'));
  assert.ok(locs.includes('https://auction.example/auction'));
  assert.ok(locs.includes(`https://auction.example/product/${lotId}/${slug}`), locs.join(' '));
  assert.ok(locs.includes(`https://auction.example/blog/article/${articleId}`));
  assert.not.ok(locs.some((l) => l.includes(draftId)), 'no drafts');
  assert.not.ok(locs.some((l) => /\/(api|account|checkout|staff|audit)\b/.test(l)));
  const lot = new RegExp(`<url><loc>[^<]*${lotId}[^<]*</loc><lastmod>(\\d{4}-\\d\\d-\\d\\dT[^<]+Z)</lastmod></url>`).exec(res.body);
  assert.ok(lot, 'the lot has a lastmod');
  assert.ok(res.body.includes(`${articleId}</loc><lastmod>`));
});

test.run();
