/**
 * The server as one JavaScript file (dist/server/main.mjs) and its worker threads' entries beside it, bundled by
 * esbuild from services/main.ts with the packages left to node_modules. `npm start` builds it first (prestart) and runs
 * it, and the tests' server processes run it too (services/testing/server-process.ts).
 *
 * Why: under tsx every start loads some 600 TypeScript modules through its loader thread, about 2.5 CPU seconds of a
 * 3.4 s start on this 2-core machine; a node restarted at an auction's close serves only once that is done, and the
 * test suite starts a dozen servers (docs/operations.md, "Start-up"). The bundle is rebuilt when it is older than any
 * source file it was built from, so it never runs code older than the checkout.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync, type BuildOptions } from 'esbuild';
import { newestMtime } from './newest-mtime';

/** The project's folder (this file is scripts/server-build.ts), whatever the caller's working folder. */
const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Each thread as `<name>-thread.mjs` beside main.mjs, where infra/workers/thread-entry.ts looks for it in a bundle. */
const ENTRY_POINTS = {
  main: 'services/main.ts',
  'sign-in-thread': 'services/accounts/sign-in-thread/worker.ts',
  'projections-thread': 'projections/thread/worker.ts',
  'hash-thread': 'services/accounts/hashing/hash-thread.mjs',
};
/** Besides the sources, the files that change how it is built or what the packages are. */
const BUILD_FILES = ['package.json', 'package-lock.json', 'tsconfig.json', 'scripts/server-build.ts'];

const OPTIONS: BuildOptions = {
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
  metafile: true,
};

export interface Bundle {
  dir: string;
  /** `<dir>/main.mjs`. */
  main: string;
  /** Built, and no file it was built from (nor a build file) changed or went away since. */
  isFresh(): boolean;
  build(): void;
  /** Builds when not fresh. */
  ensure(): void;
}

/**
 * A bundle of `entryPoints` (names to files, from `root`) into `root/outDir`. The source files esbuild read are
 * written beside it (`inputs.json`: services/, infra/, projections/, domain/ and the few files of web/src the server
 * shares), and a change to any of them, or to a file they import (which changes them too), makes it stale.
 */
export function bundle(root: string, entryPoints: Record<string, string>, outDir: string, buildFiles: string[]): Bundle {
  const dir = path.join(root, outDir);
  const main = path.join(dir, 'main.mjs');
  const inputsFile = path.join(dir, 'inputs.json');
  const isFresh = () => {
    try {
      const inputs = JSON.parse(fs.readFileSync(inputsFile, 'utf8')) as string[];
      // A source the last build read that is gone: something moved, build again.
      if (inputs.some((file) => !fs.existsSync(path.join(root, file)))) return false;
      return fs.statSync(main).mtimeMs >= newestMtime([...inputs, ...buildFiles], root);
    } catch {
      return false;
    }
  };
  /**
   * Builds into memory, then writes each file under a temporary name and renames it into place: a process starting
   * the server while another builds (two test hosts) reads the old file or the new one, never half of one. main.mjs
   * goes last, so a fresh main.mjs means fresh threads and inputs beside it.
   */
  const build = () => {
    const tsconfig = path.join(root, 'tsconfig.json');
    const result = buildSync({
      ...OPTIONS, entryPoints: Object.fromEntries(Object.entries(entryPoints).map(([name, file]) => [name, path.join(root, file)])),
      outdir: dir, absWorkingDir: root, ...(fs.existsSync(tsconfig) ? { tsconfig } : {}),
    });
    fs.mkdirSync(dir, { recursive: true });
    // Our own files only: the packages are external, so esbuild reads none of node_modules.
    const inputs = Object.keys(result.metafile?.inputs ?? {}).sort();
    const files = [
      { path: inputsFile, contents: new TextEncoder().encode(`${JSON.stringify(inputs, null, 1)}\n`) },
      ...[...(result.outputFiles ?? [])].sort((a, b) => Number(a.path === main) - Number(b.path === main)),
    ];
    for (const file of files) {
      const temporary = `${file.path}.${process.pid}.tmp`;
      fs.writeFileSync(temporary, file.contents);
      fs.renameSync(temporary, file.path);
    }
  };
  return { dir, main, isFresh, build, ensure: () => { if (!isFresh()) build(); } };
}

/** The server `npm start` runs: dist/server/main.mjs and its threads' entries. */
export const serverBundle = bundle(ROOT, ENTRY_POINTS, 'dist/server', BUILD_FILES);

/**
 * What follows `node` to start the server as `npm start` does: the bundle (built first when stale), with stack traces
 * through its source map. For the processes tests and benchmarks start.
 */
export function serverStartArgs(): string[] {
  serverBundle.ensure();
  return ['--enable-source-maps', serverBundle.main];
}

// `npm start`'s first step (prestart, after the client's) and `npm run build:server`.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    serverBundle.ensure();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
