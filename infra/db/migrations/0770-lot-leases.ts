import { sql, type Kysely } from 'kysely';

/**
 * Lot leases (docs/scale.md): one writer per lot across server processes. `lease_holders` is one row per running
 * process (its internal address and heartbeat); `lot_leases` names each lot's holder and the lease's epoch, bumped on
 * every change of holder so a writer that lost its lease can never append (the fencing check).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE lease_holders (
    holder text PRIMARY KEY,
    address text NOT NULL,
    started_at timestamptz NOT NULL DEFAULT clock_timestamp(),
    expires_at timestamptz NOT NULL
  )`.execute(db);
  await sql`CREATE TABLE lot_leases (
    lot_id text PRIMARY KEY,
    holder text NOT NULL,
    epoch bigint NOT NULL,
    acquired_at timestamptz NOT NULL DEFAULT clock_timestamp()
  )`.execute(db);
  await sql`CREATE INDEX lot_leases_holder ON lot_leases (holder)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE lot_leases`.execute(db);
  await sql`DROP TABLE lease_holders`.execute(db);
}
