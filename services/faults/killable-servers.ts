/**
 * Real server processes on one test app's database, for the tests that kill one between a commit and its answer
 * (FAULT_KILL_AFTER_COMMIT): each with the app's token secret (the test users' tokens work on all of them), a short
 * idempotency lease (a retry need not wait 30 s for a dead run's key) and a data folder of their own.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestApp } from '../testing/harness';
import { spawnServer, type ServerProcess } from '../testing/server-process';

export interface KillableServers {
  start(extra?: Record<string, string>): Promise<ServerProcess>;
  /** Stops every server started, and removes their data folder. */
  stopAll(): Promise<void>;
}

export function killableServers(t: TestApp): KillableServers {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wa-killed-'));
  const servers: ServerProcess[] = [];
  return {
    async start(extra = {}) {
      const s = await spawnServer({
        DATABASE_URL: t.database.url, TOKEN_SECRET: t.ctx.config.tokenSecret!, NODE_ENV: 'test', DATA_DIR: dir, LOG_LEVEL: 'warn',
        SEED_ON_START: 'false', IDEMPOTENCY_LEASE_MS: '1000', ...extra,
      });
      servers.push(s);
      return s;
    },
    async stopAll() {
      for (const s of servers) await s.stop().catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
