/** /account/my-collection/add-items: add a bottle or cask from the catalogue (item search) or described by hand. */
import { useEffect, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { PageHead, RequireAuth } from '../../components/page-head';
import { ApiError } from '../../api/http';
import { formatGBP } from '../../lib/money';
import { useErrorDialog } from '../../components/error-dialog';
import { addItem, searchItems, type AddItemBody, type CatalogueItem } from './api';
import './collection.css';

const DEBOUNCE_MS = 300;
const today = () => new Date().toISOString().slice(0, 10);

function Field({ label, name, errors, children }: { label: string; name: string; errors: Record<string, string>; children: React.ReactNode }) {
  return (
    <div className="field">
      {/* biome-ignore lint/a11y/noLabelWithoutControl: the control is the children the caller passes */}
      <label>{label}{children}</label>
      {errors[name] && <p className="field-error" role="alert" data-field={name}>{errors[name]}</p>}
    </div>
  );
}

function AddItems() {
  const [, navigate] = useLocation();
  const [mode, setMode] = useState<'catalogue' | 'manual'>('catalogue');
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<CatalogueItem[]>([]);
  const [picked, setPicked] = useState<CatalogueItem | null>(null);
  const [form, setForm] = useState({ title: '', distillery: '', age: '', volume_ml: '700', type: 'bottle', cask_type: '', cask_number: '', bulk_litres: '', abv: '', regauge_date: '' });
  const [price, setPrice] = useState('');
  const [date, setDate] = useState(today());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const { dialog, show } = useErrorDialog();

  useEffect(() => {
    if (mode !== 'catalogue' || query.trim().length < 2) { setResults([]); return; }
    const timer = setTimeout(() => { searchItems(query.trim()).then(setResults, show); }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query, mode, show]);

  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const num = (v: string) => (v.trim() === '' ? null : Number(v));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const base = { price_paid: price.trim(), date };
    let body: AddItemBody;
    if (mode === 'catalogue') {
      if (!picked) { setErrors({ item: 'Choose an item from the search results.' }); return; }
      body = { ...base, item: picked.id };
    } else {
      const cask = form.type === 'cask'
        ? { cask_type: form.cask_type || null, cask_number: form.cask_number || null, bulk_litres: num(form.bulk_litres), abv: num(form.abv), regauge_date: form.regauge_date || null }
        : null;
      body = { ...base, title: form.title, distillery: form.distillery, age: num(form.age), volume_ml: num(form.volume_ml), type: form.type as 'bottle' | 'cask', cask };
    }
    setBusy(true);
    setErrors({});
    try {
      await addItem(body);
      navigate('/account/my-collection');
    } catch (err) {
      if (err instanceof ApiError && err.status === 400 && Object.keys(err.fields).length > 0) setErrors(err.fields);
      else show(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="container section narrow">
      {dialog}
      <div className="add-items__modes" role="tablist">
        <button type="button" role="tab" aria-selected={mode === 'catalogue'} className="button button--ghost button--small" onClick={() => setMode('catalogue')}>From the catalogue</button>
        <button type="button" role="tab" aria-selected={mode === 'manual'} className="button button--ghost button--small" onClick={() => setMode('manual')}>Describe it by hand</button>
      </div>
      <form onSubmit={submit} noValidate className="form">
        {mode === 'catalogue' ? (
          <>
            <Field label="Search our lots" name="item" errors={errors}>
              <input type="search" name="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="Distillery, bottle, lot number" />
            </Field>
            <ul className="add-items__results" aria-label="Items found">
              {results.map((r) => (
                <li key={r.id}>
                  <button type="button" className="button button--ghost button--small" aria-pressed={picked?.id === r.id} onClick={() => setPicked(r)}>
                    {r.distillery.name} · {r.title}{r.subtitle ? ` · ${r.subtitle}` : ''} (estimate {formatGBP(r.estimated_value)})
                  </button>
                </li>
              ))}
            </ul>
            {picked && <p>Adding: <strong>{picked.title}</strong></p>}
          </>
        ) : (
          <>
            <Field label="Title" name="title" errors={errors}><input name="title" value={form.title} onChange={set('title')} /></Field>
            <Field label="Distillery" name="distillery" errors={errors}><input name="distillery" value={form.distillery} onChange={set('distillery')} /></Field>
            <Field label="Age (years)" name="age" errors={errors}><input name="age" inputMode="numeric" value={form.age} onChange={set('age')} /></Field>
            <Field label="Bottle size (ml)" name="volume_ml" errors={errors}><input name="volume_ml" inputMode="numeric" value={form.volume_ml} onChange={set('volume_ml')} /></Field>
            <Field label="Type" name="type" errors={errors}>
              <select name="type" value={form.type} onChange={set('type')}><option value="bottle">Bottle</option><option value="cask">Cask</option></select>
            </Field>
            {form.type === 'cask' && (
              <>
                <Field label="Cask type" name="cask" errors={errors}><input name="cask_type" value={form.cask_type} onChange={set('cask_type')} /></Field>
                <Field label="Cask number" name="cask_number" errors={errors}><input name="cask_number" value={form.cask_number} onChange={set('cask_number')} /></Field>
                <Field label="Bulk litres" name="bulk_litres" errors={errors}><input name="bulk_litres" inputMode="decimal" value={form.bulk_litres} onChange={set('bulk_litres')} /></Field>
                <Field label="ABV (%)" name="abv" errors={errors}><input name="abv" inputMode="decimal" value={form.abv} onChange={set('abv')} /></Field>
                <Field label="Regauge date" name="regauge_date" errors={errors}><input name="regauge_date" type="date" value={form.regauge_date} onChange={set('regauge_date')} /></Field>
              </>
            )}
          </>
        )}
        <Field label="Price paid (£)" name="price_paid" errors={errors}><input name="price_paid" inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} /></Field>
        <Field label="Date bought" name="date" errors={errors}><input name="date" type="date" max={today()} value={date} onChange={(e) => setDate(e.target.value)} /></Field>
        <button type="submit" className="button button--primary" disabled={busy}>Add to my collection</button>
      </form>
    </div>
  );
}

export function AddItemsPage() {
  return (
    <>
      <PageHead title="Add items" eyebrow="My collection"><p>Add a bottle or cask you own to follow its value from real auction results.</p></PageHead>
      <RequireAuth what="your collection"><AddItems /></RequireAuth>
    </>
  );
}
