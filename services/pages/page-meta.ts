/**
 * The pages the server describes in their HTML (infra/http/page-head.ts): a lot, the live and past auctions, an
 * article. Each reads the same read models and queries as the API answers those pages with, as a visitor who is not
 * signed in. A describer answers null when the page's record does not exist (the page is then a 404).
 */
import { z } from 'zod';
import type { AppContext } from '../context';
import type { PageName } from '../../web/src/page-paths';
import { SITE } from '../../web/src/lib/site';
import { findLot } from '../catalogue/http';
import { lotShape, ANONYMOUS } from '../catalogue/lots/shape';
import { filterContext, listLots } from '../catalogue/lots/listing';
import { lotsQuery } from '../catalogue/lots/filter-query';
import type { AuctionView } from '../catalogue/auctions/read';
import { auctionStatusSummary } from '../catalogue/routes/auctions-read';
import { findArticle } from '../content/article-views';
import { plainText } from '../content/markdown';
import { absoluteUrl, clip, type PageHead } from '../../infra/http/page-head';
import { lotHead, lotTitle, ukTime } from './lot-page-meta';

type Describer = (ctx: AppContext, params: Record<string, string>) => Promise<PageHead | null>;

/** The API's own id check (an id it would refuse names nothing here either). */
const isId = (value: string | undefined) => z.string().uuid().safeParse(value).success;

const auctionName = (a: AuctionView) => `Auction No. ${a.sequence_no} · ${a.year}`;

async function describeLot(ctx: AppContext, params: Record<string, string>): Promise<PageHead | null> {
  if (!isId(params.id)) return null;
  const row = await findLot(ctx, params.id);
  return row ? lotHead(lotShape(row, ctx.clock.now(), ANONYMOUS), ctx.config.publicUrl) : null;
}

/** The most valuable lot of a listing (the listing's own first card, by price): its photo stands for the page. */
async function topLot(ctx: AppContext, which: 'live' | 'past', fctx: Awaited<ReturnType<typeof filterContext>>) {
  const filter = lotsQuery.parse({ [which]: 'true' });
  const { rows } = await listLots(ctx, filter, fctx, '-price', 1, 1);
  const row = rows[0];
  if (!row) return null;
  const lot = lotShape(row, fctx.now, ANONYMOUS);
  const image = absoluteUrl(lot.photos[0]?.file, ctx.config.publicUrl);
  return image ? { image, imageAlt: lotTitle(lot) } : null;
}

function listingHead(ctx: AppContext, path: string, name: string, description: string, picture: { image: string; imageAlt: string } | null): PageHead {
  return {
    title: `${name} · ${SITE.name}`,
    shareTitle: name,
    description: clip(description),
    canonical: `${ctx.config.publicUrl}${path}`,
    ogType: 'website',
    siteName: SITE.name,
    image: picture?.image ?? null,
    imageAlt: picture?.imageAlt ?? name,
    fallback: { heading: name, paragraphs: [description] },
  };
}

/** /auction: the live auction (the soonest to end, as GET /api/auctions/status/ picks it), or the next one. */
async function describeLiveAuction(ctx: AppContext): Promise<PageHead> {
  const fctx = await filterContext(ctx);
  const summary = auctionStatusSummary(fctx.auctions);
  const live = fctx.auctions.find((a) => a.id === summary.live_auction_id);
  const next = fctx.auctions.find((a) => a.id === summary.next_auction_id);
  const description = live
    ? `${auctionName(live)}: ${live.lot_count} lots of rare and collectable whisky, bidding now. Lots close from ${ukTime(live.end_date.toISOString())}; a bid in a lot's last 3 minutes extends it by 3 minutes.`
    : next
      ? `There is no auction live at the moment. ${auctionName(next)} opens ${ukTime(next.start_date.toISOString())}.`
      : 'There is no auction live at the moment.';
  const head = listingHead(ctx, '/auction', 'Live Auction', description, live ? await topLot(ctx, 'live', fctx) : null);
  if (!live) return head;
  head.jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'SaleEvent',
    name: `${SITE.name}: ${auctionName(live)}`,
    description: head.description,
    url: head.canonical,
    startDate: live.start_date.toISOString(),
    endDate: live.end_date.toISOString(),
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
    location: { '@type': 'VirtualLocation', url: head.canonical },
    organizer: { '@type': 'Organization', name: SITE.name, url: `${ctx.config.publicUrl}/` },
    ...(head.image ? { image: [head.image] } : {}),
  };
  return head;
}

/** /past-auction: the results, with the latest finished auction named. */
async function describePastAuctions(ctx: AppContext): Promise<PageHead> {
  const fctx = await filterContext(ctx);
  const latest = fctx.auctions.filter((a) => a.status === 'past').sort((a, b) => b.end_date.getTime() - a.end_date.getTime())[0];
  const description = 'Hammer prices from our previous auctions, by the date each auction ended.'
    + (latest ? ` The latest, ${auctionName(latest)}, ended ${ukTime(latest.end_date.toISOString())} with ${latest.lot_count} lots.` : '');
  return listingHead(ctx, '/past-auction', 'Past Auctions', description, latest ? await topLot(ctx, 'past', fctx) : null);
}

/** A published article (drafts have no public page, as GET /api/articles/{id}/ answers). */
async function describeArticle(ctx: AppContext, params: Record<string, string>): Promise<PageHead | null> {
  if (!isId(params.id)) return null;
  const article = await findArticle(ctx, params.id, null, false);
  if (!article) return null;
  const canonical = `${ctx.config.publicUrl}/blog/article/${article.id}`;
  const image = absoluteUrl(article.image, ctx.config.publicUrl);
  const description = clip(article.short_description);
  const published = article.published_at ?? article.created_at;
  return {
    title: `${article.title} · ${SITE.name}`,
    shareTitle: article.title,
    description,
    canonical,
    ogType: 'article',
    siteName: SITE.name,
    image,
    imageAlt: article.title,
    properties: [['article:published_time', published], ['article:modified_time', article.updated_at], ['article:section', article.type.name]],
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: article.title,
      description,
      url: canonical,
      mainEntityOfPage: canonical,
      datePublished: published,
      dateModified: article.updated_at,
      articleSection: article.type.name,
      ...(image ? { image: [image] } : {}),
      publisher: { '@type': 'Organization', name: SITE.name, url: `${ctx.config.publicUrl}/` },
    },
    fallback: { heading: article.title, paragraphs: article.content.split(/\n{2,}/).map(plainText).slice(0, 40) },
  };
}

/** Pages with their own head; every other page is sent with the shell's generic head. */
export const PAGE_DESCRIBERS: Partial<Record<PageName, Describer>> = {
  product: describeLot,
  auction: (ctx) => describeLiveAuction(ctx),
  pastAuction: (ctx) => describePastAuctions(ctx),
  blogArticle: describeArticle,
};
