/** The server under test as a child process (`node --import tsx services/main.ts`), on a free loopback port. */
import net from 'node:net';
import path from 'node:path';
import os from 'node:os';
import fs from 'node:fs';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface RunningServer {
  url: string;
  /** CPU seconds the server process has used so far (Linux /proc; NaN elsewhere). */
  cpuSeconds(): number;
  stop(): Promise<void>;
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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const port = (probe.address() as net.AddressInfo).port;
      probe.close(() => resolve(port));
    });
  });
}

export async function startServer(options: { databaseUrl: string; tokenSecret: string }): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wa-load-data-'));
  const profile = process.env.LOAD_PROFILE_DIR ? [`--cpu-prof`, `--cpu-prof-dir=${process.env.LOAD_PROFILE_DIR}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', path.join(ROOT, 'services/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      TOKEN_SECRET: options.tokenSecret,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      SEED_ON_START: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  // Up to 60 s for tsx to compile and the server to listen.
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${output}`);
    const up = await fetch(`${url}/health`).then((r) => r.ok).catch(() => false);
    if (up) break;
    if (i === 599) throw new Error(`the server did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    cpuSeconds: () => cpuSecondsOf(child.pid),
    async stop() {
      child.kill('SIGTERM');
      const killed = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killed);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
