/**
 * Article events, on the stream `article-<id>`: plain JSON, instants as ISO strings. Likes live on the article's own
 * stream so the decider knows who already likes it (a like is a toggle) and every like carries the count it leaves,
 * which is what the live channel pushes to readers.
 */

export interface ArticleFields {
  title: string;
  type: string;
  short_description: string;
  /** Markdown as staff typed it; rendered and sanitised when read (services/content/markdown.ts). */
  content: string;
  /** An uploaded image (article_images) shown at the top, or null. */
  image_id: string | null;
  published: boolean;
}

export interface ArticleWritten {
  type: 'ArticleWritten';
  data: ArticleFields & { article_id: string; by: string; at: string; /** Set the first time it is published. */ published_at: string | null };
}

export interface ArticleLikeToggled {
  type: 'ArticleLikeToggled';
  data: { article_id: string; user_id: string; liked: boolean; likes_count: number; at: string };
}

export type ArticleEvent = ArticleWritten | ArticleLikeToggled;

export const ARTICLE_EVENT_TYPES: readonly ArticleEvent['type'][] = ['ArticleWritten', 'ArticleLikeToggled'];

export const articleStream = (articleId: string) => `article-${articleId}`;

/** An image uploaded from the staff editor, on the stream `article-image-<id>`. */
export interface ArticleImageUploaded {
  type: 'ArticleImageUploaded';
  data: { image_id: string; file: string; thumb: string; content_type: string; by: string; at: string };
}

export const articleImageStream = (imageId: string) => `article-image-${imageId}`;

/** The article types of GET /api/types/: fixed, so filters and links stay stable. */
export const ARTICLE_TYPES = [
  { id: 'news', name: 'House news' },
  { id: 'auction-reports', name: 'Auction reports' },
  { id: 'distilleries', name: 'Distillery stories' },
  { id: 'collecting', name: 'Collecting guides' },
] as const;
