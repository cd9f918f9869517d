import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../../infra/config/config';
import { createContext, type AppContext, type Clock } from '../context';
import { createDb } from '../../infra/db/database';
import { migrateToLatest } from '../../infra/db/migrate';
import { buildApp } from '../app';
import { featuresFor, startBackground } from '../features';

// A test process is NODE_ENV=test even when one file is run on its own (features then skip demo data).
process.env.NODE_ENV ??= 'test';

/** A clock the test moves by hand. */
export class TestClock implements Clock {
  constructor(private current = new Date('2026-11-21T12:00:00.000Z')) {}
  now(): Date { return new Date(this.current); }
  set(date: Date | string): void { this.current = new Date(date); }
  advance(ms: number): void { this.current = new Date(this.current.getTime() + ms); }
}

export interface TestDatabase { url: string; drop(): Promise<void> }

function serverUrl(): string {
  return process.env.TEST_DB_SERVER_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl() });
  await client.connect();
  try { return await fn(client); } finally { await client.end(); }
}

/**
 * How a test database is copied from the template. On the test run's own server (fsync off, its files on a memory
 * file system: scripts/test/database.ts) file by file, 10-20 ms against 50 ms block by block through the buffer cache
 * and the WAL, PostgreSQL 15+'s default. File by file forces a checkpoint, which costs nothing on a server that
 * flushes nothing, and a real flush on one that does (the machine's PostgreSQL in CI): there the default stays.
 */
const COPY_STRATEGY = process.env.TEST_DB_COPY_FILES === '1' ? ' STRATEGY = FILE_COPY' : '';

/**
 * A fresh database for one test file: a copy of the migrated template the test runner made, or (when a file is run
 * on its own) a new database migrated here.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `wa_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const template = process.env.TEST_TEMPLATE_DB;
  await admin((c) => c.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}${COPY_STRATEGY}` : `CREATE DATABASE ${name}`));
  const url = withDatabase(serverUrl(), name);
  if (!template) {
    const db = createDb(url, 1);
    await migrateToLatest(db);
    await db.destroy();
  }
  return { url, drop: () => admin(async (c) => { await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`); }) };
}

export interface TestApp {
  ctx: AppContext;
  app: FastifyInstance;
  clock: TestClock;
  database: TestDatabase;
  /** Starts the features' background work (schedulers, outbox, live feed) and the projection runner. */
  startWorkers(): Promise<void>;
  close(): Promise<void>;
}

/** The whole app on a fresh database, with a hand-moved clock; requests go through `app.inject`. */
export async function startTestApp(
  options: {
    config?: Partial<Config>; workers?: boolean; clock?: TestClock;
    /** Another app's: a second server process on it (not dropped by close()). */ database?: TestDatabase;
    /** Runs before the app is ready: test-only routes and hooks. */ prepare?: (app: FastifyInstance) => void | Promise<void>;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? await createTestDatabase();
  const config: Config = {
    ...loadConfig({ ...process.env, NODE_ENV: 'test' }),
    databaseUrl: database.url,
    tokenSecret: randomBytes(48).toString('base64url'),
    // Each test app its own abuse-limit counters, also when REDIS_URL points every test file at one Redis.
    rateLimitPrefix: `test-${randomBytes(6).toString('hex')}:`,
    // A write's answer waits as long as it did before the bounded wait (15 s), so tests that read right after a write
    // stay as they were on a busy machine; the fault tests shorten it (services/faults/committed-writes.int.test.ts).
    viewsWaitMs: 15_000,
    // Tests are not about the hashing threads' priority or the queue's wait (password-work.int.test.ts sets its own):
    // on a loaded machine a niced thread could take seconds a hash and a short wait would answer 503.
    passwordHashing: { concurrency: 1, maxQueued: 64, maxWaitMs: 120_000, nice: 0, promptPerSecond: 0 },
    // Logins in-process: a thread per test app would cost each file its start (sign-in-thread.int.test.ts turns it on).
    signInThread: false,
    ...options.config,
  };
  const clock = options.clock ?? new TestClock();
  const ctx = createContext(config, database.url, { clock, poolSize: 5 });
  const app = await buildApp(ctx);
  await options.prepare?.(app);
  await app.ready();
  let started = false;
  const startWorkers = async () => {
    if (started) return;
    started = true;
    await startBackground(ctx);
  };
  if (options.workers !== false) await startWorkers();
  return {
    ctx, app, clock, database, startWorkers,
    async close() {
      await app.close();
      if (started) for (const feature of [...featuresFor(config.role)].reverse()) await feature.stop?.(ctx);
      await ctx.projections.stop();
      await ctx.passwords.close();
      await ctx.signIn.db.destroy();
      await ctx.db.destroy();
      if (!options.database) await database.drop();
    },
  };
}
