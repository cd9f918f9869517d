import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

const CLIENT_SOURCES = ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'web/scripts/precompress.ts'];

/** The newest modification time under the given files and folders (0 when none exist). */
function newestMtime(paths: string[]): number {
  let newest = 0;
  const visit = (p: string) => {
    let stat: fs.Stats;
    try { stat = fs.statSync(p); } catch { return; }
    if (stat.isDirectory()) for (const name of fs.readdirSync(p)) visit(path.join(p, name));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  paths.forEach((p) => { visit(path.resolve(p)); });
  return newest;
}

/**
 * Builds the client when web/dist is missing or older than its sources, so `npm test` on a fresh clone serves real
 * pages and a browser test never runs against a stale build of the code it is meant to check.
 */
export function ensureClientBuilt(): void {
  const built = path.resolve('web/dist/index.html');
  // A build from before precompression (no index.html.br) is stale too: the server answers the .br and .gz siblings.
  const fresh = fs.existsSync(built) && fs.existsSync(`${built}.br`) && fs.statSync(built).mtimeMs >= newestMtime(CLIENT_SOURCES);
  if (fresh) return;
  execFileSync(process.execPath, [path.resolve('node_modules/vite/bin/vite.js'), 'build', '--config', 'web/vite.config.ts', '--logLevel', 'error'], { stdio: 'inherit' });
}


// `npm start` runs this first (prestart): a fresh clone serves the client without a separate build step.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve('scripts/client-build.ts')) ensureClientBuilt();
