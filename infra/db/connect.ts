import type { Config } from '../config/config';
import { runningEmbeddedUrl, startEmbeddedPostgres } from './embedded';

interface DatabaseTarget {
  url: string;
  embedded: boolean;
  stop(): Promise<void>;
}

/**
 * DATABASE_URL when set, otherwise the embedded PostgreSQL kept in the data folder. `attach`: use the embedded one
 * that a running house already started (and leave it running), for scripts that run beside it.
 */
export async function resolveDatabase(config: Config, log: (msg: string) => void, options: { attach?: boolean } = {}): Promise<DatabaseTarget> {
  if (config.databaseUrl) return { url: config.databaseUrl, embedded: false, stop: async () => {} };
  const running = options.attach ? runningEmbeddedUrl(config.dataDir) : null;
  if (running) {
    log(`No DATABASE_URL: using the embedded PostgreSQL already running in ${config.dataDir}/postgres`);
    return { url: running, embedded: true, stop: async () => {} };
  }
  log(`No DATABASE_URL: starting the embedded PostgreSQL in ${config.dataDir}/postgres`);
  // Its own process group: a Ctrl+C reaches the server, whose shutdown stops PostgreSQL last (docs/operations.md).
  const embedded = await startEmbeddedPostgres(config.dataDir, () => {}, { ownProcessGroup: true });
  return { url: embedded.url, embedded: true, stop: embedded.stop };
}
