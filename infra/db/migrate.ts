import { Migrator, type MigrationProvider } from 'kysely';
import type { Db } from './database';
import { ensureFeedEpoch } from '../event-store/feed-epoch';
import { migrations } from './migrations/index';

/** The migrations of infra/db/migrations/index.ts (Kysely applies them in name order). */
const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Every start and script migrates through here. After the migrations the feed epoch is checked: a database restored
 * by other tools (pg_restore of a dump from another cluster) is put right before anything reads or writes the feed.
 */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const applied = await migrate(db, (migrator) => migrator.migrateToLatest());
  await ensureFeedEpoch(db);
  return applied;
}

/**
 * Up (or down) to `name` exactly: a restore first rebuilds the schema its backup was taken with. `inOpenTransaction`:
 * `db` is one connection with a transaction the caller opened (the restore's), and the migrations run inside it.
 */
export async function migrateTo(db: Db, name: string, options: { inOpenTransaction?: boolean } = {}): Promise<string[]> {
  return migrate(db, (migrator) => migrator.migrateTo(name), options.inOpenTransaction ?? false);
}

/** The migrations the code has, in order. */
export async function knownMigrations(): Promise<string[]> {
  return Object.keys(migrations).sort();
}

async function migrate(db: Db, run: (migrator: Migrator) => ReturnType<Migrator['migrateToLatest']>, disableTransactions = false): Promise<string[]> {
  const { error, results } = await run(new Migrator({ db, provider: provider, disableTransactions }));
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** The migrations of this code that the database has not applied (readiness: /ready, infra/http/readiness.ts). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: provider });
  return (await migrator.getMigrations()).filter((m) => m.executedAt === undefined).map((m) => m.name);
}
