/** /blog and /blog/article/{id}: articles from GET /api/article/. */
import { Link, useParams } from 'wouter';
import { isNotFound } from '../api/http';
import { fetchArticle, fetchArticles, type Article } from '../api/site';
import { Empty, ErrorNote, Spinner } from '../components/feedback';
import { useAsync, useTitle } from '../components/hooks';
import { PageHead } from '../components/page-head';
import { formatLongDate } from '../lib/dates';

const body = (a: Article) => a.text ?? a.content ?? a.body ?? '';
const excerpt = (a: Article) => a.short_description || body(a).replace(/<[^>]+>/g, '').slice(0, 180);

export function BlogPage() {
  const { data, error, reload } = useAsync(() => fetchArticles().catch((e) => (isNotFound(e) ? [] : Promise.reject(e))), []);
  return (
    <>
      <PageHead title="Blog" eyebrow="Journal"><p>Auction reports, distillery stories and collecting advice.</p></PageHead>
      <div className="container section">
        {error ? <ErrorNote error={error} onRetry={reload} /> : !data ? <Spinner /> : data.length === 0 ? (
          <Empty title="No articles yet">Our first stories are being written.</Empty>
        ) : (
          <ul className="article-grid">
            {data.map((a) => (
              <li key={a.id} className="article-card">
                {a.image && <img src={a.image} alt="" loading="lazy" />}
                <p className="muted">{formatLongDate(a.published_at ?? a.created_at)}</p>
                <h2><Link href={`/blog/article/${a.slug ?? a.id}`}>{a.title}</Link></h2>
                <p>{excerpt(a)}</p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

export function BlogArticlePage() {
  const { id } = useParams<{ id: string }>();
  const { data, error, reload } = useAsync(() => fetchArticle(id), [id]);
  useTitle(data?.title ?? 'Blog');
  return (
    <div className="container section prose prose--page">
      <p><Link href="/blog" className="text-link">← All articles</Link></p>
      {error ? <ErrorNote error={error} onRetry={reload} /> : !data ? <Spinner /> : (
        <article>
          <h1>{data.title}</h1>
          <p className="muted">{formatLongDate(data.published_at ?? data.created_at)}</p>
          {data.image && <img src={data.image} alt="" className="article-image" />}
          {body(data).split(/\n{2,}/).map((p, i) => <p key={i}>{p.replace(/<[^>]+>/g, '')}</p>)}
        </article>
      )}
    </div>
  );
}
