/** The test files of the project, what kind each is, and how to read uvu's report of one. */
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', '.data']);

export interface FileResult { file: string; passed: number; failed: number; skipped: number; output: string; ms: number }

/** The project's files whose name `keep` takes, relative to `root`, sorted (no dependencies, builds or dot folders). */
export function findFiles(root: string, keep: (name: string) => boolean, dir = root, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || SKIP_DIRS.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) findFiles(root, keep, full, out);
    else if (keep(entry.name)) out.push(path.relative(root, full));
  }
  return out.sort();
}

export const findTests = (root: string) => findFiles(root, (name) => name.endsWith('.test.ts') || name.endsWith('.test.tsx'));

export const isBrowserFile = (file: string) => file.includes('.browser.');
const isIntFile = (file: string) => file.includes('.int.');
/** Pure tests: no database, no browser (`npm run test:unit`). */
export const isUnitFile = (file: string) => !isBrowserFile(file) && !isIntFile(file);

/**
 * Files that run in a process of their own rather than on a shared test host. Empty reasons are not allowed: a file
 * belongs here only for something the host cannot put back after it (scripts/test/host.ts restores process.env and
 * globals).
 */
const ISOLATED: Record<string, string> = {
  // Stops and starts a PostgreSQL server of its own; a host's other files must never meet it half-restarted.
  'services/faults/postgres-restart.int.test.ts': 'restarts its own PostgreSQL server',
};

export const isIsolated = (file: string) => file in ISOLATED;

/**
 * The order files start in: the slowest first, so the last to finish is a short one (by the previous run's times
 * when there are any, else browser files, then PostgreSQL files, then pure ones: roughly their usual cost).
 */
export function byExpectedCost(files: string[], previous: Record<string, number>): string[] {
  const guess = (f: string) => previous[f] ?? (isBrowserFile(f) ? 60_000 : isIntFile(f) ? 5_000 : 500);
  return [...files].sort((a, b) => guess(b) - guess(a) || a.localeCompare(b));
}

export function parseUvu(output: string, code: number): { passed: number; failed: number; skipped: number } {
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
