/**
 * The traffic beside the bids in `npm run load-test:logins`: a flood of failed logins at a fixed rate from many
 * addresses (login-flood-worker.ts, in its own process), a browse mix
 * (listing, lot page, search) on a few connections, and a few good logins from a clean address, one at a time.
 * Loopback only; X-Forwarded-For carries the addresses (the server runs with TRUST_PROXY=true).
 */
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import type { Spread } from './stats';

export interface Tally { statuses: Record<string, number>; latenciesMs: number[]; errors: number }

const tally = (): Tally => ({ statuses: {}, latenciesMs: [], errors: 0 });

async function timedFetch(into: Tally, url: string, init: RequestInit): Promise<number> {
  const started = performance.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
    await res.arrayBuffer();
    into.latenciesMs.push(performance.now() - started);
    into.statuses[res.status] = (into.statuses[res.status] ?? 0) + 1;
    return res.status;
  } catch {
    into.errors++;
    return 0;
  }
}

const loginInit = (email: string, password: string, ip: string): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
  body: JSON.stringify({ email, password, remember_me: false }),
});

export interface FloodResult {
  sent: number; statuses: Record<string, number>; latency: Spread; errors: number; timeouts: number; cpuSeconds: number;
}

/** Runs login-flood-worker.ts as a child process (its own event loop) and answers what it printed. */
export function floodLogins(options: { url: string; perSecond: number; seconds: number; addresses: number; knownEmails: string[] }): Promise<FloodResult> {
  const worker = path.join(path.dirname(fileURLToPath(import.meta.url)), 'login-flood-worker.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', worker], {
    env: {
      ...process.env, FLOOD_URL: options.url, FLOOD_RATE: String(options.perSecond), FLOOD_SECONDS: String(options.seconds),
      FLOOD_ADDRESSES: String(options.addresses), FLOOD_EMAILS: options.knownEmails.join(','),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      const line = output.trim().split('\n').pop() ?? '';
      if (code !== 0 || !line.startsWith('{')) reject(new Error(`the flood worker failed (${code}): ${output.slice(-500)}`));
      else resolve(JSON.parse(line) as FloodResult);
    });
  });
}

/** Closed loop: `connections` readers, each going round the listing, the lot page and a search. */
export async function browse(url: string, lotId: string, seconds: number, connections: number): Promise<Tally> {
  const into = tally();
  const paths = ['/api/lots/filters/?live=true', `/api/lots/${lotId}/`, '/api/search_lots/?search=whisky'];
  const until = performance.now() + seconds * 1000;
  await Promise.all(Array.from({ length: connections }, async (_, c) => {
    for (let i = c; performance.now() < until; i++) await timedFetch(into, `${url}${paths[i % paths.length]}`, {});
  }));
  return into;
}

/**
 * A real user signing in now and then from a clean address during the flood: one login every `everyMs`, each with
 * the right password. A 503 is retried after its Retry-After, as the client would, and the time counts from the
 * first try (what the user waits). Records the status of the last try.
 */
export async function goodLogins(url: string, email: string, password: string, seconds: number, everyMs: number): Promise<Tally & { retries: number }> {
  const into = tally();
  let retries = 0;
  const until = performance.now() + seconds * 1000;
  const ip = '192.0.2.1';
  while (performance.now() < until) {
    const started = performance.now();
    let status = 0;
    const attempt = tally();
    for (let tries = 0; tries < 5; tries++) {
      status = await timedFetch(attempt, `${url}/api/auth/login/`, loginInit(email, password, ip));
      if (status !== 503) break;
      retries++;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    into.latenciesMs.push(performance.now() - started);
    into.statuses[status] = (into.statuses[status] ?? 0) + 1;
    into.errors += attempt.errors;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return { ...into, retries };
}
