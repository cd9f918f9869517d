/**
 * Article like counts moving live: while a blog page is open it listens on /ws/articles/ and keeps the newest count
 * per article here; the caller's own like (is_like) comes from its answer to POST /api/like_article/{id}/.
 */
import { useEffect } from 'react';
import { proxy, useSnapshot } from 'valtio';
import { LiveChannel } from '../../api/ws';

export const articleLikes = proxy<{ counts: Record<string, number>; mine: Record<string, boolean> }>({ counts: {}, mine: {} });

let channel: LiveChannel | null = null;
let users = 0;

function onMessage(m: Record<string, unknown>) {
  if (m.purpose !== 'article_like' || typeof m.article_id !== 'string' || typeof m.likes_count !== 'number') return;
  articleLikes.counts[m.article_id] = m.likes_count;
}

/** Opens the channel while at least one component uses it. */
export function useArticleLikesChannel(): void {
  useEffect(() => {
    users += 1;
    if (!channel) {
      channel = new LiveChannel('articles', { withToken: false, onMessage });
      channel.start();
    }
    return () => {
      users -= 1;
      if (users === 0 && channel) {
        channel.stop();
        channel = null;
      }
    };
  }, []);
}

/** The newest count and the caller's like, falling back to what the page read. */
export function useLikeState(article: { id: string; likes_count: number; is_like: boolean }) {
  const snap = useSnapshot(articleLikes);
  return { count: snap.counts[article.id] ?? article.likes_count, liked: snap.mine[article.id] ?? article.is_like };
}
