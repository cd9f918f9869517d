/**
 * Staff article desk: every article (drafts too) and an editor with a Markdown source, a live preview rendered by the
 * server (the same sanitising as the published page), image upload (pasted into the source as Markdown) and a
 * published switch.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ApiError } from '../../api/http';
import { Empty, ErrorNote, Spinner } from '../../components/feedback';
import { Checkbox, Field, FormMessage, SelectField } from '../../components/field';
import { useAsync } from '../../components/hooks';
import { formatShortDate } from '../../lib/dates';
import { pushToast } from '../../state/toasts';
import { fetchArticleTypes, fetchStaffArticle, fetchStaffArticles, previewArticle, saveArticle, uploadArticleImage, type ArticleInput } from './api';

const EMPTY: ArticleInput = { title: '', type: 'news', short_description: '', content: '', image_id: null, published: false };

function Editor({ id, onDone }: { id: string | null; onDone: () => void }) {
  const [v, setV] = useState<ArticleInput>(EMPTY);
  const [loaded, setLoaded] = useState(id === null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [preview, setPreview] = useState('');
  const [busy, setBusy] = useState(false);
  const source = useRef<HTMLTextAreaElement>(null);
  const types = useAsync(() => fetchArticleTypes(), []);

  useEffect(() => {
    if (!id) return;
    fetchStaffArticle(id).then((a) => {
      setV({ title: a.title, type: a.type.id, short_description: a.short_description, content: a.content, image_id: a.image_id, published: a.published });
      setLoaded(true);
    }, (e: Error) => setMessage(e.message));
  }, [id]);

  useEffect(() => {
    if (!v.content.trim()) return setPreview('');
    const timer = setTimeout(() => previewArticle(v.content).then((r) => setPreview(r.content_html), () => {}), 300);
    return () => clearTimeout(timer);
  }, [v.content]);

  const set = <K extends keyof ArticleInput>(k: K) => (x: ArticleInput[K]) => setV((prev) => ({ ...prev, [k]: x }));

  const insertImage = async (file: File | undefined) => {
    if (!file) return;
    try {
      const img = await uploadArticleImage(file);
      const at = source.current?.selectionStart ?? v.content.length;
      setV((prev) => ({ ...prev, content: `${prev.content.slice(0, at)}\n${img.markdown}\n${prev.content.slice(at)}`, image_id: prev.image_id ?? img.id }));
    } catch (e) {
      setErrors((prev) => ({ ...prev, image: (e as Error).message }));
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    setMessage(null);
    try {
      await saveArticle(id, v);
      pushToast({ kind: 'success', title: v.published ? 'Article published' : 'Draft saved', text: v.title });
      onDone();
    } catch (err) {
      setErrors((err as ApiError).fields ?? {});
      setMessage((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  if (!loaded) return message ? <ErrorNote error={message} /> : <Spinner />;
  return (
    <form className="form" onSubmit={submit} noValidate aria-label={id ? 'Edit article' : 'New article'}>
      <Field label="Title" value={v.title} onValue={set('title')} error={errors.title} />
      <SelectField label="Type" value={v.type} onValue={set('type')} error={errors.type}
        options={(types.data ?? []).map((t) => ({ value: t.id, label: t.name }))} />
      <Field label="Short description" value={v.short_description} onValue={set('short_description')} error={errors.short_description} />
      <div className="field">
        <label htmlFor="article-image">Add an image</label>
        <input id="article-image" type="file" accept="image/jpeg,image/png,image/webp,image/heic" onChange={(e) => void insertImage(e.target.files?.[0])} />
        {errors.image && <p className="field-error">{errors.image}</p>}
      </div>
      <div className="content-editor">
        <div className={`field${errors.content ? ' field--invalid' : ''}`}>
          <label htmlFor="article-content">Article (Markdown)</label>
          <textarea id="article-content" ref={source} value={v.content} onChange={(e) => set('content')(e.target.value)} aria-invalid={!!errors.content} />
          {errors.content && <p className="field-error">{errors.content}</p>}
        </div>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the preview is rendered and sanitised by the server (services/content/markdown.ts) */}
        <div className="content-editor__preview prose" role="region" aria-label="Preview" dangerouslySetInnerHTML={{ __html: preview }} />
      </div>
      <Checkbox label="Published" checked={v.published} onChecked={set('published')} />
      <FormMessage error={message} />
      <div className="button-row">
        <button type="submit" className="button button--primary" disabled={busy}>Save</button>
        <button type="button" className="button" onClick={onDone}>Cancel</button>
      </div>
    </form>
  );
}

export function ArticlesDesk() {
  const [editing, setEditing] = useState<string | null | undefined>(undefined);
  const list = useAsync((signal) => fetchStaffArticles({ page_size: 100 }, signal), []);
  if (editing !== undefined) {
    return <div className="container section staff-desk"><Editor id={editing} onDone={() => { setEditing(undefined); list.reload(); }} /></div>;
  }
  return (
    <div className="container section staff-desk">
      <p><button type="button" className="button button--primary" onClick={() => setEditing(null)}>New article</button></p>
      {list.error ? <ErrorNote error={list.error} onRetry={list.reload} /> : !list.data ? <Spinner /> : list.data.results.length === 0 ? (
        <Empty title="No articles yet" />
      ) : (
        <table className="table staff-table">
          <thead><tr><th>Title</th><th>Type</th><th>Status</th><th>Likes</th><th /></tr></thead>
          <tbody>
            {list.data.results.map((a) => (
              <tr key={a.id}>
                <td data-label="Title">{a.title}</td>
                <td data-label="Type">{a.type.name}</td>
                <td data-label="Status">{a.published ? `Published ${formatShortDate(a.published_at ?? a.created_at)}` : 'Draft'}</td>
                <td data-label="Likes">{a.likes_count}</td>
                <td><button type="button" className="button button--small" onClick={() => setEditing(a.id)}>Edit</button></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
