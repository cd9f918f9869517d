/**
 * The same bid storm against Fastify alone (bare-fastify-server.mjs), in the same run as the house, on the same
 * machine: its decisions/s is the ceiling the house's are held against (issue #22: at least 0.7 of it). Measured
 * with no watchers and no database, so it is what Node and Fastify can answer here and now.
 */
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { runBidLoad, type BidLoadResult } from './bid-load';
import type { Bidder } from './setup';
import { cpuSecondsOf, freePort } from './server';

const HERE = path.dirname(fileURLToPath(import.meta.url));

export interface Ceiling { load: BidLoadResult; serverCores: number }

export async function bareCeiling(options: { bidders: Bidder[]; connections: number; durationSeconds: number; idempotencyKeys: boolean }): Promise<Ceiling> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(HERE, 'bare-fastify-server.mjs')], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  child.stderr.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-2000)));
  const url = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error(`the bare server exited: ${output}`);
      if (await fetch(`${url}/health`).then((r) => r.ok).catch(() => false)) break;
      if (i > 300) throw new Error(`the bare server did not start: ${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const run = { url, lotId: '00000000-0000-4000-8000-000000000001', ...options };
    await runBidLoad({ ...run, durationSeconds: 2 });
    const before = cpuSecondsOf(child.pid);
    const load = await runBidLoad(run);
    return { load, serverCores: (cpuSecondsOf(child.pid) - before) / load.durationSeconds };
  } finally {
    child.kill('SIGTERM');
  }
}
