import { sql, type Kysely } from 'kysely';

/**
 * The lots read model (projections/catalogue/lots): one row per lot with every field of the Lot API shape, the running
 * price and the outcome. price_sort and name_sort are generated so listings sort on an index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE lots (
      id uuid PRIMARY KEY,
      version integer NOT NULL,
      consign_position bigint NOT NULL,
      auction_id uuid NOT NULL,
      seller_id text NOT NULL,
      reference_no text NOT NULL,
      slug text NOT NULL,
      title text NOT NULL,
      subtitle text NOT NULL,
      description text NOT NULL,
      distillery text NOT NULL,
      region text,
      item_type text NOT NULL,
      age integer,
      volume_ml integer,
      abv numeric,
      cask_type text,
      estimated_value_pence bigint NOT NULL,
      item jsonb NOT NULL,
      photos jsonb NOT NULL,
      reserve_price_pence bigint,
      reserve_fee_pence bigint NOT NULL,
      opening_bid_pence bigint NOT NULL,
      vat_enabled boolean NOT NULL,
      warehouse jsonb,
      is_group_lot boolean NOT NULL,
      group_items jsonb NOT NULL,
      custom_title text,
      custom_subtitle text,
      custom_description text,
      featured boolean NOT NULL,
      starts_at timestamptz NOT NULL,
      original_ends_at timestamptz NOT NULL,
      ends_at timestamptz NOT NULL,
      current_price_pence bigint,
      leader_id text,
      bid_count integer NOT NULL,
      reserve_met boolean NOT NULL,
      outcome text,
      winner_id text,
      hammer_price_pence bigint,
      closed_at timestamptz,
      consigned_at timestamptz NOT NULL,
      price_sort bigint GENERATED ALWAYS AS (coalesce(current_price_pence, opening_bid_pence)) STORED,
      name_sort text GENERATED ALWAYS AS (lower(coalesce(custom_title, title))) STORED
    );
    CREATE INDEX lots_auction_idx ON lots (auction_id, consign_position);
    CREATE INDEX lots_open_auction_idx ON lots (auction_id) WHERE outcome IS NULL;
    CREATE INDEX lots_seller_idx ON lots (seller_id, consign_position);
    CREATE INDEX lots_winner_idx ON lots (winner_id) WHERE winner_id IS NOT NULL;
    CREATE INDEX lots_featured_idx ON lots (consign_position) WHERE featured;
    CREATE INDEX lots_ends_idx ON lots (ends_at);
    CREATE INDEX lots_price_idx ON lots (price_sort, consign_position);
    CREATE INDEX lots_name_idx ON lots (name_sort, consign_position);
    CREATE INDEX lots_distillery_idx ON lots (distillery);
    CREATE INDEX lots_region_idx ON lots (region);
    CREATE INDEX lots_title_idx ON lots (lower(title), distillery);
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE lots`.execute(db);
}
