import { sql, type Kysely } from 'kysely';

/**
 * Tamper evidence (docs/audit.md): every event carries `hash` = sha256(previous event's hash of its stream, or
 * nothing for version 1 || UTF-8 of `event_canonical(...)`), one chain per stream; `streams.last_hash` is the
 * stream's head. Both are computed by the append statement itself (infra/event-store/event-store.ts).
 * Existing events are chained here, stream by stream in version order, with the append-only trigger paused.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    -- The bytes an event's hash covers: jsonb's text form is canonical (sorted keys, fixed spacing), and the verifier
    -- (services/audit/chain-verify.ts) hashes the same function's output over the stored columns. STABLE, like
    -- jsonb_build_array and convert_to, so the planner can inline it.
    CREATE FUNCTION event_canonical(stream_id text, stream_version integer, event_id uuid, type text, data jsonb, metadata jsonb)
      RETURNS text LANGUAGE sql STABLE PARALLEL SAFE
      AS $$ SELECT jsonb_build_array(stream_id, stream_version, event_id::text, type, data, metadata)::text $$;

    -- One link: the state is the previous event's hash; the seed stands in for it on the first row (the stream's head
    -- before this append, NULL for a new stream: then the first hash covers the event alone). plpgsql: a simple
    -- expression is cheaper to call per row than an SQL-language transition function.
    CREATE FUNCTION event_chain_step(state bytea, seed bytea, canonical text)
      RETURNS bytea LANGUAGE plpgsql STABLE PARALLEL SAFE
      AS $$ BEGIN RETURN sha256(coalesce(state, seed, ''::bytea) || convert_to(canonical, 'UTF8')); END $$;

    -- event_chain(seed, canonical) OVER (ORDER BY version): each event's hash; as a plain aggregate: the last one.
    CREATE AGGREGATE event_chain(bytea, text) (SFUNC = event_chain_step, STYPE = bytea);

    ALTER TABLE events ADD COLUMN hash bytea;
    ALTER TABLE streams ADD COLUMN last_hash bytea;

    ALTER TABLE events DISABLE TRIGGER events_no_update_delete;
    UPDATE events e SET hash = c.hash
    FROM (
      SELECT position, event_chain(NULL::bytea, event_canonical(stream_id, stream_version, event_id, type, data, metadata))
        OVER (PARTITION BY stream_id ORDER BY stream_version) AS hash
      FROM events
    ) c
    WHERE e.position = c.position;
    ALTER TABLE events ENABLE TRIGGER events_no_update_delete;

    UPDATE streams s SET last_hash = e.hash
    FROM events e WHERE e.stream_id = s.stream_id AND e.stream_version = s.version;

    ALTER TABLE events ALTER COLUMN hash SET NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE events DROP COLUMN hash;
    ALTER TABLE streams DROP COLUMN last_hash;
    DROP AGGREGATE event_chain(bytea, text);
    DROP FUNCTION event_chain_step(bytea, bytea, text);
    DROP FUNCTION event_canonical(text, integer, uuid, text, jsonb, jsonb);
  `.execute(db);
}
