import { sql, type Kysely } from 'kysely';

/**
 * Cask filters in search (docs/search.md "Cask filters"): lot_search gains the cask values the filters read
 * (cask_type, abv, bulk_litres, rla, regauge_date; null on bottles, so a cask filter never matches a bottle), the
 * triggers of migration 0700 fill them, and the existing rows are backfilled.
 *
 * - bulk_litres and regauge_date live in lots.item (JSON); rla is computed as the Lot API computes it
 *   (domain/collection/rules.ts: bulk litres × ABV, to 0.01 l). A regauge date that is not YYYY-MM-DD is kept as
 *   null rather than failing the write of the lot.
 * - The update trigger's WHEN clause also watches abv, cask_type and the two item values, still without calling the
 *   function: a bid (price columns only) never touches lot_search.
 * - The insert names its columns (0700's inserted by position).
 */
const BASE_COLUMNS = `id, consign_position, auction_id, featured, outcome, starts_at, ends_at, vat_enabled, distillery, region,
  item_type, age, name_sort, search_vector`;
const CASK_COLUMNS = 'cask_type, abv, bulk_litres, rla, regauge_date';

const BASE_ROW = `
  id, consign_position, auction_id, featured, outcome, starts_at, ends_at, vat_enabled, distillery, region,
  item_type, age, name_sort,
  setweight(to_tsvector('simple'::regconfig, coalesce(custom_title, title)), 'A') ||
  setweight(to_tsvector('simple'::regconfig, distillery), 'B') ||
  setweight(to_tsvector('simple'::regconfig, coalesce(region, '')), 'C') ||
  setweight(to_tsvector('simple'::regconfig, coalesce(custom_description, description)), 'D')`;

const CASK_ROW = `
  CASE WHEN item_type = 'cask' THEN cask_type END,
  CASE WHEN item_type = 'cask' THEN abv END,
  CASE WHEN item_type = 'cask' THEN (item->>'bulk_litres')::numeric END,
  CASE WHEN item_type = 'cask' THEN round((item->>'bulk_litres')::numeric * abv) / 100 END,
  CASE WHEN item_type = 'cask' AND item->>'regauge_date' ~ '^\\d{4}-\\d{2}-\\d{2}$' THEN (item->>'regauge_date')::date END`;

const BASE_SET = `consign_position = EXCLUDED.consign_position, auction_id = EXCLUDED.auction_id,
    featured = EXCLUDED.featured, outcome = EXCLUDED.outcome, starts_at = EXCLUDED.starts_at, ends_at = EXCLUDED.ends_at,
    vat_enabled = EXCLUDED.vat_enabled, distillery = EXCLUDED.distillery, region = EXCLUDED.region,
    item_type = EXCLUDED.item_type, age = EXCLUDED.age, name_sort = EXCLUDED.name_sort, search_vector = EXCLUDED.search_vector`;
const CASK_SET = `, cask_type = EXCLUDED.cask_type, abv = EXCLUDED.abv, bulk_litres = EXCLUDED.bulk_litres, rla = EXCLUDED.rla,
    regauge_date = EXCLUDED.regauge_date`;

const BASE_WATCHED = `title, custom_title, description, custom_description, distillery, region, item_type, age, auction_id, featured,
  outcome, starts_at, ends_at, vat_enabled, consign_position`;
const CASK_WATCHED = `, abv, cask_type, item->'bulk_litres', item->'regauge_date'`;

const VOCABULARY = (from: string) => `
  INSERT INTO search_words (word)
    SELECT DISTINCT w FROM ${from},
      LATERAL unnest(tsvector_to_array(to_tsvector('simple'::regconfig,
        coalesce(custom_title, title) || ' ' || distillery || ' ' || coalesce(region, '')))) AS w
    ON CONFLICT DO NOTHING;
  INSERT INTO search_names (kind, name)
    SELECT 'distillery', distillery FROM ${from} UNION SELECT 'region', region FROM ${from} WHERE region IS NOT NULL
    ON CONFLICT DO NOTHING;`;

/** The trigger functions and the update trigger, with or without the cask columns (up and down). */
function triggers(cask: boolean): string {
  const columns = cask ? `${BASE_COLUMNS}, ${CASK_COLUMNS}` : BASE_COLUMNS;
  const row = cask ? `${BASE_ROW},${CASK_ROW}` : BASE_ROW;
  const upsert = `ON CONFLICT (id) DO UPDATE SET ${BASE_SET}${cask ? CASK_SET : ''}`;
  const watched = `${BASE_WATCHED}${cask ? CASK_WATCHED : ''}`;
  const oldNew = (side: 'OLD' | 'NEW') => watched.split(',').map((c) => c.trim().replace(/^(item|[a-z_]+)/, `${side}.$1`)).join(', ');
  return `
    CREATE OR REPLACE FUNCTION lot_search_insert() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      INSERT INTO lot_search (${columns}) SELECT ${row} FROM new_rows ${upsert};
      ${VOCABULARY('new_rows')}
      RETURN NULL;
    END
    $fn$;
    CREATE OR REPLACE FUNCTION lot_search_update() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      INSERT INTO lot_search (${columns}) SELECT ${row} FROM (SELECT (NEW).*) AS changed ${upsert};
      ${VOCABULARY('(SELECT (NEW).*) AS changed')}
      RETURN NULL;
    END
    $fn$;
    DROP TRIGGER lots_search_update ON lots;
    CREATE TRIGGER lots_search_update AFTER UPDATE ON lots FOR EACH ROW
      WHEN ((${oldNew('OLD')}) IS DISTINCT FROM (${oldNew('NEW')}))
      EXECUTE FUNCTION lot_search_update();`;
}

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(`
    ALTER TABLE lot_search
      ADD COLUMN cask_type text, ADD COLUMN abv numeric, ADD COLUMN bulk_litres numeric, ADD COLUMN rla numeric,
      ADD COLUMN regauge_date date;
    ${triggers(true)}
    UPDATE lot_search s SET (${CASK_COLUMNS}) = (SELECT ${CASK_ROW} FROM lots WHERE lots.id = s.id)
      WHERE s.item_type = 'cask';
  `).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(`
    ${triggers(false)}
    ALTER TABLE lot_search DROP COLUMN cask_type, DROP COLUMN abv, DROP COLUMN bulk_litres, DROP COLUMN rla, DROP COLUMN regauge_date;
  `).execute(db);
}
