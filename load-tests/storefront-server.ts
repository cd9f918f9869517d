/**
 * The storefront benchmark's house: `services/main.ts` as `npm start` runs it (the production client build in
 * web/dist, development mode so the demo seed fills an empty database with past auctions, a live one and the next),
 * on a fresh database and a free loopback port. Ready when the seeded lots can be read.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { cpuSecondsOf, freePort } from './server';
import { serverStartArgs } from '../scripts/server-build';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface SeededHouse {
  url: string;
  pid: number;
  /** A live lot's id (the lot page) and a word its name has (the search page). */
  liveLotId: string;
  searchTerm: string;
  cpuSeconds(): number;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// biome-ignore lint/suspicious/noExplicitAny: the bench reads a few known fields of the API's JSON answers
async function json(url: string): Promise<any> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return res.json();
}

/** `extraEnv`: more settings for the server (the storefront bench configures social sign-in against local fakes). */
export async function startSeededHouse(databaseUrl: string, log: (m: string) => void, extraEnv: NodeJS.ProcessEnv = {}): Promise<SeededHouse> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wa-storefront-'));
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_ON_START: 'true', ...extraEnv };
  delete env.NODE_ENV; // development: the demo seed runs (production would refuse to seed)
  const child = spawn(process.execPath, serverStartArgs(), { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;

  const started = Date.now();
  let liveLotId = '';
  let pastLots = 0;
  // Up to 10 minutes for tsx, the migrations and the demo seed on a busy machine.
  while (Date.now() - started < 600_000) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${output}`);
    try {
      const live = await json(`${url}/api/lots/filters/?live=true&page_size=40`);
      const past = await json(`${url}/api/lots/filters/?past=true&page_size=40`);
      liveLotId = live.results?.[0]?.id ?? '';
      pastLots = past.count ?? 0;
      if (liveLotId && pastLots > 0) break;
    } catch {
      // not listening yet
    }
    await sleep(1000);
  }
  if (!liveLotId || pastLots === 0) throw new Error(`the demo seed gave no live or past lots: ${output}`);
  // The seed goes on writing for a while after the first lots appear: wait until the counts stop moving.
  let before = -1;
  for (;;) {
    const count = (await json(`${url}/api/lots/filters/?live=true&page_size=40`)).count + (await json(`${url}/api/lots/filters/?past=true&page_size=40`)).count as number;
    if (count === before) break;
    before = count;
    await sleep(3000);
  }
  const lot = await json(`${url}/api/lots/${liveLotId}/`);
  const searchTerm = String(lot.name ?? lot.title ?? 'whisky').split(/\s+/).find((w: string) => /^[a-z]{4,}$/i.test(w)) ?? 'whisky';
  log(`House seeded in ${((Date.now() - started) / 1000).toFixed(0)} s: ${before} lots, ${pastLots} past; lot ${liveLotId}, search "${searchTerm}"`);
  return {
    url,
    pid: child.pid!,
    liveLotId,
    searchTerm,
    cpuSeconds: () => cpuSecondsOf(child.pid),
    async stop() {
      child.kill('SIGTERM');
      const killed = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killed);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
