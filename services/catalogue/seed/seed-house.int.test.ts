import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TestApp } from '../../testing/harness';
import { getJson, startCatalogueTestApp } from '../testing/fixtures';
import { seedDemoHouse, type SeedSummary } from './seed-house';
import sharp from 'sharp';
import { digestOf } from '../../content/rendered-images';
import { seedContent } from '../../content/seed';

let t: TestApp;
let summary: SeedSummary;

test.before(async () => {
  t = await startCatalogueTestApp();
  summary = await seedDemoHouse(t.ctx, { now: t.clock.now(), pastAuctions: 2, lotsPerPastAuction: 15, liveLots: 40, nextLots: 5, log: () => {} });
  await t.ctx.projections.waitFor(summary.last!, 180_000);
});
test.after(async () => t.close());

test('the house has finished past auctions, one live auction ending in a few minutes, and the next one', async () => {
  const status = await getJson(t, '/api/auctions/status/');
  assert.is(status.is_live, true);
  assert.is(status.live_auction_id, summary.liveAuctionId);
  const minutesLeft = (Date.parse(status.live_end_date) - t.clock.now().getTime()) / 60_000;
  assert.ok(minutesLeft > 3 && minutesLeft <= 15, `ends in ${minutesLeft} minutes`);
  assert.is(Date.parse(status.live_start_date), t.clock.now().getTime() - 3_600_000);
  assert.is(status.next_auction_id, summary.nextAuctionId);
  const past = await getJson(t, '/api/auctions/?time=past');
  assert.equal(past.results.map((a: { id: string }) => a.id).sort(), [...summary.pastAuctionIds].sort());
  assert.ok(past.results.every((a: { finished: boolean }) => a.finished));
});

test('live lots: on bidding, some with bids, some featured, some with a reserve not yet met', async () => {
  const live = await getJson(t, '/api/lots/filters/?live=true&page_size=120');
  assert.is(live.count, 40);
  type L = { on_bidding: boolean; bid_count: number; featured: boolean; reserve_met: boolean; has_reserve: boolean };
  assert.ok(live.results.every((l: L) => l.on_bidding));
  assert.ok(live.results.some((l: L) => l.bid_count > 0));
  assert.ok(live.results.some((l: L) => l.bid_count === 0));
  assert.ok((await getJson(t, '/api/lots/?featured=true&live=true&page_size=6')).results.length === 6);
  assert.ok(live.results.some((l: L) => l.has_reserve));
});

test('past lots are closed, sold ones to a demo bidder at a hammer price', async () => {
  const past = await getJson(t, '/api/lots/filters/?past=true&page_size=40');
  assert.is(past.count, 30);
  type L = { status: string; hammer_price: string | null };
  assert.ok(past.results.every((l: L) => l.status === 'sold' || l.status === 'unsold'));
  const sold = past.results.filter((l: L) => l.status === 'sold');
  assert.ok(sold.length > 0);
  assert.ok(sold.every((l: L) => l.hammer_price !== null));
  const winners = await t.ctx.db.selectFrom('lots').select('winner_id').where('outcome', '=', 'sold').execute();
  assert.ok(winners.every((w) => summary.users.bidderIds.includes(w.winner_id!)));
});

test('the demo people are real accounts: sellers own the lots, bidders have paid the fee', async () => {
  const users = await t.ctx.db.selectFrom('users').select(['id', 'registration_fee_status', 'is_staff']).execute();
  const byId = new Map(users.map((u) => [u.id, u]));
  assert.ok(byId.get(summary.users.staffId)?.is_staff);
  assert.ok(summary.users.bidderIds.every((id) => byId.get(id)?.registration_fee_status));
  const sellers = await t.ctx.db.selectFrom('lots').select('seller_id').distinct().execute();
  assert.equal(sellers.map((s) => s.seller_id).sort(), [...summary.users.sellerIds].sort());
});

/** An image as the image route serves it: its bytes, and what sharp reads in them. */
async function served(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  assert.is(res.statusCode, 200, url);
  assert.is(res.headers['content-type'], 'image/webp');
  const meta = await sharp(res.rawPayload).metadata();
  return { digest: digestOf(res.rawPayload), format: meta.format, width: meta.width, height: meta.height };
}

test('every lot has its own photograph, served as WebP in the two sizes of a staff upload', async () => {
  const all = [
    ...(await getJson(t, '/api/lots/filters/?past=true&page_size=40')).results,
    ...(await getJson(t, '/api/lots/filters/?live=true&page_size=120')).results,
  ] as { id: string; photos: { file: string }[] }[];
  assert.is(all.length, 70);
  const digests = new Set<string>();
  for (const lot of all) {
    assert.is(lot.photos.length, 1);
    const url = lot.photos[0].file;
    assert.match(url, /^\/api\/article_images\/[0-9a-f-]{36}\/\?size=full$/);
    const full = await served(url);
    const thumb = await served(url.replace('size=full', 'size=thumb'));
    assert.equal([full.format, full.width, full.height], ['webp', 640, 800]);
    assert.equal([thumb.format, thumb.width, thumb.height], ['webp', 320, 400]);
    digests.add(full.digest);
  }
  assert.is(digests.size, all.length, 'no two lots share a photograph');
});

test('the demo articles have covers and the people of /about portraits, served like uploads', async () => {
  const content = await seedContent(t.ctx);
  await t.ctx.projections.waitFor(content!.events.at(-1)!, 180_000);
  const articles = (await getJson(t, '/api/article/?page_size=20')).results as { image: string | null; thumbnail: string | null }[];
  assert.ok(articles.length >= 4);
  const covers = new Set<string>();
  for (const a of articles) {
    const cover = await served(a.image!);
    assert.is(cover.width, 1280);
    assert.is((await served(a.thumbnail!)).width, 400);
    covers.add(cover.digest);
  }
  assert.is(covers.size, articles.length);
  const people = (await getJson(t, '/api/about_us/')).results as { photo: string | null }[];
  assert.ok(people.length >= 4);
  for (const p of people) assert.is((await served(p.photo!)).format, 'webp');
});

test('seeding again only adds a live and a next auction when asked, continuing the sequence numbers', async () => {
  const again = await seedDemoHouse(t.ctx, { now: t.clock.now(), parts: { past: false }, liveLots: 3, nextLots: 1, users: summary.users, log: () => {} });
  await t.ctx.projections.waitFor(again.last!, 180_000);
  assert.equal(again.pastAuctionIds, []);
  const all = await getJson(t, '/api/auctions/?page_size=100');
  assert.is(all.count, 6);
  const seqs = all.results.map((a: { year: number; sequence_no: number }) => `${a.year}/${a.sequence_no}`);
  assert.is(new Set(seqs).size, 6, 'no two auctions share a sequence number');
});

test.run();
