import fs from 'node:fs';
import path from 'node:path';

/**
 * The newest modification time under the given files and folders, resolved from `root` (0 when none exist): a build
 * older than it is stale (scripts/client-build.ts, scripts/server-build.ts).
 */
export function newestMtime(paths: string[], root = process.cwd()): number {
  let newest = 0;
  const visit = (p: string) => {
    let stat: fs.Stats;
    try { stat = fs.statSync(p); } catch { return; }
    if (stat.isDirectory()) for (const name of fs.readdirSync(p)) visit(path.join(p, name));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const p of paths) visit(path.resolve(root, p));
  return newest;
}
