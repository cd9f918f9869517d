import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE streams (
      stream_id text PRIMARY KEY,
      version integer NOT NULL CHECK (version >= 0)
    );
    CREATE TABLE events (
      position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
      stream_id text NOT NULL,
      stream_version integer NOT NULL,
      event_id uuid NOT NULL UNIQUE,
      type text NOT NULL,
      data jsonb NOT NULL,
      metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      UNIQUE (stream_id, stream_version)
    );
    CREATE INDEX events_feed_idx ON events (transaction_id, position);
    CREATE INDEX events_type_idx ON events (type);

    CREATE FUNCTION events_are_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'events are append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
    END;
    $$;
    CREATE TRIGGER events_no_update_delete BEFORE UPDATE OR DELETE ON events
      FOR EACH ROW EXECUTE FUNCTION events_are_append_only();
    CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON events
      FOR EACH STATEMENT EXECUTE FUNCTION events_are_append_only();

    CREATE TABLE projection_checkpoints (
      name text PRIMARY KEY,
      transaction_id xid8 NOT NULL DEFAULT '0'::xid8,
      position bigint NOT NULL DEFAULT 0,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE projection_checkpoints; DROP TABLE events; DROP TABLE streams; DROP FUNCTION events_are_append_only();`.execute(db);
}
