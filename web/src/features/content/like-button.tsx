/** The like toggle of an article: signed-out readers are asked to sign in; the count is the live one. */
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { session } from '../../state/session';
import { openModal } from '../../state/modals';
import { pushToast } from '../../state/toasts';
import { friendlyFailure } from '../../lib/error-text';
import { likeArticle } from './api';
import { articleLikes, useLikeState } from './likes';

export function LikeButton({ article }: { article: { id: string; likes_count: number; is_like: boolean } }) {
  const { status } = useSnapshot(session);
  const { count, liked } = useLikeState(article);
  const [busy, setBusy] = useState(false);

  const toggle = async () => {
    if (status !== 'signed-in') return openModal('login');
    setBusy(true);
    try {
      const r = await likeArticle(article.id);
      articleLikes.mine[article.id] = r.data.user_like_article;
      articleLikes.counts[article.id] = r.likes_count;
    } catch (e) {
      pushToast({ kind: 'error', title: 'Could not save your like', text: friendlyFailure(e, 'like this article') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <button type="button" className={`like-button${liked ? ' like-button--on' : ''}`} aria-pressed={liked} disabled={busy} onClick={toggle}
      aria-label={`${liked ? 'Unlike' : 'Like'} this article`} data-testid="article-like">
      <span aria-hidden="true">{liked ? '♥' : '♡'}</span> <span data-testid="article-like-count">{count}</span>
    </button>
  );
}
