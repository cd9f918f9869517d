/** The message of /ws/articles/ (docs/api.md "Live channels"): an article's like count after a like or unlike. */
export function articleLike(articleId: string, likesCount: number) {
  return { purpose: 'article_like' as const, id: articleId, article_id: articleId, likes_count: likesCount };
}
