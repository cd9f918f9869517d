/**
 * /sitemap.xml from the read models: the house's public pages, every lot that was not withdrawn (its page with the
 * slug), and every published article, each with its last change. Absolute URLs on PUBLIC_URL. One file holds at
 * most 50,000 URLs (the sitemap protocol's limit): the newest lots are kept when there are more.
 */
import { sql } from 'kysely';
import type { AppContext } from '../context';
import { escapeHtml } from '../../infra/http/escape-html';

const MAX_URLS = 50_000;

/** Public pages worth indexing; the catalogue's two lists change with the auctions. */
const STATIC_PAGES = [
  '/', '/how-to-buy', '/how-to-sell-whisky', '/how-to-sell-whisky-cask', '/selling', '/calendar', '/about', '/contact-us',
  '/faq', '/shipping-info', '/terms-and-conditions', '/privacy-policy',
];

interface SitemapEntry { path: string; lastmod: Date | null }

export async function sitemapEntries(ctx: AppContext): Promise<SitemapEntry[]> {
  const auctions = await sql<{ at: Date | null }>`
    SELECT max(greatest(created_at, coalesce(finished_at, created_at))) AS at FROM auctions`.execute(ctx.db);
  const articles = await sql<{ id: string; at: Date }>`
    SELECT id, updated_at AS at FROM articles WHERE published ORDER BY published_at DESC NULLS LAST, id LIMIT ${MAX_URLS}`.execute(ctx.db);
  const auctionsAt = auctions.rows[0]?.at ?? null;
  const blogAt = articles.rows.reduce<Date | null>((max, a) => (!max || a.at > max ? a.at : max), null);
  const pages: SitemapEntry[] = [
    ...STATIC_PAGES.map((path) => ({ path, lastmod: null })),
    { path: '/auction', lastmod: auctionsAt },
    { path: '/past-auction', lastmod: auctionsAt },
    { path: '/blog', lastmod: blogAt },
    ...articles.rows.map((a) => ({ path: `/blog/article/${a.id}`, lastmod: a.at })),
  ];
  const lots = await sql<{ id: string; slug: string; at: Date }>`
    SELECT id, slug, greatest(consigned_at, coalesce(closed_at, consigned_at)) AS at FROM lots
    WHERE withdrawn_at IS NULL ORDER BY consign_position DESC LIMIT ${MAX_URLS - pages.length}`.execute(ctx.db);
  return [...pages, ...lots.rows.map((l) => ({ path: `/product/${l.id}/${encodeURIComponent(l.slug)}`, lastmod: l.at }))];
}

export function sitemapXml(publicUrl: string, entries: SitemapEntry[]): string {
  const urls = entries.map((e) => {
    const lastmod = e.lastmod ? `<lastmod>${new Date(e.lastmod).toISOString()}</lastmod>` : '';
    return `<url><loc>${escapeHtml(publicUrl + e.path)}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
