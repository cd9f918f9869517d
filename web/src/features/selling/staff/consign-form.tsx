/**
 * Consigning a received item as a lot: a form prefilled from the item (fields left empty are filled by the server
 * from the item). Field refusals show under their fields; other failures go to the "Error occurred" dialog.
 */
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../api/http';
import { Field, SelectField } from '../../../components/field';
import { auctionName } from '../../../lib/normalize';
import type { Auction } from '../../../lib/types';
import { consignItem, type SellItemView } from './api';
import { consignBody, prefillConsign, type ConsignErrors, type ConsignForm as Form } from './rules';

export function ConsignForm({ requestId, item, auctions, defaultAuction, onDone, onCancel, onError }: {
  requestId: string;
  item: SellItemView;
  auctions: Auction[];
  defaultAuction: string;
  onDone: (lotId: string) => void;
  onCancel: () => void;
  onError: (e: unknown) => void;
}) {
  const [form, setForm] = useState<Form>(() => prefillConsign(item, auctions.some((a) => String(a.id) === defaultAuction) ? defaultAuction : String(auctions[0]?.id ?? '')));
  const [errors, setErrors] = useState<ConsignErrors>({});
  const [busy, setBusy] = useState(false);
  const set = (k: keyof Form) => (v: string) => {
    setForm((f) => ({ ...f, [k]: v }));
    setErrors((e) => ({ ...e, [k]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const { errors: found, body } = consignBody(form);
    setErrors(found);
    if (!body) return;
    setBusy(true);
    try {
      const { lot_id } = await consignItem(requestId, item.id, body);
      onDone(lot_id);
    } catch (err) {
      const fields = err instanceof ApiError ? { ...err.fields } : {};
      if (fields.auction && !fields.auction_id) fields.auction_id = fields.auction;
      const mapped = Object.fromEntries(Object.entries(fields).filter(([k]) => k in form)) as ConsignErrors;
      if (Object.keys(mapped).length) setErrors(mapped);
      else onError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="consign-form" onSubmit={submit} noValidate aria-label={`Consign ${item.title}`}>
      <SelectField
        label="Auction" value={form.auction_id} onValue={set('auction_id')} error={errors.auction_id} className="consign-form__wide"
        options={[{ value: '', label: 'Choose an auction' }, ...auctions.map((a) => ({ value: String(a.id), label: auctionName(a) }))]}
      />
      <Field label="Title" value={form.title} onValue={set('title')} error={errors.title} className="consign-form__wide" />
      <Field label="Distillery" value={form.distillery} onValue={set('distillery')} error={errors.distillery} />
      <Field label="Region" value={form.region} onValue={set('region')} error={errors.region} />
      <SelectField label="Type" value={form.type} onValue={set('type')} options={[{ value: 'bottle', label: 'Bottle' }, { value: 'cask', label: 'Cask' }]} />
      <Field label="Age (years)" inputMode="numeric" value={form.age} onValue={set('age')} error={errors.age} />
      <Field label="Volume (ml)" inputMode="numeric" value={form.volume_ml} onValue={set('volume_ml')} error={errors.volume_ml} />
      <Field label="ABV (%)" inputMode="decimal" value={form.abv} onValue={set('abv')} error={errors.abv} />
      <Field label="Estimate (£)" inputMode="decimal" value={form.estimated_value} onValue={set('estimated_value')} error={errors.estimated_value} />
      <Field label="Opening bid (£)" inputMode="decimal" value={form.opening_bid} onValue={set('opening_bid')} error={errors.opening_bid} />
      <Field label="Reserve price (£, optional)" inputMode="decimal" value={form.reserve_price} onValue={set('reserve_price')} error={errors.reserve_price} />
      <div className="consign-form__actions consign-form__wide">
        <button type="submit" className="button button--primary button--small" disabled={busy}>Consign as a lot</button>
        <button type="button" className="button button--ghost button--small" onClick={onCancel}>Cancel</button>
      </div>
    </form>
  );
}
