/**
 * /robots.txt: crawlers may read the catalogue, results, articles and the house's pages; not the API, the account
 * area, checkout, the staff and audit desks, the payment steps or the one-click newsletter links (docs/security.md).
 */
const DISALLOWED = [
  '/api/', '/ws/', '/account/', '/checkout', '/staff', '/audit', '/payments/', '/newsletter/', '/search',
];

export function robotsTxt(publicUrl: string): string {
  return ['User-agent: *', 'Allow: /', ...DISALLOWED.map((p) => `Disallow: ${p}`), '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');
}
