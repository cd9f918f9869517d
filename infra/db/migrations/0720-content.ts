import { sql, type Kysely } from 'kysely';

/**
 * The content read models (projections/content, docs/content.md): articles with their likes and editor images, and
 * the staff-managed CMS entries (about_us staff members, home page slides, press quotes). contact_messages is not a
 * read model: it is the record of messages sent through /contact-us and the per-address rate limit counts its rows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE articles (
      id uuid PRIMARY KEY,
      title text NOT NULL,
      type text NOT NULL,
      short_description text NOT NULL,
      content text NOT NULL,
      image_id uuid,
      published boolean NOT NULL,
      published_at timestamptz,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      likes_count integer NOT NULL DEFAULT 0,
      version integer NOT NULL
    );
    CREATE INDEX articles_published ON articles (published, published_at DESC);
    CREATE TABLE article_likes (
      article_id uuid NOT NULL,
      user_id uuid NOT NULL,
      PRIMARY KEY (article_id, user_id)
    );
    CREATE TABLE article_images (
      image_id uuid PRIMARY KEY,
      file text NOT NULL,
      thumb text NOT NULL,
      content_type text NOT NULL
    );
    CREATE TABLE cms_items (
      id uuid PRIMARY KEY,
      kind text NOT NULL,
      position integer NOT NULL,
      data jsonb NOT NULL,
      image_id uuid,
      updated_at timestamptz NOT NULL
    );
    CREATE INDEX cms_items_kind ON cms_items (kind, position);
    CREATE TABLE contact_messages (
      id uuid PRIMARY KEY,
      ip text NOT NULL,
      name text NOT NULL,
      email text NOT NULL,
      subject text NOT NULL,
      message text NOT NULL,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX contact_messages_ip ON contact_messages (ip, created_at);
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE articles, article_likes, article_images, cms_items, contact_messages;`.execute(db);
}
