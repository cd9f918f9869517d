/** The search filters: the sold, live and strict switches, counted choices (distillery, region, type) and the Cask group. */
import { useId } from 'react';
import { filterLabel, type CounterOption } from '../../lib/normalize';
import { defaultSearchFilters, toggleSelected, type SearchFilters } from './search-query';
import { CaskFilterGroup } from '../../components/cask-filters';
import { showCaskGroup, type CaskRangeBounds } from '../../lib/cask-filters';

const GROUPS = ['distillery', 'region', 'type'] as const;
const PREVIEW = 10;

interface Props {
  filters: SearchFilters;
  counters: Record<string, CounterOption[]>;
  caskRanges?: CaskRangeBounds;
  onChange: (f: SearchFilters) => void;
}

export function SearchFiltersPanel({ filters: f, counters, caskRanges, onChange }: Props) {
  const id = useId();
  const sw = (key: 'sold' | 'live' | 'strict', label: string) => (
    <div className="switch">
      {/* biome-ignore lint/a11y/useAriaPropsForRole: a native checkbox carries its checked state; aria-checked would duplicate it (ARIA in HTML) */}
      <input id={`${id}-${key}`} type="checkbox" role="switch" checked={f[key]} onChange={(e) => onChange({ ...f, [key]: e.target.checked })} />
      <label htmlFor={`${id}-${key}`}>{label}</label>
    </div>
  );
  return (
    <div className="filters">
      <div className="filters__head">
        <h2 className="filters__title">Filters</h2>
        <button type="button" className="link-button" onClick={() => onChange(defaultSearchFilters())}>Clear all</button>
      </div>
      {sw('sold', 'Include sold lots')}
      {sw('live', 'Live lots only')}
      {sw('strict', 'Exact words only')}
      {GROUPS.map((name) => {
        const selected = f.selected[name] ?? [];
        // A chosen value stays visible (and can be unticked) even when the current search gives it no lots.
        const options = [...(counters[name] ?? [])];
        for (const v of selected) if (!options.some((o) => o.value === v)) options.push({ value: v, count: 0 });
        if (options.length === 0) return null;
        return (
          <fieldset key={name} className="filter-group">
            <legend>{filterLabel(name)}</legend>
            <ul>
              {options.slice(0, Math.max(PREVIEW, selected.length)).map((o) => (
                <li key={o.value} className="check check--count">
                  <input id={`${id}-${name}-${o.value}`} type="checkbox" checked={selected.includes(o.value)} onChange={() => onChange(toggleSelected(f, name, o.value))} />
                  <label htmlFor={`${id}-${name}-${o.value}`}>
                    <span>{filterLabel(o.value)}</span> <span className="count"><span aria-hidden="true">{o.count}</span><span className="visually-hidden">{o.count} lots</span></span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        );
      })}
      {showCaskGroup(f.selected, counters) && (
        <CaskFilterGroup
          selected={f.selected}
          caskTypes={counters.cask_type ?? []}
          bounds={caskRanges}
          onToggleType={(v) => onChange(toggleSelected(f, 'cask_type', v))}
          onSelected={(selected) => onChange({ ...f, selected })}
        />
      )}
    </div>
  );
}
