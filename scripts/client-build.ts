import fs from 'node:fs';
import path from 'node:path';
import { execFileSync, spawn } from 'node:child_process';
import { loadConfig } from '../infra/config/config';
import { createLogger } from '../infra/logger';
import { Steps } from '../services/progress';
import { serverBundle } from './server-build';
import { newestMtime } from './newest-mtime';

const CLIENT_SOURCES = ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'web/scripts/precompress.ts'];

/**
 * Builds the client when web/dist is missing or older than its sources, so `npm test` on a fresh clone serves real
 * pages and a browser test never runs against a stale build of the code it is meant to check.
 */
export function ensureClientBuilt(): void {
  if (clientIsFresh()) return;
  execFileSync(process.execPath, VITE_BUILD, { stdio: 'inherit' });
}

const VITE_BUILD = [path.resolve('node_modules/vite/bin/vite.js'), 'build', '--config', 'web/vite.config.ts', '--logLevel', 'error'];

function clientIsFresh(): boolean {
  const built = path.resolve('web/dist/index.html');
  // A build from before precompression (no index.html.br) is stale too: the server answers the .br and .gz siblings.
  return fs.existsSync(built) && fs.existsSync(`${built}.br`) && fs.statSync(built).mtimeMs >= newestMtime(CLIENT_SOURCES);
}

/** `npm start`'s first step (prestart), said as such: the client's build is most of a first start's time; the server's follows. */
async function startStep(): Promise<void> {
  const steps = new Steps(createLogger(loadConfig()));
  const fresh = clientIsFresh();
  await steps.run(1, fresh ? 'Checking the client build' : 'Building the client (web/dist is missing or older than web/src; about 30 s)', async () => {
    if (!fresh) {
      await new Promise<void>((resolve, reject) => {
        const child = spawn(process.execPath, VITE_BUILD, { stdio: ['ignore', 'inherit', 'inherit'] });
        child.once('error', reject);
        child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the client build failed (exit ${code})`))));
      });
    }
    // The server bundle `npm start` runs (about a second when the sources changed, nothing otherwise).
    serverBundle.ensure();
  }, () => (fresh ? 'The client build is up to date' : 'Built the client into web/dist'));
}

// `npm start` runs this first (prestart): a fresh clone serves the client without a separate build step.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve('scripts/client-build.ts')) {
  startStep().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
