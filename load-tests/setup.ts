/**
 * The load test's world: a fresh database (on DATABASE_URL's server, or an embedded PostgreSQL), bidders with the
 * registration fee paid and a signed-in session each (made straight through the account commands: one scrypt hash
 * shared by all), and one live lot.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { AppContext } from '../services/context';
import { createDb } from '../infra/db/database';
import { migrateToLatest } from '../infra/db/migrate';
import { startEmbeddedPostgres } from '../infra/db/embedded';
import { createAccount } from '../services/accounts/create-account';
import { openSession } from '../services/accounts/sessions';
import { hashPassword } from '../services/accounts/passwords';

interface LoadDatabase {
  /** The fresh database. */
  url: string;
  /** The server's maintenance database (for the one-row baseline and pgbench). */
  serverUrl: string;
  cleanup(): Promise<void>;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function prepareDatabase(log: (m: string) => void): Promise<LoadDatabase> {
  let serverUrl = process.env.DATABASE_URL;
  let stopEmbedded = async () => {};
  if (!serverUrl) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wa-load-pg-'));
    log(`No DATABASE_URL: starting an embedded PostgreSQL in ${dir}`);
    const embedded = await startEmbeddedPostgres(dir);
    serverUrl = embedded.url;
    stopEmbedded = async () => {
      await embedded.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    };
  }
  const name = `wa_load_${Date.now().toString(36)}_${randomBytes(2).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = withDatabase(serverUrl, name);
  const db = createDb(url, 1);
  await migrateToLatest(db);
  await db.destroy();
  return {
    url,
    serverUrl: serverUrl,
    async cleanup() {
      const again = new pg.Client({ connectionString: serverUrl });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
      await stopEmbedded();
    },
  };
}

export interface Bidder {
  id: string;
  access: string;
}

/** `count` verified bidders with the fee paid, each signed in; a few at a time (each is a transaction). */
export async function createBidders(ctx: AppContext, count: number): Promise<Bidder[]> {
  const passwordHash = await hashPassword(randomBytes(12).toString('base64url'));
  const bidders: Bidder[] = [];
  for (let start = 0; start < count; start += 8) {
    const batch = Array.from({ length: Math.min(8, count - start) }, async (_, j) => {
      const created = await createAccount(ctx, {
        email: `load-bidder-${start + j}-${randomBytes(3).toString('hex')}@load.test`,
        password_hash: passwordHash,
        profile: { first_name: 'Load', last_name: 'Bidder', phone_number: '07400 900123', birth_date: '1980-01-01' },
        verified: true,
        fee_paid: true,
        by: 'script',
      });
      const session = await openSession(ctx, { id: created.user_id, is_staff: false }, false);
      return { id: created.user_id, access: session.access };
    });
    bidders.push(...(await Promise.all(batch)));
  }
  return bidders;
}
