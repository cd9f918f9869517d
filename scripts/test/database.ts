/** The PostgreSQL server of a test run, and one migrated template database every test database is copied from. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDb } from '../../infra/db/database';
import { migrateToLatest } from '../../infra/db/migrate';
import { startEmbeddedPostgres } from '../../infra/db/embedded';
import { CLUSTER_PREFIX, removeStaleClusters } from './stale-clusters';

interface TestServer {
  serverUrl: string;
  template: string;
  /** The run's own embedded server (fsync off): copying a database file by file is cheap there. */
  embedded: boolean;
  stop: () => Promise<void>;
}

/**
 * DATABASE_URL's server when set, else an embedded one in a temporary folder. Migrating takes seconds; copying the
 * template (CREATE DATABASE ... TEMPLATE, services/testing/harness.ts) takes a fraction of one, once per test file.
 */
export async function prepareDatabase(): Promise<TestServer> {
  let serverUrl = process.env.DATABASE_URL;
  let stop = async () => {};
  const ownServer = !serverUrl;
  if (!serverUrl) {
    const stale = removeStaleClusters(os.tmpdir());
    if (stale.length > 0) console.log(`removed ${stale.length} test server folder(s) left by interrupted runs`);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), CLUSTER_PREFIX));
    // A server for one run, deleted after it: durability buys nothing here. Measured on this machine (PostgreSQL 18),
    // copying the template took ~700 ms per test database at wal_level=replica and ~60 ms at minimal (nothing WAL-logs
    // the copy then); fsync and synchronous_commit off spare a disk flush per commit. Crash tests start servers of
    // their own (services/faults/private-postgres.ts), with the defaults.
    const embedded = await startEmbeddedPostgres(dir, undefined, {
      initdb: ['--no-data-checksums'],
      postgres: ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off', 'wal_level=minimal', 'max_wal_senders=0']
        .flatMap((setting) => ['-c', setting]),
    });
    serverUrl = embedded.url;
    stop = async () => { await embedded.stop(); fs.rmSync(dir, { recursive: true, force: true }); };
  }
  const template = `wa_tpl_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  const url = new URL(serverUrl);
  url.pathname = `/${template}`;
  const db = createDb(url.toString(), 1);
  await migrateToLatest(db);
  await db.destroy();
  const dropTemplate = async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.end();
    await stop();
  };
  return { serverUrl, template, embedded: ownServer, stop: dropTemplate };
}
