/**
 * Lot, auction and article pages read without scripts (services/pages/page-meta.ts): the HTML the server answers has
 * the page's title, description, canonical URL, Open Graph, Twitter card and JSON-LD, all text escaped.
 */
import fs from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../testing/harness';
import { createTestUser, bearer, type TestUser } from '../testing/users';
import { closeLot, consignLot, createAuction, getJson, placeBid } from '../catalogue/testing/fixtures';
import { ensureClientBuilt } from '../../scripts/client-build';
import { multipart, png } from '../valuation/testing';
import { SITE } from '../../web/src/lib/site';
import { GALLERY_SIZES } from '../../web/src/lib/photo-sources';
import { readHead, type ReadHead } from '../../infra/http/testing/read-head';
import { clientCsp } from '../../infra/http/security-headers';

const BASE = 'https://auction.example';
const HOSTILE = `Port Ellen </script><script>alert("x")</script> 'Cask' & <!-- $& --> "Co"`;
const HOSTILE_TEXT = `Peat & smoke <img src=x onerror=alert(1)></title></noscript><b>bold</b>`;
const HOUR = 3_600_000;

let t: TestApp;
let staff: TestUser;
let auction: { id: string; end_date: string; sequence_no: number; year: number };
let live: { id: string; reference_no: string };
let sold: { id: string };
let unsold: { id: string };
let photographed: { id: string };
let articleId: string;
let imageUrl: string;
let shell: string;

const page = async (url: string): Promise<{ status: number; headers: Record<string, unknown>; body: string; head: ReadHead }> => {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, headers: res.headers, body: res.body, head: readHead(res.body) };
};

test.before(async () => {
  ensureClientBuilt();
  t = await startTestApp({ workers: false, config: { publicUrl: BASE } });
  t.ctx.projections.start();
  staff = await createTestUser(t, { staff: true, feePaid: true });
  const seller = await createTestUser(t);
  const bidder = await createTestUser(t, { feePaid: true });
  auction = await createAuction(t, staff);
  const soon = new Date(t.clock.now().getTime() + HOUR).toISOString();
  live = await consignLot(t, staff, auction.id, seller.id, {
    title: HOSTILE, description: HOSTILE_TEXT, photos: [{ file: '/images/port-ellen.webp', title: 'Front' }], opening_bid: '200', estimated_value: '450',
  });
  sold = await consignLot(t, staff, auction.id, seller.id, { title: 'Brora 1972', opening_bid: '10', ends_at: soon });
  unsold = await consignLot(t, staff, auction.id, seller.id, { title: 'Rosebank 1990', opening_bid: '10', ends_at: soon });
  const upload = await multipart([{ name: 'image', value: { data: await png(), filename: 'a.png', type: 'image/png' } }]);
  const up = await t.app.inject({ method: 'POST', url: '/api/staff/article_images/', payload: upload.payload, headers: { ...upload.headers, ...bearer(staff) } });
  assert.is(up.statusCode, 201, up.body);
  imageUrl = up.json().url;
  const article = await t.app.inject({
    method: 'POST', url: '/api/staff/articles/', headers: bearer(staff),
    payload: { title: HOSTILE, type: 'distilleries', short_description: 'A visit to Islay\'s "lost" distillery & its <b>stills</b>.', content: 'First paragraph.\n\nSecond <script>x</script> paragraph.', image_id: up.json().id, published: true },
  });
  assert.is(article.statusCode, 201, article.body);
  articleId = article.json().id;
  photographed = await consignLot(t, staff, auction.id, seller.id, { title: 'Ardbeg 1974', photos: [{ file: imageUrl, title: 'Front' }, { file: '/images/back.webp', title: 'Back' }] });
  // Then the clock moves past two lots' end (the staff's access token would be stale by then).
  await placeBid(t, live.id, bidder.id, 30_000);
  await placeBid(t, sold.id, bidder.id, 2_500);
  t.clock.advance(2 * HOUR);
  await closeLot(t, sold.id);
  await closeLot(t, unsold.id);

  await t.ctx.projections.settle();
  shell = (await t.app.inject({ method: 'GET', url: '/' })).body;
});
test.after(async () => t.close());

/**
 * Nothing the attacker wrote became markup: the page has the shell's scripts plus the data blocks the server adds
 * (JSON-LD, and on a lot page the lot's own data), no more.
 */
