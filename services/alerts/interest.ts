/**
 * Who wants to hear about a newly consigned lot: users with a keyword found in the lot's title, distillery or
 * description (its own and its custom ones, and its group items' titles and distilleries), and users following its
 * item or one of its group items. The seller is left out; each user comes once ('item' wins over 'keyword', then the
 * oldest keyword). The interest matcher (interest-matcher.ts) calls this once per lot and records the answer as an event.
 *
 * Matching is PostgreSQL full text with the 'simple' configuration (lower case, no stemming, no stop words):
 * a keyword matches whole words only ("ard" never matches "Ardbeg"; "Ardbeg" matches "Ardbeg's"), a keyword of
 * several words matches them next to each other in that order, and each field is searched on its own so a phrase
 * never spans two fields. phraseto_tsquery never raises on user text.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../infra/db/database';
import type { LotConsigned } from '../../domain/catalogue/lot/events';
import { lotItemKeys } from '../../domain/alerts/item-key';
import '../../projections/alerts/tables';

interface Interested {
  user_id: string;
  reason: 'keyword' | 'item';
  word?: string;
}

/** The texts a keyword is looked for in. */
function searchableTexts(lot: LotConsigned['data']): string[] {
  const texts = [
    lot.item.title, lot.custom_title, lot.item.distillery.name, lot.item.description, lot.custom_description,
    ...lot.group_items.flatMap((g) => [g.title, g.distillery.name]),
  ];
  return [...new Set(texts.filter((t): t is string => typeof t === 'string' && t.trim() !== ''))];
}

export async function usersInterestedIn(db: Kysely<Database>, consigned: LotConsigned['data']): Promise<Interested[]> {
  const keys = lotItemKeys(consigned);
  const texts = searchableTexts(consigned);
  const [followers, keywords] = await Promise.all([
    db.selectFrom('alert_followed_items').select('user_id').distinct()
      .where('followed', '=', true).where('item_id', 'in', keys).where('user_id', '<>', consigned.seller_id)
      .orderBy('user_id')
      .execute(),
    texts.length === 0 ? Promise.resolve([]) : sql<{ user_id: string; word: string }>`
      WITH doc AS (SELECT to_tsvector('simple', f) AS v FROM unnest(${texts}::text[]) AS f)
      SELECT k.user_id, k.word FROM alert_keywords k
      WHERE k.active AND k.user_id <> ${consigned.seller_id}
        AND EXISTS (SELECT 1 FROM doc WHERE doc.v @@ phraseto_tsquery('simple', k.word))
      ORDER BY k.user_id, k.added_at, k.version
    `.execute(db).then((r) => r.rows),
  ]);
  const out = new Map<string, Interested>();
  for (const f of followers) out.set(f.user_id, { user_id: f.user_id, reason: 'item' });
  for (const k of keywords) if (!out.has(k.user_id)) out.set(k.user_id, { user_id: k.user_id, reason: 'keyword', word: k.word });
  return [...out.values()];
}
