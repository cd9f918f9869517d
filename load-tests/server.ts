/**
 * The server under test as a child process (the bundle `npm start` runs, scripts/server-build.ts), on a free loopback port. With
 * `processes` > 1 it is `PROCESSES=N` (node:cluster: a primary and N workers sharing the port, lot leases on).
 */
import net from 'node:net';
import path from 'node:path';
import os from 'node:os';
import fs from 'node:fs';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { fileURLToPath } from 'node:url';
import { serverStartArgs } from '../scripts/server-build';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface RunningServer {
  url: string;
  /** The bearer token of its /metrics (the benchmarks read the event loop's delay there). */
  metricsToken: string;
  processes: number;
  /** CPU seconds the server's processes (the primary and its workers) have used so far (Linux /proc; NaN elsewhere). */
  cpuSeconds(): number;
  /** CPU seconds so far per process: the process started, then its children (the cluster's workers). */
  cpuSample(): CpuSample;
  stop(): Promise<void>;
}

/** pid -> CPU seconds used so far. */
export type CpuSample = Map<number, number>;

/** CPU seconds per process between two samples; a process that appeared in between counts whole, one gone counts 0. */
export function cpuBetween(before: CpuSample, after: CpuSample): number[] {
  return [...after].map(([pid, seconds]) => seconds - (before.get(pid) ?? 0));
}

/** The pids whose parent is `pid` (a scan of /proc: the kernel's per-thread `children` file misses other threads'). */
export function childPids(pid: number | undefined): number[] {
  if (pid === undefined) return [];
  const found: number[] = [];
  let entries: string[] = [];
  try {
    entries = fs.readdirSync('/proc').filter((e) => /^\d+$/.test(e));
  } catch {
    return [];
  }
  for (const entry of entries) {
    try {
      // The parent pid is the second field after the command (which may contain spaces, hence the ') ').
      const parent = Number(fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
      if (parent === pid) found.push(Number(entry));
    } catch {
      // The process ended while scanning.
    }
  }
  return found.sort((a, b) => a - b);
}

/** CPU seconds the whole machine has been busy so far (Linux /proc/stat; NaN elsewhere). */
export function machineBusySeconds(): number {
  try {
    const [, ...ticks] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    // user nice system idle iowait irq softirq steal: busy = all but idle and iowait.
    return (ticks.slice(0, 8).reduce((a, b) => a + b, 0) - ticks[3] - ticks[4]) / 100;
  } catch {
    return NaN;
  }
}

export function cpuSecondsOf(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of stat (11 and 12 after the command), in clock ticks (100 per second).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

async function liveHolders(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM lease_holders WHERE expires_at > now()');
    return rows[0].n;
  } finally {
    await client.end();
  }
}

/** A free loopback port (asked of the kernel, then released for the child to take). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const port = (probe.address() as net.AddressInfo).port;
      probe.close(() => resolve(port));
    });
  });
}

export async function startServer(options: { databaseUrl: string; tokenSecret: string; processes?: number; /** `api` or `live`: an API node or a live node (docs/scale.md, "Live nodes"). */ role?: 'api' | 'live' }): Promise<RunningServer> {
  const processes = Math.max(1, options.processes ?? 1);
  const port = await freePort();
  const metricsToken = randomBytes(32).toString('hex');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wa-load-data-'));
  // A live node is only profiled on request (LOAD_PROFILE_LIVE=1): its profile would land in the same folder.
  const profiled = process.env.LOAD_PROFILE_DIR && (options.role !== 'live' || process.env.LOAD_PROFILE_LIVE === '1');
  const profile = profiled ? [`--cpu-prof`, `--cpu-prof-dir=${process.env.LOAD_PROFILE_DIR}`] : [];
  const child = spawn(process.execPath, [...profile, ...serverStartArgs()], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      TOKEN_SECRET: options.tokenSecret,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      MAIL_LOCAL: 'true', // the load's emails stay in the outbox (the production start check asks for a choice)
      SEED_ON_START: 'false',
      LOG_LEVEL: 'warn',
      PROCESSES: String(processes),
      LOT_LEASES: processes > 1 ? 'on' : 'off',
      SERVER_ROLE: options.role ?? 'all',
      METRICS_TOKEN: metricsToken,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  // Up to 90 s for tsx to compile and the server to listen; with several workers, until each has its lease heartbeat
  // (the first worker up answers /health for all), then 2 s for the last to finish starting and listen.
  for (let i = 0; i < 900; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${output}`);
    const up = await fetch(`${url}/health`).then((r) => r.ok).catch(() => false);
    if (up && (processes === 1 || (await liveHolders(options.databaseUrl)) >= processes)) break;
    if (i === 899) throw new Error(`the server did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  if (processes > 1) await new Promise((r) => setTimeout(r, 2000));
  const cpuSample = (): CpuSample => new Map([child.pid, ...childPids(child.pid)].map((pid) => [pid!, cpuSecondsOf(pid)]));
  return {
    url,
    metricsToken,
    processes,
    cpuSample,
    cpuSeconds: () => [...cpuSample().values()].reduce((a, b) => a + b, 0),
    async stop() {
      child.kill('SIGTERM');
      const killed = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killed);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
