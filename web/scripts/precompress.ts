/**
 * Precompression of the client build (docs/architecture.md, "Delivery"): beside every compressible file of web/dist
 * (scripts, styles, HTML, SVG, JSON...) a `.br` (brotli, quality 11) and a `.gz` (gzip, level 9), so the server sends
 * them by content negotiation without compressing anything per request (@fastify/static `preCompressed`). A Vite
 * plugin, so every build gets them: `npm run build`, and the build `npm start` and the tests make when web/dist is
 * stale (scripts/client-build.ts). Files are compressed in parallel on the libuv thread pool.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing; images, audio and fonts in their own compressed formats are left alone. */
export const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|map|webmanifest|ico|wasm)$/;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : Promise.resolve([join(dir, e.name)]))));
  return nested.flat();
}

/** Writes `<file>.br` and `<file>.gz` beside each compressible file under `dir`; answers how many files it did. */
export async function precompressDir(dir: string): Promise<number> {
  const files = (await filesUnder(dir)).filter((f) => COMPRESSIBLE.test(f));
  await Promise.all(files.map(async (file) => {
    const raw = await readFile(file);
    const [br, gz] = await Promise.all([
      brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
      gzipAsync(raw, { level: 9 }),
    ]);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
  }));
  return files.length;
}

/** The Vite plugin: after the bundle is written, precompress the output folder. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'whisky-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}
