/**
 * A page the server can describe (a lot, the auctions, an article: services/pages/page-meta.ts) is sent as the
 * client's index.html with its own head and a short text for readers without scripts (docs/catalogue.md, "Pages
 * without scripts"): title, description, canonical URL, Open Graph, Twitter card and JSON-LD, so search engines and
 * link previews see the bottle and its price. Pure string work on the built shell; every text is escaped here.
 */
import { escapeHtml } from './escape-html';

export interface PageHead {
  /** The whole <title>, as the client's useTitle writes it (so it does not change when the client mounts). */
  title: string;
  /** og:title and twitter:title: the page's own name, without the site's. */
  shareTitle: string;
  description: string;
  /** Absolute, on PUBLIC_URL. */
  canonical: string;
  ogType: 'website' | 'article' | 'product';
  siteName: string;
  /** Absolute http(s) URL, or null when the page has no picture (the Twitter card is then the small one). */
  image: string | null;
  imageAlt: string;
  /** Further Open Graph properties (product:price:amount, article:published_time...). */
  properties?: [string, string][];
  /** schema.org data, sent as application/ld+json. */
  jsonLd?: Record<string, unknown> | null;
  /**
   * The page's largest picture, preloaded from the head with high priority: the browser fetches it while the client's
   * scripts and data are still on their way (the gallery then finds it in the cache). Same URL, srcset and sizes as
   * the <img> will have, or the browser would download a second copy.
   */
  preloadImage?: { href: string; srcset?: string; sizes?: string } | null;
  /**
   * The page's record as the API answers it to a visitor who is not signed in, sent as a JSON data block
   * (`<script type="application/json" id="page-data">`, never run) so the client draws the page without first asking
   * for it (web/src/state/page-data.ts).
   */
  data?: unknown;
  /** What a reader without scripts sees: a heading and a few paragraphs. */
  fallback: { heading: string; paragraphs: string[] };
}

/** Meta descriptions are cut near what search results show. */
const DESCRIPTION_MAX = 200;

/** One line of plain text, cut at a word boundary with an ellipsis when longer than `max`. */
export function clip(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:·-]+$/, '')}…`;
}

/** `file` (a path or a URL) as an absolute http(s) URL on the site, or null for anything else (data:, javascript:). */
export function absoluteUrl(file: string | null | undefined, publicUrl: string): string | null {
  if (!file) return null;
  try {
    const url = new URL(file, `${publicUrl}/`);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * JSON inside <script>: the HTML parser ends the element at `</script` and treats `<!--` specially whatever the
 * JSON means, so `<`, `>` and `&` go as \u escapes (JSON.parse gives the same text back). U+2028/9 too, for old readers.
 */
export function scriptJson(data: unknown): string {
  return JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const meta = (attr: 'name' | 'property', key: string, content: string) => `<meta ${attr}="${escapeHtml(key)}" content="${escapeHtml(content)}" />`;

function preloadLink(p: NonNullable<PageHead['preloadImage']>): string {
  const sources = p.srcset ? ` imagesrcset="${escapeHtml(p.srcset)}" imagesizes="${escapeHtml(p.sizes ?? '100vw')}"` : '';
  return `<link rel="preload" as="image" href="${escapeHtml(p.href)}"${sources} fetchpriority="high" />`;
}

/** The tags that go into <head> (the shell's own title and description are replaced). */
function headTags(h: PageHead): string {
  const card = h.image ? 'summary_large_image' : 'summary';
  const tags = [
    `<title>${escapeHtml(h.title)}</title>`,
    meta('name', 'description', h.description),
    `<link rel="canonical" href="${escapeHtml(h.canonical)}" />`,
    meta('property', 'og:site_name', h.siteName),
    meta('property', 'og:type', h.ogType),
    meta('property', 'og:title', h.shareTitle),
    meta('property', 'og:description', h.description),
    meta('property', 'og:url', h.canonical),
    meta('property', 'og:locale', 'en_GB'),
    ...(h.image ? [meta('property', 'og:image', h.image), meta('property', 'og:image:alt', h.imageAlt)] : []),
    ...(h.properties ?? []).map(([key, value]) => meta('property', key, value)),
    meta('name', 'twitter:card', card),
    meta('name', 'twitter:title', h.shareTitle),
    meta('name', 'twitter:description', h.description),
    ...(h.image ? [meta('name', 'twitter:image', h.image), meta('name', 'twitter:image:alt', h.imageAlt)] : []),
    ...(h.preloadImage ? [preloadLink(h.preloadImage)] : []),
    // Data blocks, never run: CSP's script-src governs only scripts the browser would execute.
    ...(h.jsonLd ? [`<script type="application/ld+json">${scriptJson(h.jsonLd)}</script>`] : []),
    ...(h.data !== undefined ? [`<script type="application/json" id="page-data">${scriptJson(h.data)}</script>`] : []),
  ];
  return tags.map((t) => `    ${t}\n`).join('');
}

/**
 * The readable text for readers without scripts. In a <noscript>, so a browser running scripts neither lays it out
 * nor paints it (no layout shift, nothing to hydrate); createRoot replaces the whole of #root when the client mounts.
 */
function fallbackHtml(h: PageHead): string {
  const paragraphs = h.fallback.paragraphs.filter(Boolean).map((p) => `<p>${escapeHtml(p)}</p>`).join('');
  return `<noscript><article class="container section"><h1>${escapeHtml(h.fallback.heading)}</h1>${paragraphs}</article></noscript>`;
}

const TITLE = /<title>[\s\S]*?<\/title>\s*/i;
const DESCRIPTION = /<meta\s+name="description"[^>]*>\s*/i;
const ROOT = /<div id="root"><\/div>/;

/**
 * The built index.html with the page's head (and `preloads`, the page's own chunk: infra/http/route-chunks.ts) and
 * fallback; the shell unchanged when there is no head. Replacements are
 * functions: a `$&` in a lot's title must stay text, not a replacement pattern.
 */
export function renderPage(shell: string, head: PageHead | null, preloads: string[] = []): string {
  if (!head || !shell.includes('</head>')) return shell;
  const extra = preloads.map((t) => `    ${t}\n`).join('');
  const withHead = shell.replace(TITLE, '').replace(DESCRIPTION, '').replace(/\s*<\/head>/, () => `\n${headTags(head)}${extra}  </head>`);
  return withHead.replace(ROOT, () => `<div id="root">${fallbackHtml(head)}</div>`);
}
