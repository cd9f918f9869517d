/**
 * `npx tsx load-tests/stack-cost.ts` (DATABASE_URL's server; STACK_SECONDS, default 8): where a decision's CPU goes,
 * layer by layer. The house (`services/main.ts` in production settings, no watchers) and Fastify alone answer, one
 * after the other, in one run, with wrk (64 connections): requests that stop at successive layers of the bid path.
 * The figure is the server's CPU per answer (its process's CPU over the answers), which the machine's speed moves
 * less than rates do; each is also given as a multiple of the bare server's (docs/benchmarks.md).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createContext } from '../services/context';
import { loadConfig } from '../infra/config/config';
import { createLot } from '../services/bidding/testing';
import { prepareDatabase, createBidders } from './setup';
import { freePort, startServer } from './server';
import { exitWhenDone } from './stats';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SECONDS = Number(process.env.STACK_SECONDS ?? 8);
const CONNECTIONS = 64;
const log = (m: string) => console.log(`[stack] ${m}`);

interface Probe { name: string; method: 'GET' | 'POST'; path: string; headers: Record<string, string>; body?: string; keyed?: boolean }
interface Measured { name: string; rate: number; cpuPerAnswerUs: number; systemPerAnswerUs: number; statuses: string }

/** [user, system] CPU seconds of a process so far (Linux /proc: utime and stime, 100 ticks a second). */
function userAndSystem(pid: number | undefined): [number, number] {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return [Number(fields[11]) / 100, Number(fields[12]) / 100];
  } catch {
    return [NaN, NaN];
  }
}

/** wrk with a Lua script that sends the probe (a fresh Idempotency-Key per request when keyed). */
function wrk(url: string, probe: Probe, seconds: number): { rate: number; statuses: string } {
  const script = path.join(os.tmpdir(), `stack-${randomBytes(4).toString('hex')}.lua`);
  const headerLines = Object.entries(probe.headers).map(([k, v]) => `wrk.headers[${JSON.stringify(k)}] = ${JSON.stringify(v)}`).join('\n');
  fs.writeFileSync(script, `
wrk.method = ${JSON.stringify(probe.method)}
${headerLines}
${probe.body ? `wrk.body = ${JSON.stringify(probe.body)}` : ''}
local n = 0
local counts = {}
request = function()
  n = n + 1
  ${probe.keyed ? `wrk.headers["idempotency-key"] = "stack-" .. n .. "-" .. math.random(1, 1e9)` : ''}
  return wrk.format(nil, ${JSON.stringify(probe.path)})
end
`);
  try {
    const out = execFileSync('wrk', ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '--latency', '-s', script, url], { encoding: 'utf8' });
    const rate = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
    const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? '0';
    return { rate, statuses: `non-2xx ${non2xx}` };
  } finally {
    fs.rmSync(script, { force: true });
  }
}

/** The server's CPU per answer over a wrk run of the probe, and the system (kernel) part of it. */
function measure(url: string, pid: number | undefined, probe: Probe): Measured {
  wrk(url, probe, 2);
  const [user, system] = userAndSystem(pid);
  const { rate, statuses } = wrk(url, probe, SECONDS);
  const [userAfter, systemAfter] = userAndSystem(pid);
  const answers = rate * SECONDS;
  const cores = (userAfter - user + systemAfter - system) / SECONDS;
  const m = { name: probe.name, rate, cpuPerAnswerUs: (cores / rate) * 1e6, systemPerAnswerUs: ((systemAfter - system) / answers) * 1e6, statuses };
  log(`${m.name}: ${rate.toFixed(0)}/s, ${m.cpuPerAnswerUs.toFixed(0)} µs CPU per answer, ${m.systemPerAnswerUs.toFixed(0)} of it the kernel's (${statuses}, ${cores.toFixed(2)} cores)`);
  return m;
}

async function bare(): Promise<Measured> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(HERE, 'bare-fastify-server.mjs')], { env: { ...process.env, PORT: String(port) }, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; !(await fetch(`${url}/health`).then((r) => r.ok).catch(() => false)); i++) {
      if (i > 300) throw new Error('the bare server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    const body = JSON.stringify({ bid: '10.00', lot: '00000000-0000-4000-8000-000000000001' });
    return measure(url, child.pid, { name: 'Fastify alone (the ceiling)', method: 'POST', path: '/api/bids/', headers: { 'content-type': 'application/json', authorization: 'Bearer bare-token' }, body });
  } finally {
    child.kill('SIGTERM');
  }
}

async function main(): Promise<void> {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
  } catch (error) {
    // wrk --version exits 1 after printing its version; only a missing binary is ENOENT.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new Error('stack-cost needs wrk: apt-get install wrk');
  }
  const ceiling = await bare();
  const database = await prepareDatabase(log);
  const tokenSecret = randomBytes(48).toString('base64url');
  const config = { ...loadConfig({ ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn' }), databaseUrl: database.url, tokenSecret };
  const ctx = createContext(config, database.url, { poolSize: 4 });
  const server = await startServer({ databaseUrl: database.url, tokenSecret });
  try {
    const [bidder] = await createBidders(ctx, 1);
    const { lotId } = await createLot(ctx, new Date(), { endsInMs: 2 * 60 * 60_000 });
    const auth = { authorization: `Bearer ${bidder.access}` };
    const json = { 'content-type': 'application/json' };
    const probes: Probe[] = [
      { name: 'GET /api/server_time/, no token (the stack, no route work)', method: 'GET', path: '/api/server_time/', headers: {} },
      { name: 'GET /api/server_time/ with a token (+ authentication)', method: 'GET', path: '/api/server_time/', headers: auth },
      { name: 'POST /api/bids/ without a token (401 before the route)', method: 'POST', path: '/api/bids/', headers: json, body: JSON.stringify({ bid: '10.00', lot: lotId }) },
      { name: 'POST /api/bids/ with a bad body (400 from validation)', method: 'POST', path: '/api/bids/', headers: { ...json, ...auth }, body: JSON.stringify({ bid: 'ten', lot: lotId }) },
      { name: 'POST /api/bids/ too low, no key (a refusal)', method: 'POST', path: '/api/bids/', headers: { ...json, ...auth }, body: JSON.stringify({ bid: '0.01', lot: lotId }) },
      { name: 'POST /api/bids/ too low, keyed (a refusal, as the client sends it)', method: 'POST', path: '/api/bids/', headers: { ...json, ...auth }, body: JSON.stringify({ bid: '0.01', lot: lotId }), keyed: true },
    ];
    // The server's process (its threads included: /proc's stat of a process sums them).
    const pid = [...server.cpuSample().keys()][0];
    // STACK_PROBES=2,5: only those probes (1-based), e.g. to profile one (LOAD_PROFILE_DIR).
    const only = process.env.STACK_PROBES?.split(',').map(Number);
    const rows = probes.filter((_, i) => !only || only.includes(i + 1)).map((p) => measure(server.url, pid, p));
    console.log(`\n| request | answers/s | server CPU per answer (kernel) | x the ceiling's |\n|---|---|---|---|`);
    for (const m of [ceiling, ...rows]) console.log(`| ${m.name} | ${m.rate.toFixed(0)} | ${m.cpuPerAnswerUs.toFixed(0)} µs (${m.systemPerAnswerUs.toFixed(0)}) | ${(m.cpuPerAnswerUs / ceiling.cpuPerAnswerUs).toFixed(1)} |`);
  } finally {
    await server.stop();
    await ctx.db.destroy();
    await database.cleanup();
  }
}

exitWhenDone(main(), 'stack');
