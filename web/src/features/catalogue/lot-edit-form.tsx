/**
 * Editing a lot before its auction starts: item text, distillery, estimate, opening bid and reserve (money in pounds,
 * as on the consign form). Only changed fields are sent; field refusals show under their fields.
 */
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/http';
import { Field } from '../../components/field';
import { editLot, type LotEdit, type StaffLot } from './api';

interface Form {
  title: string;
  subtitle: string;
  description: string;
  distillery: string;
  region: string;
  estimated_value: string;
  opening_bid: string;
  reserve_price: string;
}

const fromLot = (lot: StaffLot): Form => ({
  title: lot.item.title,
  subtitle: lot.item.subtitle,
  description: lot.item.description,
  distillery: lot.item.distillery.name,
  region: lot.item.distillery.region?.name ?? '',
  estimated_value: lot.item.estimated_value,
  opening_bid: lot.bid_stats.opening_bid,
  reserve_price: lot.reserve_price ?? '',
});

/** What differs from the lot as loaded, in the API's names. */
function changesOf(before: Form, after: Form): LotEdit {
  const out: LotEdit = {};
  if (after.title !== before.title) out.title = after.title.trim();
  if (after.subtitle !== before.subtitle) out.subtitle = after.subtitle.trim();
  if (after.description !== before.description) out.description = after.description.trim();
  if (after.distillery !== before.distillery || after.region !== before.region) out.distillery = { name: after.distillery.trim(), region: after.region.trim() || null };
  if (after.estimated_value !== before.estimated_value) out.estimated_value = after.estimated_value.trim();
  if (after.opening_bid !== before.opening_bid) out.opening_bid = after.opening_bid.trim();
  if (after.reserve_price !== before.reserve_price) out.reserve_price = after.reserve_price.trim() || null;
  return out;
}

export function LotEditForm({ lot, onDone, onCancel, onError }: { lot: StaffLot; onDone: (lot: StaffLot) => void; onCancel: () => void; onError: (e: unknown) => void }) {
  const [initial] = useState(() => fromLot(lot));
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (k: keyof Form) => (v: string) => { setForm((f) => ({ ...f, [k]: v })); setErrors((e) => ({ ...e, [k]: '' })); };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = changesOf(initial, form);
    if (Object.keys(body).length === 0) return onCancel();
    if (body.title === '') return setErrors({ title: 'This field is required' });
    setBusy(true);
    try {
      onDone(await editLot(lot.id, body));
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && Object.keys(err.fields).length > 0) {
        const f = err.fields;
        setErrors({ ...f, distillery: f.distillery ?? f['distillery.name'] ?? '' });
      } else onError(err);
    }
  };
  const field = (k: keyof Form, label: string, extra: { hint?: string } = {}) => (
    <Field label={label} value={form[k]} onValue={set(k)} error={errors[k] || null} {...extra} />
  );
  return (
    <form className="catalogue-form catalogue-edit" onSubmit={submit} aria-label={`Edit lot ${lot.reference_no}`} noValidate>
      {field('title', 'Title')}
      {field('subtitle', 'Subtitle')}
      {field('description', 'Description')}
      {field('distillery', 'Distillery')}
      {field('region', 'Region', { hint: 'Empty for rest of world.' })}
      {field('estimated_value', 'Estimated value (£)')}
      {field('opening_bid', 'Opening bid (£)')}
      {field('reserve_price', 'Reserve price (£)', { hint: 'Empty for no reserve.' })}
      <div className="desk-actions">
        <button type="button" className="button button--ghost button--small" onClick={onCancel} disabled={busy}>Cancel</button>
        <button type="submit" className="button button--primary button--small" disabled={busy}>Save changes</button>
      </div>
    </form>
  );
}
