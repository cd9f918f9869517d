/** /blog and /blog/article/{id}: the pages live in features/content. */
export { BlogArticlePage, BlogPage } from '../features/content/blog-pages';