function assertNoBreakout(body: string, blocks = 1) {
  const scripts = (html: string) => (html.match(/<script\b/gi) ?? []).length;
  assert.is(scripts(body), scripts(shell) + blocks, 'only the data blocks were added');
  assert.not.ok(/<script>alert|<script>x|<img src=x|<b>bold|<b>stills/i.test(body), 'hostile markup is escaped');
  assert.is((body.match(/<\/title>/g) ?? []).length, 1);
  assert.is((body.match(/<\/noscript>/g) ?? []).length, (shell.match(/<\/noscript>/g) ?? []).length + 1);
}

function assertCard(head: ReadHead, canonical: string, image: string | null) {
  assert.is(head.canonical, canonical);
  assert.is(head.property['og:url'], canonical);
  assert.is(head.property['og:site_name'], SITE.name);
  assert.is(head.property['og:description'], head.name.description);
  assert.is(head.name['twitter:title'], head.property['og:title']);
  assert.is(head.name['twitter:description'], head.name.description);
  assert.is(head.property['og:image'], image ?? undefined);
  assert.is(head.name['twitter:image'], image ?? undefined);
  assert.is(head.name['twitter:card'], image ? 'summary_large_image' : 'summary');
}

test('a live lot: its title, price and end, canonical URL, card with its photo, and Product with an InStock Offer', async () => {
  const api = await getJson(t, `/api/lots/${live.id}/`);
  const res = await page(`/product/${live.id}?utm_source=x`);
  assert.is(res.status, 200);
  assert.is(res.headers['cache-control'], 'no-cache');
  assert.is(res.headers['content-security-policy'], clientCsp(BASE), 'the strict policy, unchanged: JSON-LD needs no exception');
  assert.match(String(res.headers['content-type']), /^text\/html/);
  const { head } = res;
  assert.is(head.title, `${HOSTILE} · ${SITE.name}`);
  assert.is(head.property['og:title'], HOSTILE);
  assert.is(head.property['og:type'], 'product');
  const price = `£${Number(api.bid_stats.current_bid).toLocaleString('en-GB')}`;
  assert.ok(head.name.description.startsWith(`Current bid ${price}, estimate £450; closes `), head.name.description);
  assert.ok(head.name.description.includes('Peat & smoke <img src=x'), 'the description is the lot\'s own text, as text');
  assertCard(head, `${BASE}/product/${live.id}/${api.slug}`, `${BASE}/images/port-ellen.webp`);
  assert.is(head.property['product:price:amount'], api.bid_stats.current_bid);
  assert.is(head.property['product:price:currency'], 'GBP');

  assert.is(head.jsonLd.length, 1);
  const product = head.jsonLd[0];
  assert.is(product['@type'], 'Product');
  assert.is(product.name, HOSTILE);
  assert.is(product.sku, live.reference_no);
  assert.equal(product.image, [`${BASE}/images/port-ellen.webp`]);
  assert.is(product.offers.price, api.bid_stats.current_bid);
  assert.is(product.offers.priceCurrency, 'GBP');
  assert.is(product.offers.availability, 'https://schema.org/InStock');
  assert.is(product.offers.availabilityEnds, api.end_date);
  assert.is(product.offers.priceValidUntil, api.end_date.slice(0, 10));
  assert.is(api.end_date, auction.end_date, 'the lot ends with its auction');

  // The gallery's photo is fetched with the page, not after the scripts and the lot's data: one file, no srcset.
  assert.equal(head.preloads, [{ as: 'image', href: '/images/port-ellen.webp', fetchpriority: 'high' }]);

  assert.is(head.fallback.heading, HOSTILE);
  assert.ok(head.fallback.text.includes(`Lot ${live.reference_no}. Current bid ${price}`), head.fallback.text);
  assert.ok(head.fallback.text.includes(HOSTILE_TEXT));
  // The lot itself for the client, as the API answers a visitor: the page is drawn without asking for it again.
  const data = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(res.body);
  assert.ok(data, 'the lot data block is there');
  assert.equal(JSON.parse(data[1]), await getJson(t, `/api/lots/${live.id}/`));
  assertNoBreakout(res.body, 2);
});

