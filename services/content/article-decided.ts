/**
 * An article's staff answer built from its own stream, for a write whose views did not catch up in time: the events
 * are folded through the projection's column functions (projections/content/article-row.ts), so the answer is what
 * the view shows once caught up, `is_like` included. It never reads `articles` (the view that is behind, maybe locked).
 */
import type { AppContext } from '../context';
import { articleStream } from '../../domain/content/article/events';
import { articleFrom } from '../../projections/content/article-row';
import { articleDetail } from './article-views';

/** `upTo`: the stream version the write left (later events by others are not this answer's). */
export async function decidedArticle(ctx: AppContext, id: string, userId: string, upTo: number | null) {
  const events = await ctx.store.readStream(articleStream(id));
  const { row, likers } = articleFrom(upTo === null ? events : events.filter((e) => e.stream_version <= upTo));
  return row ? articleDetail(row, likers.has(userId)) : undefined;
}
