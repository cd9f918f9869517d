/** The PostgreSQL server of a test run, and one migrated template database every test database is copied from. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDb } from '../../services/db/database';
import { migrateToLatest } from '../../services/db/migrate';
import { startEmbeddedPostgres } from '../../services/db/embedded';

export interface TestServer { serverUrl: string; template: string; stop: () => Promise<void> }

/**
 * DATABASE_URL's server when set, else an embedded one in a temporary folder. Migrating takes seconds; copying the
 * template (CREATE DATABASE ... TEMPLATE, services/testing/harness.ts) takes a fraction of one, once per test file.
 */
export async function prepareDatabase(): Promise<TestServer> {
  let serverUrl = process.env.DATABASE_URL;
  let stop = async () => {};
  if (!serverUrl) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wa-test-pg-'));
    const embedded = await startEmbeddedPostgres(dir);
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
  return { serverUrl, template, stop: dropTemplate };
}
