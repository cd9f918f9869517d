import type { Config } from '../config';
import { startEmbeddedPostgres } from './embedded';

export interface DatabaseTarget {
  url: string;
  embedded: boolean;
  stop(): Promise<void>;
}

/** DATABASE_URL when set, otherwise the embedded PostgreSQL kept in the data folder. */
export async function resolveDatabase(config: Config, log: (msg: string) => void): Promise<DatabaseTarget> {
  if (config.databaseUrl) return { url: config.databaseUrl, embedded: false, stop: async () => {} };
  log(`No DATABASE_URL: starting the embedded PostgreSQL in ${config.dataDir}/postgres`);
  // Its own process group: a Ctrl+C reaches the server, whose shutdown stops PostgreSQL last (docs/operations.md).
  const embedded = await startEmbeddedPostgres(config.dataDir, () => {}, { ownProcessGroup: true });
  return { url: embedded.url, embedded: true, stop: embedded.stop };
}
