import { sql, type Kysely } from 'kysely';

/**
 * Item alerts and keywords (projections/alerts, docs/notifications.md "Item alerts and keywords").
 * - alert_items: every item key seen in a consigned lot (main item and group items), with its latest title.
 * - alert_followed_items / alert_keywords: per user; an unfollow or a removal keeps the row with the flag off, so a
 *   re-applied older event is recognised by its version and never brings an entry back.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE alert_items (
      item_id uuid PRIMARY KEY,
      title text NOT NULL,
      distillery text NOT NULL,
      last_lot_id uuid NOT NULL,
      last_position bigint NOT NULL
    );
    CREATE TABLE alert_followed_items (
      user_id text NOT NULL,
      item_id uuid NOT NULL,
      title text NOT NULL,
      distillery text NOT NULL,
      followed boolean NOT NULL,
      followed_at timestamptz NOT NULL,
      version integer NOT NULL,
      PRIMARY KEY (user_id, item_id)
    );
    CREATE INDEX alert_followed_items_item_idx ON alert_followed_items (item_id) WHERE followed;
    CREATE TABLE alert_keywords (
      user_id text NOT NULL,
      keyword_id uuid NOT NULL,
      word text NOT NULL,
      active boolean NOT NULL,
      added_at timestamptz NOT NULL,
      version integer NOT NULL,
      PRIMARY KEY (user_id, keyword_id)
    );
    CREATE INDEX alert_keywords_active_idx ON alert_keywords (user_id) WHERE active;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE alert_keywords; DROP TABLE alert_followed_items; DROP TABLE alert_items`.execute(db);
}
