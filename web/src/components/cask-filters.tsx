/**
 * The "Cask" filter group of the listings and search (docs/search.md "Cask filters"): cask types with their counts,
 * then the ABV, bulk litres, RLA and regauge date ranges. Ranges apply together with the Apply button (or Enter),
 * not on every keystroke, and are checked first so a reversed range never reaches the API.
 */
import { useEffect, useId, useState } from 'react';
import { Field } from './field';
import type { CounterOption } from '../lib/normalize';
import { applyRanges, CASK_RANGES, rangeDraft, rangeErrors, type CaskRangeBounds, type RangeDraft } from '../lib/cask-filters';
import './cask-filters.css';

interface Props {
  selected: Record<string, readonly string[]>;
  caskTypes: readonly CounterOption[];
  bounds?: CaskRangeBounds;
  onToggleType: (value: string) => void;
  onSelected: (selected: Record<string, string[]>) => void;
}

const fmt = (v: number | string | null | undefined) => (v === null || v === undefined ? '' : String(v));

export function CaskFilterGroup({ selected, caskTypes, bounds, onToggleType, onSelected }: Props) {
  const id = useId();
  const chosenTypes = selected.cask_type ?? [];
  const applied = rangeDraft(selected);
  const [draft, setDraft] = useState<RangeDraft>(applied);
  const [errors, setErrors] = useState<Record<string, string> | null>(null);
  const appliedKey = JSON.stringify(applied);
  // "Clear all" (or another page's change) resets the inputs to what is applied.
  useEffect(() => {
    setDraft(JSON.parse(appliedKey) as RangeDraft);
    setErrors(null);
  }, [appliedKey]);

  // A chosen type stays visible (and can be unticked) even when the current filters give it no lots.
  const types = [...caskTypes];
  for (const v of chosenTypes) if (!types.some((o) => o.value === v)) types.push({ value: v, count: 0 });

  const apply = () => {
    const e = rangeErrors(draft);
    setErrors(e);
    if (!e && JSON.stringify(draft) !== appliedKey) onSelected(applyRanges(selected, draft));
  };

  return (
    <fieldset className="filter-group cask-filters" aria-label="Cask">
      <legend>Cask</legend>
      {types.length > 0 && (
        <ul aria-label="Cask type">
          {types.map((o) => (
            <li key={o.value} className="check check--count">
              <input id={`${id}-ct-${o.value}`} type="checkbox" checked={chosenTypes.includes(o.value)} onChange={() => onToggleType(o.value)} />
              <label htmlFor={`${id}-ct-${o.value}`}>
                <span>{o.value}</span> <span className="count"><span aria-hidden="true">{o.count}</span><span className="visually-hidden">{o.count} lots</span></span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <form className="cask-filters__ranges" noValidate onSubmit={(e) => { e.preventDefault(); apply(); }}>
        {CASK_RANGES.map((r) => {
          const b = bounds?.[r.key];
          return (
            <div key={r.key} className="cask-filters__range" role="group" aria-label={r.label}>
              <p className="cask-filters__label">{r.label}</p>
              <div className="cask-filters__pair">
                {(['min', 'max'] as const).map((edge) => (
                  <Field
                    key={edge}
                    label={edge === 'min' ? (r.kind === 'date' ? 'From' : 'Min') : (r.kind === 'date' ? 'To' : 'Max')}
                    aria-label={`${r.label} ${edge === 'min' ? 'from' : 'to'}`}
                    type={r.kind}
                    inputMode={r.kind === 'number' ? 'decimal' : undefined}
                    step={r.kind === 'number' ? 'any' : undefined}
                    min={r.kind === 'number' ? 0 : undefined}
                    max={r.max}
                    placeholder={fmt(b?.[edge])}
                    value={draft[`${r.key}_${edge}`] ?? ''}
                    error={errors?.[`${r.key}_${edge}`]}
                    onValue={(v) => setDraft({ ...draft, [`${r.key}_${edge}`]: v })}
                  />
                ))}
              </div>
            </div>
          );
        })}
        <button type="submit" className="button button--small cask-filters__apply">Apply cask filters</button>
      </form>
    </fieldset>
  );
}
