import { sql, type Kysely } from 'kysely';

/**
 * The address book's read model (projections/addresses): one row per address ever saved, removed ones kept with
 * `removed_at` (so a replayed AddressAdded can never bring one back). Each row keeps the stream version it
 * reflects, so a repeated event changes nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE addresses (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL,
      version integer NOT NULL,
      -- the stream version of its AddressAdded: the order addresses were added in (instants can be equal)
      added_version integer NOT NULL,
      addr_type text NOT NULL CHECK (addr_type IN ('BILLING', 'SHIPPING')),
      country text NOT NULL,
      region text NOT NULL,
      city text NOT NULL,
      street text NOT NULL,
      apartment text NOT NULL,
      zip_code text NOT NULL,
      name text NOT NULL,
      company text NOT NULL,
      phone_number text NOT NULL,
      is_default boolean NOT NULL,
      is_last_modified boolean NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      removed_at timestamptz
    );
    CREATE INDEX addresses_user_idx ON addresses (user_id, addr_type, created_at) WHERE removed_at IS NULL;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE addresses;`.execute(db);
}
