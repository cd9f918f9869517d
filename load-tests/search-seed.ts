/**
 * Seeds the search benchmark's catalogue straight into the read model tables (auctions, lots): no events, no
 * projections, INSERT ... SELECT generate_series in batches. 100 weekly auctions (98 finished, one live, one next
 * week); lots spread over them round-robin, so ~98% are closed (four in five sold), ~1% live, ~1% upcoming. Names
 * come from the demo catalogue's distilleries (services/catalogue/seed/whisky-data.ts).
 */
import pg from 'pg';
import { DISTILLERIES } from '../services/catalogue/seed/whisky-data';

const AUCTIONS = 100;
const BOTTLINGS = ['Cask Strength', 'Single Cask', 'Sherry Cask', 'Port Wood Finish', 'Distillers Edition', 'Special Release', 'Limited Edition', 'Bourbon Barrel'];
const CASKS = ['sherry', 'bourbon', 'port', 'rum', 'wine', 'virgin oak'];

export async function seedSearchCatalogue(url: string, lots: number, batch: number, log: (m: string) => void): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO auctions (id, start_date, end_date, year, sequence_no, bottles_add_deadline, finished_at, created_at)
       SELECT gen_random_uuid(), s, e, extract(year FROM s)::int, n, s - interval '3 days', CASE WHEN e < now() THEN e END, s - interval '30 days'
       FROM generate_series(0, $1 - 1) n,
            LATERAL (SELECT now() - (($1 - 2 - n) * interval '7 days') - interval '1 day' AS s) st,
            LATERAL (SELECT st.s + interval '6 days' AS e) en`,
      [AUCTIONS],
    );
    const names = DISTILLERIES.map((d) => d.name);
    const regions = DISTILLERIES.map((d) => d.region);
    for (let lo = 1; lo <= lots; lo += batch) {
      const hi = Math.min(lots, lo + batch - 1);
      await client.query(INSERT_LOTS, [lo, hi, names, regions, BOTTLINGS, CASKS]);
      log(`  seeded lots ${lo}-${hi}`);
    }
    await client.query('ANALYZE auctions; ANALYZE lots');
  } finally {
    await client.end();
  }
}

/**
 * One batch of lots. `d` picks a distillery, `k` a bottling and a cask; the auction is consign order modulo 100
 * (sequence 98 is live, 99 next week). Closed lots are sold unless their number is a multiple of 5.
 */
const INSERT_LOTS = `
  WITH a AS (SELECT id, sequence_no, start_date, end_date FROM auctions)
  INSERT INTO lots (id, version, consign_position, auction_id, seller_id, reference_no, slug, title, subtitle, description,
    distillery, region, item_type, age, volume_ml, abv, cask_type, estimated_value_pence, item, photos, reserve_price_pence,
    reserve_fee_pence, opening_bid_pence, vat_enabled, warehouse, is_group_lot, group_items, featured, starts_at,
    original_ends_at, ends_at, current_price_pence, leader_id, bid_count, reserve_met, outcome, winner_id,
    hammer_price_pence, closed_at, consigned_at)
  SELECT gen_random_uuid(), 1, g, a.id, 'bench-seller', 'B' || g, lower(regexp_replace(x.title, '[^a-zA-Z0-9]+', '-', 'g')),
    x.title, x.subtitle, x.description, x.name, x.region, x.kind, x.age, 700, 46, x.cask, 10000 + (g % 500) * 100,
    jsonb_build_object('title', x.title, 'subtitle', x.subtitle, 'description', x.description,
      'distillery', jsonb_build_object('name', x.name, 'region', x.region), 'estimated_value_pence', 10000 + (g % 500) * 100,
      'photos', '[]'::jsonb, 'type', x.kind, 'age', x.age, 'volume_ml', 700, 'abv', 46, 'cask_type', x.cask,
      'cask_number', NULL, 'bottled_at', NULL, 'distilled_at', NULL),
    '[]', NULL, 0, 1000, g % 10 = 0, NULL, false, '[]', false, a.start_date, a.end_date, a.end_date,
    CASE WHEN x.closed OR g % 2 = 0 THEN 1000 + (g % 300) * 500 END,
    CASE WHEN x.closed OR g % 2 = 0 THEN 'bench-bidder' END,
    CASE WHEN x.closed OR g % 2 = 0 THEN 1 + g % 12 ELSE 0 END, true,
    CASE WHEN x.closed THEN (CASE WHEN g % 5 = 0 THEN 'unsold' ELSE 'sold' END) END,
    CASE WHEN x.closed AND g % 5 <> 0 THEN 'bench-bidder' END,
    CASE WHEN x.closed AND g % 5 <> 0 THEN 1000 + (g % 300) * 500 END,
    CASE WHEN x.closed THEN a.end_date END, a.start_date - interval '7 days'
  FROM generate_series($1::int, $2::int) g
  JOIN a ON a.sequence_no = g % 100
  CROSS JOIN LATERAL (
    SELECT n.name, n.region, n.cask, n.kind, n.age, g % 100 < 98 AS closed,
      n.name || CASE WHEN n.age IS NULL THEN '' ELSE ' ' || n.age || ' Year Old' END || ' ' || n.bottling AS title,
      n.bottling || ', ' || n.cask || ' cask' AS subtitle,
      'A single malt from ' || n.name || coalesce(' in ' || n.region, '') || ', matured in ' || n.cask
        || ' casks and bottled at natural strength. Lot ' || g || '.' AS description
    FROM (SELECT ($3::text[])[1 + (g * 7) % cardinality($3::text[])] AS name,
                 ($4::text[])[1 + (g * 7) % cardinality($4::text[])] AS region,
                 ($5::text[])[1 + (g / 7) % cardinality($5::text[])] AS bottling,
                 ($6::text[])[1 + (g / 3) % cardinality($6::text[])] AS cask,
                 CASE WHEN g % 9 = 0 THEN 'cask' ELSE 'bottle' END AS kind,
                 CASE WHEN g % 4 = 0 THEN NULL ELSE 10 + (g % 6) * 4 END AS age) n
  ) x`;
