/**
 * How the client and the API's answers travel (docs/architecture.md, "Delivery"):
 * - web/dist is served with its build-time `.br` and `.gz` siblings (web/scripts/precompress.ts) by content
 *   negotiation, `Vary: Accept-Encoding`; hashed files under /assets/ are cached for a year as immutable, everything
 *   else (the HTML above all) is `no-cache`: revalidated on every use, so a deploy is seen at once.
 * - API answers of 1 KB and more are compressed on the fly (brotli quality 4, else gzip). Small answers (a bid, a
 *   login) stay under the threshold and skip it; websockets, file streams (uploaded photos) and PDFs are never
 *   touched.
 */
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
/** Answers smaller than this are sent as they are: compressing a bid's few hundred bytes costs more than it saves. */
const COMPRESS_THRESHOLD = 1024;
/** JSON, text (not event streams), XML and SVG; PDFs, images and octet streams are already compact or must stream. */
const COMPRESSIBLE_TYPES = /^(?:application\/(?:[\w.+-]+\+)?(?:json|xml)|text\/(?!event-stream)|image\/svg\+xml)(?:;|$)/;

/**
 * On-the-fly compression for the API. Registered before any route: its onRoute hook gives each route its own onSend.
 * Routes that must not pass through it: websockets (hijacked, nothing to compress but they would get the hook), and
 * the static files, which come precompressed (a file with no sibling is one not worth compressing).
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route: RouteOptions & { websocket?: boolean; compress?: unknown }) => {
    const isStaticFile = (route.config as { file?: string } | undefined)?.file !== undefined;
    if (route.websocket || isStaticFile || /^\/ws(\/|$)/.test(route.url)) route.compress = false;
  });
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE_TYPES,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}

/** Serves the built client from `root` with its precompressed siblings and the cache policy above. */
export async function serveBuiltClient(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    // The `.br` and `.gz` siblings are sent for their file by negotiation (preCompressed), never as files of their own:
    // a route each was 240 of the app's 566 paths, registered again at every start (docs/testing.md).
    globIgnore: ['**/*.br', '**/*.gz'],
    index: ['index.html'],
    preCompressed: true,
    cacheControl: false, // ours below, per file
    setHeaders: (reply: FastifyReply, file: string) => {
      const hashed = path.relative(root, file).split(path.sep)[0] === 'assets';
      reply.header('cache-control', hashed ? IMMUTABLE : REVALIDATE);
    },
  });
}

const encodedPages = new Map<string, { br: Buffer; gzip: Buffer }>();

/** The encoding to answer with: brotli when accepted, else gzip, else none (q=0 refuses one). */
export function pickEncoding(acceptEncoding: string | string[] | undefined): 'br' | 'gzip' | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding ?? '';
  const accepted = new Set(header.split(',').map((part) => part.trim().split(';')).filter(([, q]) => !/^\s*q=0(\.0*)?\s*$/.test(q ?? '')).map(([name]) => name.trim().toLowerCase()));
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/**
 * Sends a client page (the HTML shell the not-found handler answers for every page and the 404) `no-cache`,
 * compressed by negotiation. The last few distinct pages are kept encoded (the shell is one file; a page with its
 * own head would be one entry each).
 */
export function sendPage(request: FastifyRequest, reply: FastifyReply, html: Buffer): FastifyReply {
  reply.type('text/html; charset=utf-8').header('cache-control', REVALIDATE).header('vary', 'accept-encoding');
  const encoding = pickEncoding(request.headers['accept-encoding']);
  if (!encoding || html.length < COMPRESS_THRESHOLD) return reply.send(html);
  const key = html.toString('latin1');
  let encoded = encodedPages.get(key);
  if (!encoded) {
    encoded = { br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }), gzip: gzipSync(html, { level: 9 }) };
    if (encodedPages.size >= 32) encodedPages.delete(encodedPages.keys().next().value!);
    encodedPages.set(key, encoded);
  }
  return reply.header('content-encoding', encoding).send(encoded[encoding]);
}

/** The built client's index.html, read once per change of the file (a rebuild while running is picked up). */
export function indexHtmlReader(root: string): () => Promise<Buffer> {
  let cached: { mtimeMs: number; html: Buffer } | null = null;
  const file = path.join(root, 'index.html');
  return async () => {
    const { mtimeMs } = await fs.promises.stat(file);
    if (!cached || cached.mtimeMs !== mtimeMs) cached = { mtimeMs, html: await fs.promises.readFile(file) };
    return cached.html;
  };
}
