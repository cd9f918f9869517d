/** The items of a sell request: one card per item (title, distillery, bottle or cask, age, volume, strength, quantity, description). */
import { Field, SelectField } from '../../components/field';
import { emptyItem, MAX_ITEMS, type Errors, type ItemDraft } from './rules';

interface Props {
  items: ItemDraft[];
  errors: Errors;
  onChange: (items: ItemDraft[]) => void;
}

const TYPES = [{ value: 'bottle', label: 'Bottle' }, { value: 'cask', label: 'Cask' }];

export function ItemsSection({ items, errors, onChange }: Props) {
  const update = (i: number, patch: Partial<ItemDraft>) => onChange(items.map((it, j) => (j === i ? { ...it, ...patch } : it)));
  return (
    <div className="sell-items">
      {items.map((item, i) => {
        const err = (k: string) => errors[`items.${i}.${k}`];
        const set = (k: keyof ItemDraft) => (v: string) => update(i, { [k]: v } as Partial<ItemDraft>);
        const name = `Item ${i + 1}`;
        return (
          <fieldset key={item.key} className="sell-item" aria-label={name}>
            <legend>{name}{item.title.trim() ? `: ${item.title.trim()}` : ''}</legend>
            <div className="form form--grid">
              <Field label="Title" className="span-all" value={item.title} onValue={set('title')} error={err('title')} maxLength={200} placeholder="e.g. Macallan 18 Year Old Sherry Oak 1990s" />
              <Field label="Distillery (optional)" value={item.distillery} onValue={set('distillery')} error={err('distillery')} maxLength={120} />
              <SelectField label="Type" value={item.type} options={TYPES} onValue={(v) => update(i, { type: v === 'cask' ? 'cask' : 'bottle' })} error={err('type')} />
              <Field label="Age in years (optional)" inputMode="numeric" value={item.age} onValue={set('age')} error={err('age')} maxLength={3} />
              <Field label="Volume in ml (optional)" inputMode="numeric" value={item.volume_ml} onValue={set('volume_ml')} error={err('volume_ml')} maxLength={7} />
              <Field label="ABV % (optional)" inputMode="decimal" value={item.abv} onValue={set('abv')} error={err('abv')} maxLength={5} />
              <Field label="Quantity" inputMode="numeric" value={item.quantity} onValue={set('quantity')} error={err('quantity')} maxLength={3} />
              {(item.estimate_low || item.estimate_high) && (
                <p className="span-all field__hint">Our estimate: £{item.estimate_low || '?'} to £{item.estimate_high || '?'}</p>
              )}
              <div className="field span-all">
                <label htmlFor={`sell-item-desc-${item.key}`}>Description (optional)</label>
                <textarea id={`sell-item-desc-${item.key}`} rows={2} maxLength={5000} value={item.description} onChange={(e) => update(i, { description: e.target.value })} placeholder="Condition, fill level, box, labels" />
              </div>
            </div>
            {items.length > 1 && (
              <button type="button" className="link-button" onClick={() => onChange(items.filter((_, j) => j !== i))}>Remove {name.toLowerCase()}</button>
            )}
          </fieldset>
        );
      })}
      {errors.items && <p className="form-error" role="alert">{errors.items}</p>}
      {items.length < MAX_ITEMS && (
        <button type="button" className="button button--ghost" onClick={() => onChange([...items, emptyItem()])}>Add another item</button>
      )}
    </div>
  );
}
