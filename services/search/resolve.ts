/**
 * Turns the typed words into the tsquery the search runs (docs/search.md "Matching"):
 * - strict: every word, exactly as typed;
 * - otherwise every word as a prefix (typing "glenf" finds Glenfarclas), and a word that starts no word of the
 *   vocabulary (search_words: lot titles, distilleries, regions) also matches its closest known words by trigram
 *   similarity, so "springbnk" finds Springbank. The vocabulary is small, so this costs one quick query.
 */
import { sql } from 'kysely';
import type { AppContext } from '../context';
import type { SearchScope } from './search-query';

/** How close a known word must be to stand in for a misspelt one (pg_trgm similarity, 0-1). */
export const TYPO_SIMILARITY = 0.45;
/** At most this many known words stand in for one misspelt word. */
export const TYPO_ALTERNATIVES = 3;

/** A lexeme quoted for to_tsquery: inside single quotes, quotes and backslashes doubled/escaped. */
export const lexeme = (w: string) => `'${w.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

export type ResolvedQuery = string | null;

export async function resolveQuery(ctx: AppContext, scope: SearchScope, trigram: boolean): Promise<ResolvedQuery> {
  if (scope.words.length === 0) return null;
  if (scope.strict) return scope.words.map(lexeme).join(' & ');
  const alternatives = trigram ? await typoAlternatives(ctx, scope.words) : new Map<string, string[]>();
  return scope.words
    .map((w) => {
      const alts = alternatives.get(w) ?? [];
      return alts.length === 0 ? `${lexeme(w)}:*` : `(${[`${lexeme(w)}:*`, ...alts.map(lexeme)].join(' | ')})`;
    })
    .join(' & ');
}

/** For each word no known word starts with: its closest known words. One round trip for all words. */
async function typoAlternatives(ctx: AppContext, words: string[]): Promise<Map<string, string[]>> {
  const result = await sql<{ w: string; alts: string[] }>`
    SELECT t.w, ARRAY(
      SELECT s.word FROM search_words s
      WHERE s.word % t.w AND similarity(s.word, t.w) >= ${TYPO_SIMILARITY}
      ORDER BY s.word <-> t.w, s.word LIMIT ${TYPO_ALTERNATIVES}
    ) AS alts
    FROM unnest(${words}::text[]) AS t(w)
    WHERE NOT EXISTS (SELECT 1 FROM search_words k WHERE k.word LIKE t.w || '%')
  `.execute(ctx.db);
  return new Map(result.rows.map((r) => [r.w, r.alts]));
}
