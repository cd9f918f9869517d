/** One collection item: the myCollection bid display state (Estimated auction value / Price paid), edit, remove. */
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { panelRows } from '../../lib/bid-state';
import { formatGBP } from '../../lib/money';
import { formatShortDate } from '../../lib/dates';
import { ApiError } from '../../api/http';
import { changePricePaid, METHOD_LABELS, type CollectionItem } from './api';

interface Props {
  item: CollectionItem;
  selected: boolean;
  onSelect(selected: boolean): void;
  onChanged(): void;
  onDelete(): void;
  onError(e: unknown): void;
}

export function CollectionCard({ item, selected, onSelect, onChanged, onDelete, onError }: Props) {
  const [editing, setEditing] = useState(false);
  const [price, setPrice] = useState(item.price_paid ?? '');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const rows = panelRows('myCollection', {
    current: null, yourBid: null, reserve: null, final: null,
    estimated: formatGBP(item.estimated_auction_value), pricePaid: formatGBP(item.price_paid),
  });

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setFieldError(null);
    try {
      await changePricePaid(item.id, price.trim());
      setEditing(false);
      onChanged();
    } catch (err) {
      const msg = err instanceof ApiError ? err.fields.price_paid : undefined;
      if (msg) setFieldError(msg); else onError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <article className="collection-card" data-testid="collection-card" aria-label={item.title}>
      <label className="collection-card__select">
        <input type="checkbox" checked={selected} onChange={(e) => onSelect(e.target.checked)} /> <span className="visually-hidden">Select {item.title}</span>
      </label>
      <h3 className="collection-card__title">
        {item.lot_id ? <Link href={`/product/${item.lot_id}`}>{item.title}</Link> : item.title}
      </h3>
      <p className="collection-card__meta">
        {item.distillery}{item.age !== null ? ` · ${item.age} years` : ''}{item.volume_ml ? ` · ${item.volume_ml} ml` : ''}
        {' · '}{item.source === 'won' ? 'Won at auction' : item.source === 'catalogue' ? 'From the catalogue' : 'Added by hand'}
        {' · bought '}{formatShortDate(item.date) || item.date}
      </p>
      {item.cask && (
        <dl className="collection-card__cask">
          {item.cask.cask_type && <div><dt>Cask</dt><dd>{item.cask.cask_type}{item.cask.cask_number ? ` #${item.cask.cask_number}` : ''}</dd></div>}
          {item.cask.bulk_litres !== null && <div><dt>Bulk litres</dt><dd>{item.cask.bulk_litres}</dd></div>}
          {item.cask.abv !== null && <div><dt>ABV</dt><dd>{item.cask.abv}%</dd></div>}
          {item.cask.rla !== null && <div><dt>RLA</dt><dd>{item.cask.rla} l</dd></div>}
          {item.cask.regauge_date && <div><dt>Regauged</dt><dd>{formatShortDate(item.cask.regauge_date)}</dd></div>}
        </dl>
      )}
      <dl className="collection-card__values">
        {rows.map((r) => <div key={r.label}><dt>{r.label}</dt><dd>{r.value ?? '—'}</dd></div>)}
      </dl>
      <p className="collection-card__method">Based on {METHOD_LABELS[item.estimated_value_method]}
        {item.estimated_value_sales > 0 ? ` (${item.estimated_value_sales} sale${item.estimated_value_sales > 1 ? 's' : ''})` : ''}.</p>
      {editing ? (
        <form className="collection-card__edit controls" onSubmit={save} noValidate>
          <label>Price paid (£)
            {/* biome-ignore lint/a11y/noAutofocus: the edit form opens on the user's click: focus goes to the field they asked to edit */}
            <input name="price_paid" inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} aria-invalid={!!fieldError} autoFocus />
          </label>
          {fieldError && <p className="field-error" role="alert">{fieldError}</p>}
          <button type="submit" className="button button--primary button--small" disabled={busy}>Save</button>
          <button type="button" className="button button--ghost button--small" onClick={() => { setEditing(false); setFieldError(null); }}>Cancel</button>
        </form>
      ) : (
        <p className="collection-card__actions">
          <button type="button" className="button button--ghost button--small" onClick={() => setEditing(true)}>Edit price paid</button>
          <button type="button" className="button button--ghost button--small" onClick={onDelete}>Remove</button>
        </p>
      )}
    </article>
  );
}
