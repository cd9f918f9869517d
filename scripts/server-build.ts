/**
 * The server as one JavaScript file (dist/server/main.mjs) and its worker threads' entries beside it, bundled by
 * esbuild from services/main.ts with the packages left to node_modules. `npm start` builds it first (prestart) and runs
 * it, and the tests' server processes run it too (services/testing/server-process.ts).
 *
 * Why: under tsx every start loads some 600 TypeScript modules through its loader thread, about 2.5 CPU seconds of a
 * 3.4 s start on this 2-core machine; a node restarted at an auction's close serves only once that is done, and the
 * test suite starts a dozen servers (docs/operations.md, "Start-up"). The bundle is rebuilt when it is older than any
 * source file, so it never runs code older than the checkout.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync, type BuildOptions } from 'esbuild';
import { newestMtime } from './newest-mtime';

/** The project's folder (this file is scripts/server-build.ts), whatever the caller's working folder. */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const SERVER_DIR = path.join(ROOT, 'dist/server');
export const SERVER_BUNDLE = path.join(SERVER_DIR, 'main.mjs');

/** Everything the bundle is made of: our folders, and the files that change how it is built. */
const SERVER_SOURCES = ['services', 'infra', 'projections', 'domain', 'package.json', 'package-lock.json', 'tsconfig.json', 'scripts/server-build.ts'];

/** Each thread as `<name>-thread.mjs` beside main.mjs, where infra/workers/thread-entry.ts looks for it in a bundle. */
const ENTRY_POINTS = Object.fromEntries(Object.entries({
  main: 'services/main.ts',
  'sign-in-thread': 'services/accounts/sign-in-thread/worker.ts',
  'projections-thread': 'projections/thread/worker.ts',
  'hash-thread': 'services/accounts/hashing/hash-thread.mjs',
}).map(([name, file]) => [name, path.join(ROOT, file)]));

const OPTIONS: BuildOptions = {
  entryPoints: ENTRY_POINTS,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Packages load from node_modules as they do under tsx (native modules, on-demand packages, their own files).
  packages: 'external',
  outExtension: { '.js': '.mjs' },
  // Stack traces name the TypeScript files (`node --enable-source-maps`).
  sourcemap: 'linked',
  sourcesContent: false,
  define: { __SERVER_BUNDLE__: 'true' },
  logLevel: 'error',
  write: false,
};

export function serverIsFresh(): boolean {
  try {
    return fs.statSync(SERVER_BUNDLE).mtimeMs >= newestMtime(SERVER_SOURCES, ROOT);
  } catch {
    return false;
  }
}

/**
 * Builds into memory, then writes each file under a temporary name and renames it into place: a process starting the
 * server while another builds (two test hosts) reads the old file or the new one, never half of one. main.mjs goes
 * last, so a fresh main.mjs means fresh threads beside it.
 */
export function buildServer(): void {
  const result = buildSync({ ...OPTIONS, outdir: SERVER_DIR, absWorkingDir: ROOT, tsconfig: path.join(ROOT, 'tsconfig.json') });
  fs.mkdirSync(SERVER_DIR, { recursive: true });
  const files = [...(result.outputFiles ?? [])].sort((a, b) => Number(a.path.endsWith('main.mjs')) - Number(b.path.endsWith('main.mjs')));
  for (const file of files) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, file.contents);
    fs.renameSync(temporary, file.path);
  }
}

/** Builds the bundle when it is missing or older than a source file. */
export function ensureServerBuilt(): void {
  if (!serverIsFresh()) buildServer();
}

/**
 * What follows `node` to start the server as `npm start` does: the bundle (built first when stale), with stack traces
 * through its source map. For the processes tests and benchmarks start.
 */
export function serverStartArgs(): string[] {
  ensureServerBuilt();
  return ['--enable-source-maps', SERVER_BUNDLE];
}

// `npm start`'s first step (prestart, after the client's) and `npm run build:server`.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    ensureServerBuilt();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
