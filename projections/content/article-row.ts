/**
 * The `articles` columns each article event sets, as pure functions: the content projection writes them, and a write
 * whose answer cannot wait for the view folds the stream through the same functions (`articleFrom`), so both give
 * the same row (and the same likes, for the writer's own `is_like`).
 */
import type { ArticleEvent, ArticleWritten } from '../../domain/content/article/events';
import { assertNever } from '../../domain/shared/decider';
import type { ArticlesTable } from './tables';

/** What a write sets on an existing article (and on a new one, with `newArticleRow`'s extras). */
export function writtenColumns(d: ArticleWritten['data'], version: number) {
  return {
    title: d.title, type: d.type, short_description: d.short_description, content: d.content, image_id: d.image_id,
    published: d.published, published_at: d.published_at ? new Date(d.published_at) : null, updated_at: new Date(d.at), version,
  } satisfies Partial<ArticlesTable>;
}

export function newArticleRow(d: ArticleWritten['data'], version: number): ArticlesTable {
  return { id: d.article_id, ...writtenColumns(d, version), created_at: new Date(d.at), likes_count: 0 };
}

type Stored = { type: string; data: unknown; stream_version: number };

/** The `articles` row (null before the first write) and the `article_likes` users the projection leaves after these events. */
export function articleFrom(events: readonly Stored[]): { row: ArticlesTable | null; likers: ReadonlySet<string> } {
  let row: ArticlesTable | null = null;
  const likers = new Set<string>();
  for (const stored of events) {
    const event = { type: stored.type, data: stored.data } as ArticleEvent;
    row = rowAfter(row, event, stored.stream_version);
    if (event.type === 'ArticleLikeToggled') {
      if (event.data.liked) likers.add(event.data.user_id);
      else likers.delete(event.data.user_id);
    }
  }
  return { row, likers };
}

// The projection's guards: a write inserts or updates a row at an older version; a like only moves an existing one.
function rowAfter(row: ArticlesTable | null, event: ArticleEvent, version: number): ArticlesTable | null {
  switch (event.type) {
    case 'ArticleWritten':
      if (!row) return newArticleRow(event.data, version);
      return row.version < version ? { ...row, ...writtenColumns(event.data, version) } : row;
    case 'ArticleLikeToggled':
      return row && row.version < version ? { ...row, likes_count: event.data.likes_count, version } : row;
    default:
      return assertNever(event);
  }
}
