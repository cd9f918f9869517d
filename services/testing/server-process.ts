/**
 * A real server process, started as `npm start` starts it (the server bundle, scripts/server-build.ts), for tests
 * that need several processes on one test database: kill -9, forwarding between machines. Spawned as `node` itself,
 * without npm, so the pid is the server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { serverStartArgs } from '../../scripts/server-build';

export interface ServerProcess {
  port: number;
  url: string;
  child: ChildProcess;
  /** The last lines it printed (a failing test shows them). */
  output(): string;
  kill9(): void;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface SpawnOptions {
  /** A command the server runs under, e.g. `ip netns exec <ns>` (it must exec the server, keeping the pid). */
  prefix?: string[];
  /** The address it listens on (127.0.0.1), and its port (a free one on this machine). */
  host?: string;
  port?: number;
}

export async function spawnServer(env: Record<string, string>, timeoutMs = 60_000, options: SpawnOptions = {}): Promise<ServerProcess> {
  const port = options.port ?? await freePort();
  const host = options.host ?? '127.0.0.1';
  const [command, ...args] = [...(options.prefix ?? []), process.execPath, ...serverStartArgs()];
  const child = spawn(command, args, {
    cwd: process.cwd(), env: { ...process.env, HOST: host, PORT: String(port), ...env }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (d: Buffer) => { output = (output + d.toString()).slice(-20_000); };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://${host}:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited at start:\n${output}`);
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch { /* not listening yet */ }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    port, url, child,
    output: () => output,
    kill9: () => { child.kill('SIGKILL'); },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
