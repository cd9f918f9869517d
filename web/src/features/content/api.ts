/** Content calls (docs/content.md, docs/api.md "Content"): articles, likes, CMS entries and the staff desk. */
import { get, post, request } from '../../api/http';
import { sendForm } from '../../api/valuations';
import type {
  ArticleBody, ArticleDetail, ArticleLike, ArticlePage, ArticlePreviewBody, ArticleTypes, CmsItemAnswer, UploadedImage,
} from '../../api/contract';

interface ArticleQuery { type?: string; search?: string; page?: number; page_size?: number }

export const fetchArticlePage = (q: ArticleQuery, signal?: AbortSignal) => get<ArticlePage>('/api/article/', { ...q }, { signal });
export const fetchArticleDetail = (id: string, signal?: AbortSignal) => get<ArticleDetail>(`/api/article/${id}/`, undefined, { signal });
export const fetchArticleTypes = async () => (await get<ArticleTypes>('/api/types/')).results;
export const likeArticle = (id: string) => post<ArticleLike>(`/api/like_article/${id}/`);

export type CmsKind = 'about_us' | 'main_slider' | 'media_like_us';
/** An entry as the desks and pages read it: the common fields, and its kind's own fields as text. */
export type CmsItem = Pick<CmsItemAnswer, 'id' | 'position' | 'image_id' | 'image'> & Record<string, string | number | null>;
const CMS_PUBLIC: Record<CmsKind, string> = {
  about_us: '/api/about_us/', main_slider: '/api/cms/home_page/main_slider/', media_like_us: '/api/media_like_us/',
};
export const fetchCms = async (kind: CmsKind) => (await get<{ results: CmsItem[] }>(CMS_PUBLIC[kind])).results;

// Staff desk
/** An article as the staff form sends it (every field, as the server reads them). */
export type ArticleInput = Required<ArticleBody>;
export const fetchStaffArticles = (q: ArticleQuery, signal?: AbortSignal) => get<ArticlePage>('/api/staff/articles/', { ...q }, { signal });
export const fetchStaffArticle = (id: string) => get<ArticleDetail>(`/api/staff/articles/${id}/`);
export const saveArticle = (id: string | null, body: ArticleInput) =>
  id ? request<ArticleDetail>(`/api/staff/articles/${id}/`, { method: 'PUT', body }) : post<ArticleDetail>('/api/staff/articles/', body);
export const previewArticle = (content: string) =>
  post<Pick<ArticleDetail, 'content_html'>>('/api/staff/article_preview/', { content } satisfies ArticlePreviewBody);

export const fetchStaffCms = async (kind: CmsKind) => (await get<{ results: CmsItem[] }>(`/api/staff/cms/${kind}/`)).results;
export const saveCms = (kind: CmsKind, id: string | null, body: Record<string, unknown>) =>
  id ? request<CmsItem>(`/api/staff/cms/${kind}/${id}/`, { method: 'PUT', body }) : post<CmsItem>(`/api/staff/cms/${kind}/`, body);
export const deleteCms = (kind: CmsKind, id: string) => request(`/api/staff/cms/${kind}/${id}/`, { method: 'DELETE' });

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