test('an uploaded first photo is preloaded as the gallery asks for it: both sizes by width, the gallery\'s sizes', async () => {
  assert.match(imageUrl, /\?size=full$/);
  const { head } = await page(`/product/${photographed.id}`);
  assert.equal(head.preloads, [{
    as: 'image', href: imageUrl, imagesrcset: `${imageUrl.replace('size=full', 'size=thumb')} 320w, ${imageUrl} 640w`,
    imagesizes: GALLERY_SIZES, fetchpriority: 'high',
  }]);
  // The lot page's own chunk (web/src/features/bidding/product-page.tsx, from the build's manifest) comes with the HTML too.
  const manifest = JSON.parse(fs.readFileSync('web/dist/.vite/manifest.json', 'utf8'));
  const html = (await page(`/product/${photographed.id}`)).body;
  assert.ok(html.includes(`<link rel="modulepreload" crossorigin href="/${manifest['src/features/bidding/product-page.tsx'].file}" />`), 'the lot page chunk is preloaded');
  // Other pages preload no image: their largest paint is not known to the server.
  assert.equal((await page('/auction')).head.preloads, []);
});

test('a closed lot says sold out at its hammer price; an unsold one is discontinued', async () => {
  const api = await getJson(t, `/api/lots/${sold.id}/`);
  assert.is(api.status, 'sold');
  const res = await page(`/product/${sold.id}/${api.slug}`);
  const offer = res.head.jsonLd[0].offers;
  assert.is(offer.availability, 'https://schema.org/SoldOut');
  assert.is(offer.price, api.hammer_price);
  assert.ok(res.head.name.description.startsWith(`Sold for £${Number(api.hammer_price)} on `), res.head.name.description);
  assertCard(res.head, `${BASE}/product/${sold.id}/${api.slug}`, null);

  const closed = await page(`/product/${unsold.id}`);
  assert.is(closed.head.jsonLd[0].offers.availability, 'https://schema.org/Discontinued');
  assert.ok(closed.head.name.description.startsWith('Closed unsold on '), closed.head.name.description);
});

test('the live auction page: its name, lot count and end, its top lot\'s photo, and a SaleEvent', async () => {
  const res = await page('/auction?page=2');
  assert.is(res.status, 200);
  const { head } = res;
  assert.is(head.title, `Live Auction · ${SITE.name}`);
  assert.is(head.property['og:type'], 'website');
  assert.ok(head.name.description.startsWith(`Auction No. ${auction.sequence_no} · ${auction.year}: 4 lots of rare and collectable whisky, bidding now.`), head.name.description);
  assertCard(head, `${BASE}/auction`, `${BASE}/images/port-ellen.webp`);
  const event = head.jsonLd[0];
  assert.is(event['@type'], 'SaleEvent');
  assert.is(event.endDate, auction.end_date);
  assert.is(event.url, `${BASE}/auction`);
  assert.is(head.fallback.heading, 'Live Auction');
  assertNoBreakout(res.body);
});

test('the past auctions page has its own head (no auction has finished yet: no picture)', async () => {
  const res = await page('/past-auction');
  assert.is(res.status, 200);
  assert.is(res.head.title, `Past Auctions · ${SITE.name}`);
  assertCard(res.head, `${BASE}/past-auction`, null);
  assert.equal(res.head.jsonLd, []);
});

test('an article: its title, summary, image, publication time and a BlogPosting', async () => {
  const api = await getJson(t, `/api/article/${articleId}/`);
  const res = await page(`/blog/article/${articleId}`);
  assert.is(res.status, 200);
  const { head } = res;
  assert.is(head.title, `${HOSTILE} · ${SITE.name}`);
  assert.is(head.name.description, 'A visit to Islay\'s "lost" distillery & its <b>stills</b>.');
  assert.is(head.property['og:type'], 'article');
  assertCard(head, `${BASE}/blog/article/${articleId}`, `${BASE}${imageUrl}`);
  assert.is(head.property['article:published_time'], api.published_at);
  const post = head.jsonLd[0];
  assert.is(post['@type'], 'BlogPosting');
  assert.is(post.headline, HOSTILE);
  assert.is(post.datePublished, api.published_at);
  assert.ok(head.fallback.text.includes('First paragraph. Second'), head.fallback.text);
  assertNoBreakout(res.body);
});

test('unknown lots and articles stay 404 with the plain shell; other pages keep the shell\'s head', async () => {
  for (const url of ['/product/00000000-0000-4000-8000-000000000000', '/product/nope', '/blog/article/00000000-0000-4000-8000-000000000000']) {
    const res = await page(url);
    assert.is(res.status, 404, url);
    assert.is(res.body, shell, url);
  }
  assert.is(readHead(shell).canonical, undefined);
  assert.equal(readHead(shell).jsonLd, []);
  assert.is((await page('/blog')).body, shell);
});

test.run();
