/** Row types of the content read models (migration 0720). */
export interface ArticlesTable {
  id: string;
  title: string;
  type: string;
  short_description: string;
  content: string;
  image_id: string | null;
  published: boolean;
  published_at: Date | null;
  created_at: Date;
  updated_at: Date;
  likes_count: number;
  /** The article stream version of the last event applied. */
  version: number;
}

interface ArticleLikesTable { article_id: string; user_id: string }
interface ArticleImagesTable { image_id: string; file: string; thumb: string; content_type: string }

export interface CmsItemsTable {
  id: string;
  kind: string;
  position: number;
  data: Record<string, string>;
  image_id: string | null;
  updated_at: Date;
}

declare module '../../infra/db/database' {
  interface Database {
    articles: ArticlesTable;
    article_likes: ArticleLikesTable;
    article_images: ArticleImagesTable;
    cms_items: CmsItemsTable;
  }
}
