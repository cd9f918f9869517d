/**
 * A described page's own code, preloaded from its HTML. The client loads each heavy page as its own chunk
 * (web/src/app.tsx), which the browser would otherwise request only after the entry script has run: one more round
 * trip before the lot page can ask for its data and draw its photo (the largest paint on a phone). Vite's build
 * manifest (web/dist/.vite/manifest.json) names the chunk and what it imports; the page's HTML gets a modulepreload
 * for each of its scripts and a stylesheet link for its CSS, leaving out what index.html already loads.
 *
 * The CSS is linked as a stylesheet, not preloaded: Vite's loader of a lazy chunk skips a stylesheet the page already
 * links (`link[href][rel=stylesheet]`) but adds one for a mere preload and waits for its load event before the chunk
 * runs, which cost the lot page one more round trip before its photo was drawn (Lighthouse's largest paint, mobile).
 * Linked in the head it is fetched beside the shell's CSS and blocks nothing the page could draw without it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { PageName } from '../../web/src/page-paths';

interface ManifestChunk { file: string; imports?: string[]; css?: string[] }
export type ViteManifest = Record<string, ManifestChunk>;

/** The module each described page lazily imports in web/src/app.tsx (checked against the manifest by its test). */
const PAGE_MODULES: Partial<Record<PageName, string>> = {
  product: 'src/features/bidding/product-page.tsx',
  auction: 'src/pages/auction-page.tsx',
  pastAuction: 'src/pages/auction-page.tsx',
  blogArticle: 'src/features/content/blog-pages.tsx',
};

/** The manifest keys `key` loads statically, itself included. */
function closure(manifest: ViteManifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const next of manifest[key].imports ?? []) closure(manifest, next, into);
  return into;
}

const filesOf = (manifest: ViteManifest, keys: Iterable<string>) => {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const key of keys) {
    js.add(manifest[key].file);
    for (const sheet of manifest[key].css ?? []) css.add(sheet);
  }
  return { js, css };
};

/** The <link> tags for `page`'s chunk: empty when the page has none or the manifest does not know it. */
export function routePreloadTags(manifest: ViteManifest, page: PageName): string[] {
  const module = PAGE_MODULES[page];
  if (!module || !manifest[module]) return [];
  const shell = filesOf(manifest, closure(manifest, 'index.html'));
  const own = filesOf(manifest, closure(manifest, module));
  const css = [...own.css].filter((f) => !shell.css.has(f)).map((f) => `<link rel="stylesheet" crossorigin href="/${f}" />`);
  // crossorigin as index.html's own modulepreloads have it: Vite loads chunks in CORS mode, and a preload made in
  // another mode would not be used.
  const js = [...own.js].filter((f) => !shell.js.has(f)).map((f) => `<link rel="modulepreload" crossorigin href="/${f}" />`);
  return [...css, ...js];
}

/** Reads the manifest of `dist` again when the build changed; no manifest (a development build) = no preloads. */
export function routePreloadReader(dist: string): (page: PageName | null) => Promise<string[]> {
  const file = path.join(dist, '.vite', 'manifest.json');
  let cached: { mtimeMs: number; manifest: ViteManifest } | null = null;
  return async (page) => {
    if (!page) return [];
    const stat = await fs.promises.stat(file).catch(() => null);
    if (!stat) return [];
    if (!cached || cached.mtimeMs !== stat.mtimeMs) cached = { mtimeMs: stat.mtimeMs, manifest: JSON.parse(await fs.promises.readFile(file, 'utf8')) };
    return routePreloadTags(cached.manifest, page);
  };
}
