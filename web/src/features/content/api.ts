/** Content calls (docs/content.md, docs/api.md "Content"): articles, likes, CMS entries and the staff desk. */
import { get, post, request } from '../../api/http';
import { sendForm } from '../../api/valuations';

interface ArticleType { id: string; name: string }
interface ArticleSummary {
  id: string;
  title: string;
  type: ArticleType;
  short_description: string;
  image_id: string | null;
  image: string | null;
  thumbnail: string | null;
  published: boolean;
  published_at: string | null;
  created_at: string;
  likes_count: number;
  is_like: boolean;
}
interface ArticleDetail extends ArticleSummary { content: string; content_html: string }
interface ArticlePage { count: number; page: number; page_size: number; next: number | null; previous: number | null; results: ArticleSummary[] }
interface ArticleQuery { type?: string; search?: string; page?: number; page_size?: number }

export const fetchArticlePage = (q: ArticleQuery, signal?: AbortSignal) => get<ArticlePage>('/api/article/', { ...q }, { signal });
export const fetchArticleDetail = (id: string, signal?: AbortSignal) => get<ArticleDetail>(`/api/article/${id}/`, undefined, { signal });
export const fetchArticleTypes = async () => (await get<{ results: ArticleType[] }>('/api/types/')).results;
export const likeArticle = (id: string) =>
  post<{ data: { user_like_article: boolean }; likes_count: number }>(`/api/like_article/${id}/`);

export type CmsKind = 'about_us' | 'main_slider' | 'media_like_us';
export type CmsItem = { id: string; position: number; image_id: string | null; image: string | null } & Record<string, string | number | null>;
const CMS_PUBLIC: Record<CmsKind, string> = {
  about_us: '/api/about_us/', main_slider: '/api/cms/home_page/main_slider/', media_like_us: '/api/media_like_us/',
};
export const fetchCms = async (kind: CmsKind) => (await get<{ results: CmsItem[] }>(CMS_PUBLIC[kind])).results;

// Staff desk
export interface ArticleInput { title: string; type: string; short_description: string; content: string; image_id: string | null; published: boolean }
export const fetchStaffArticles = (q: ArticleQuery, signal?: AbortSignal) => get<ArticlePage>('/api/staff/articles/', { ...q }, { signal });
export const fetchStaffArticle = (id: string) => get<ArticleDetail>(`/api/staff/articles/${id}/`);
export const saveArticle = (id: string | null, body: ArticleInput) =>
  id ? request<ArticleDetail>(`/api/staff/articles/${id}/`, { method: 'PUT', body }) : post<ArticleDetail>('/api/staff/articles/', body);
export const previewArticle = (content: string) => post<{ content_html: string }>('/api/staff/article_preview/', { content });

export const fetchStaffCms = async (kind: CmsKind) => (await get<{ results: CmsItem[] }>(`/api/staff/cms/${kind}/`)).results;
export const saveCms = (kind: CmsKind, id: string | null, body: Record<string, unknown>) =>
  id ? request<CmsItem>(`/api/staff/cms/${kind}/${id}/`, { method: 'PUT', body }) : post<CmsItem>(`/api/staff/cms/${kind}/`, body);
export const deleteCms = (kind: CmsKind, id: string) => request(`/api/staff/cms/${kind}/${id}/`, { method: 'DELETE' });

interface UploadedImage { id: string; url: string; thumbnail_url: string; markdown: string }
/** One photo (multipart `image`); the answer's first error message is thrown as is. */
export async function uploadArticleImage(file: File): Promise<UploadedImage> {
  const form = new FormData();
  form.append('image', file);
  const res = await sendForm('/api/staff/article_images/', form);
  const data = await res.json().catch(() => null);
  if (!res.ok) {
    const first = data && typeof data === 'object' ? Object.values(data as Record<string, unknown>).flat()[0] : null;
    throw new Error(typeof first === 'string' ? first : `Upload failed (${res.status})`);
  }
  return data as UploadedImage;
}
