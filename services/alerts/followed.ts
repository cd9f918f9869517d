/** The item keys among `keys` that a user follows: for `is_notification` on the lots they see. */
import type { Kysely } from 'kysely';
import type { Database } from '../../infra/db/database';
import '../../projections/alerts/tables';

export async function followedAmong(db: Kysely<Database>, userId: string | null, keys: string[]): Promise<Set<string>> {
  if (userId === null || keys.length === 0) return new Set();
  const rows = await db.selectFrom('alert_followed_items').select('item_id')
    .where('user_id', '=', userId).where('followed', '=', true).where('item_id', 'in', [...new Set(keys)])
    .execute();
  return new Set(rows.map((r) => r.item_id));
}
