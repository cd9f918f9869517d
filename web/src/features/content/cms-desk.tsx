/** Staff desk for the site content lists: the people of /about, the home page slides and the press quotes. */
import { useState, type FormEvent } from 'react';
import type { ApiError } from '../../api/http';
import { ErrorNote, Spinner } from '../../components/feedback';
import { Field, FormMessage } from '../../components/field';
import { useAsync } from '../../components/hooks';
import { deleteCms, fetchStaffCms, saveCms, uploadArticleImage, type CmsItem, type CmsKind } from './api';

type CmsField = { name: string; label: string; hint?: string };

/** The live auction's figures a slide may quote (features/content/house-copy.ts), so no slide states a count by hand. */
const SLIDE_TOKENS = 'May include {lot_count}, {end_day} or {end_date}: filled from the live auction; the slide is hidden while none is live.';

const KINDS: { kind: CmsKind; label: string; fields: CmsField[] }[] = [
  { kind: 'about_us', label: 'Our people (/about)', fields: [{ name: 'name', label: 'Name' }, { name: 'role', label: 'Role' }, { name: 'bio', label: 'Bio' }] },
  { kind: 'main_slider', label: 'Home page slides', fields: [{ name: 'title', label: 'Title', hint: SLIDE_TOKENS }, { name: 'subtitle', label: 'Subtitle', hint: SLIDE_TOKENS }, { name: 'link_url', label: 'Link (/path or https://)' }, { name: 'link_text', label: 'Link text' }] },
  { kind: 'media_like_us', label: 'Press quotes', fields: [{ name: 'quote', label: 'Quote' }, { name: 'source', label: 'Source' }, { name: 'url', label: 'Link' }] },
];

function ItemForm({ kind, fields, item, onDone }: { kind: CmsKind; fields: CmsField[]; item: CmsItem | null; onDone: () => void }) {
  const [v, setV] = useState<Record<string, string>>(() => Object.fromEntries(fields.map((f) => [f.name, String(item?.[f.name] ?? '')])));
  const [imageId, setImageId] = useState<string | null>(item?.image_id ?? null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await saveCms(kind, item?.id ?? null, { ...v, image_id: imageId });
      onDone();
    } catch (err) {
      setErrors((err as ApiError).fields ?? {});
      setMessage((err as Error).message);
    }
  };
  return (
    <form className="form" onSubmit={submit} noValidate>
      {fields.map((f) => <Field key={f.name} label={f.label} hint={f.hint} value={v[f.name]} onValue={(x) => setV({ ...v, [f.name]: x })} error={errors[f.name]} />)}
      <div className="field">
        <label htmlFor={`cms-image-${kind}`}>Photo</label>
        <input id={`cms-image-${kind}`} type="file" accept="image/jpeg,image/png,image/webp" onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) uploadArticleImage(file).then((img) => setImageId(img.id), (err: Error) => setErrors({ ...errors, image_id: err.message }));
        }} />
        {errors.image_id && <p className="field-error">{errors.image_id}</p>}
      </div>
      <FormMessage error={message} />
      <div className="button-row">
        <button type="submit" className="button button--primary">Save</button>
        <button type="button" className="button" onClick={onDone}>Cancel</button>
      </div>
    </form>
  );
}

function KindList({ kind, label, fields }: (typeof KINDS)[number]) {
  const list = useAsync(() => fetchStaffCms(kind), [kind]);
  const [editing, setEditing] = useState<CmsItem | null | undefined>(undefined);
  const done = () => { setEditing(undefined); list.reload(); };
  return (
    <section className="section">
      <h2>{label}</h2>
      {editing !== undefined ? <ItemForm kind={kind} fields={fields} item={editing} onDone={done} /> : (
        <>
          {list.error ? <ErrorNote error={list.error} onRetry={list.reload} /> : !list.data ? <Spinner /> : (
            <ul className="cms-list">
              {list.data.map((item) => (
                <li key={item.id}>
                  <span>{String(item[fields[0].name] ?? '')} <span className="muted">{String(item[fields[1].name] ?? '')}</span></span>
                  <span className="button-row">
                    <button type="button" className="button button--small" onClick={() => setEditing(item)}>Edit</button>
                    <button type="button" className="button button--small" onClick={() => void deleteCms(kind, item.id).then(list.reload)}>Delete</button>
                  </span>
                </li>
              ))}
            </ul>
          )}
          <button type="button" className="button" onClick={() => setEditing(null)}>Add</button>
        </>
      )}
    </section>
  );
}

export function CmsDesk() {
  return <div className="container staff-desk">{KINDS.map((k) => <KindList key={k.kind} {...k} />)}</div>;
}
