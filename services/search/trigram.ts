/**
 * Whether pg_trgm is installed in this database (migration 0700 skips it where the server lacks the extension).
 * Asked once per database handle; without it search still works, on full-text alone, and says so once in the log.
 */
import { sql } from 'kysely';
import type { AppContext } from '../context';

const known = new WeakMap<object, Promise<boolean>>();

export function hasTrigram(ctx: AppContext): Promise<boolean> {
  let answer = known.get(ctx.db);
  if (!answer) {
    answer = sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_extension WHERE extname = 'pg_trgm'`
      .execute(ctx.db)
      .then((r) => {
        const present = (r.rows[0]?.n ?? 0) > 0;
        if (!present) ctx.log.warn('search: pg_trgm is not installed; typo tolerance and fuzzy suggestions are off');
        return present;
      });
    answer.catch(() => known.delete(ctx.db));
    known.set(ctx.db, answer);
  }
  return answer;
}
