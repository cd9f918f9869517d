import { sql, type Kysely } from 'kysely';

/**
 * sell_request_images: the photos staff take when they receive a sell-request item (projections/selling, from
 * SellRequestItemReceived). `user_id` is the request's owner, who may see them beside staff; the files live under
 * DATA_DIR/uploads/sell-requests/ with the generated names of the event.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE sell_request_images (
      image_id uuid PRIMARY KEY,
      request_id uuid NOT NULL,
      item_id uuid NOT NULL,
      user_id uuid NOT NULL,
      position integer NOT NULL,
      file text NOT NULL,
      thumb text NOT NULL,
      content_type text NOT NULL
    );
    CREATE INDEX sell_request_images_request ON sell_request_images (request_id, item_id, position);
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE sell_request_images;`.execute(db);
}
