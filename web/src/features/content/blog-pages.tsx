/**
 * /blog (articles by type, searchable, paged, with live like counts) and /blog/article/{id} (the article, its
 * server-sanitised Markdown and its like button).
 */
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { Empty, ErrorNote, Spinner } from '../../components/feedback';
import { useAsync, useTitle } from '../../components/hooks';
import { PageHead } from '../../components/page-head';
import { Pager } from '../../components/pager';
import { formatLongDate } from '../../lib/dates';
import { fetchArticleDetail, fetchArticlePage, fetchArticleTypes } from './api';
import { LikeButton } from './like-button';
import { useArticleLikesChannel } from './likes';
import './content.css';

const PAGE_SIZE = 12;

export function BlogPage() {
  useArticleLikesChannel();
  const [type, setType] = useState('');
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const types = useAsync(() => fetchArticleTypes(), []);
  const list = useAsync((signal) => fetchArticlePage({ type: type || undefined, search: query || undefined, page, page_size: PAGE_SIZE }, signal), [type, query, page]);
  const choose = (t: string) => { setType(t); setPage(1); };

  return (
    <>
      <PageHead title="Blog" eyebrow="Journal"><p>Auction reports, distillery stories and collecting advice.</p></PageHead>
      <div className="container section">
        <div className="blog-filters controls">
          <div className="chip-row" role="group" aria-label="Article types">
            <button type="button" className="chip" aria-pressed={type === ''} onClick={() => choose('')}>All</button>
            {(types.data ?? []).map((t) => (
              <button key={t.id} type="button" className="chip" aria-pressed={type === t.id} onClick={() => choose(t.id)}>{t.name}</button>
            ))}
          </div>
          <form role="search" onSubmit={(e) => { e.preventDefault(); setQuery(search.trim()); setPage(1); }}>
            <input type="search" className="input" placeholder="Search articles" aria-label="Search articles" value={search} onChange={(e) => setSearch(e.target.value)} />
          </form>
        </div>
        {list.error ? <ErrorNote error={list.error} onRetry={list.reload} /> : !list.data ? <Spinner /> : list.data.results.length === 0 ? (
          <Empty title="No articles found">{query || type ? 'Try another type or search.' : 'Our first stories are being written.'}</Empty>
        ) : (
          <>
            <ul className="article-grid">
              {list.data.results.map((a) => (
                <li key={a.id} className="article-card" data-testid="article-card">
                  {a.thumbnail && <img src={a.thumbnail} alt="" loading="lazy" />}
                  <p className="muted">{a.type.name} · {formatLongDate(a.published_at ?? a.created_at)}</p>
                  <h2><Link href={`/blog/article/${a.id}`}>{a.title}</Link></h2>
                  <p>{a.short_description}</p>
                  <LikeButton article={a} />
                </li>
              ))}
            </ul>
            <Pager page={page} totalPages={Math.max(1, Math.ceil(list.data.count / PAGE_SIZE))} onPage={setPage} />
          </>
        )}
      </div>
    </>
  );
}

export function BlogArticlePage() {
  useArticleLikesChannel();
  const { id } = useParams<{ id: string }>();
  const { data, error, reload } = useAsync((signal) => fetchArticleDetail(id, signal), [id]);
  useTitle(data?.title ?? 'Blog');
  return (
    <div className="container section prose prose--page">
      <p><Link href="/blog" className="text-link">← All articles</Link></p>
      {error ? <ErrorNote error={error} onRetry={reload} /> : !data ? <Spinner /> : (
        <article className="blog-article">
          <p className="muted">{data.type.name}</p>
          <h1>{data.title}</h1>
          <p className="muted">{formatLongDate(data.published_at ?? data.created_at)}</p>
          {/* The cover, unless the text already shows it (the editor pastes the first image into the text too). */}
          {data.image && !data.content.includes(data.image) && <img src={data.image} alt="" className="article-image" />}
          {/* Rendered and sanitised by the server (services/content/markdown.ts): no raw HTML, safe links only. */}
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: rendered and sanitised by the server (services/content/markdown.ts) */}
          <div className="article-body" dangerouslySetInnerHTML={{ __html: data.content_html }} />
          <LikeButton article={data} />
        </article>
      )}
    </div>
  );
}
