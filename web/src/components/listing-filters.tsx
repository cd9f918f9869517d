/** The filter panel of a lot listing: toggles, year and end-date range (past), and counted multi-choice groups. */
import { useId, useState } from 'react';
import { PAGE_SIZES, SORT_OPTIONS, toggleValue, withYear, type ListingFilters, type ListingMode } from '../lib/filter-query';
import { filterLabel, type CounterOption } from '../lib/normalize';
import { showCaskGroup } from '../lib/cask-filters';
import { CaskFilterGroup } from './cask-filters';

interface Props {
  mode: ListingMode;
  filters: ListingFilters;
  counters: Record<string, CounterOption[]>;
  years: number[];
  onChange: (f: ListingFilters) => void;
  onReset: () => void;
}

const PREVIEW = 8;

function Group({ name, options, selected, onToggle }: { name: string; options: CounterOption[]; selected: string[]; onToggle: (v: string) => void }) {
  const [all, setAll] = useState(false);
  const shown = all ? options : options.slice(0, PREVIEW);
  return (
    <fieldset className="filter-group">
      <legend>{filterLabel(name)}</legend>
      <ul>
        {shown.map((o) => (
          <li key={o.value} className="check check--count">
            <input
              id={`f-${name}-${o.value}`}
              type="checkbox"
              checked={selected.includes(o.value)}
              onChange={() => onToggle(o.value)}
            />
            <label htmlFor={`f-${name}-${o.value}`}>
              <span>{filterLabel(o.value)}</span> <span className="count"><span aria-hidden="true">{o.count}</span><span className="visually-hidden">{o.count} lots</span></span>
            </label>
          </li>
        ))}
      </ul>
      {options.length > PREVIEW && (
        <button type="button" className="link-button" aria-expanded={all} onClick={() => setAll(!all)}>
          {all ? 'Show fewer' : `Show all ${options.length}`}
        </button>
      )}
    </fieldset>
  );
}

export function ListingFiltersPanel({ mode, filters: f, counters, years, onChange, onReset }: Props) {
  const id = useId();
  const set = (patch: Partial<ListingFilters>) => onChange({ ...f, ...patch, page: 1 });
  return (
    <div className="filters">
      <div className="filters__head">
        <h2 className="filters__title">Filters</h2>
        <button type="button" className="link-button" onClick={onReset}>Clear all</button>
      </div>
      {mode === 'live' && (
        <div className="switch">
          {/* biome-ignore lint/a11y/useAriaPropsForRole: a native checkbox carries its checked state; aria-checked would duplicate it (ARIA in HTML) */}
          <input id={`${id}-sob`} type="checkbox" role="switch" checked={f.still_on_bidding} onChange={(e) => set({ still_on_bidding: e.target.checked })} />
          <label htmlFor={`${id}-sob`}>Still on bidding</label>
        </div>
      )}
      <div className="switch">
        {/* biome-ignore lint/a11y/useAriaPropsForRole: a native checkbox carries its checked state; aria-checked would duplicate it (ARIA in HTML) */}
        <input id={`${id}-vat`} type="checkbox" role="switch" checked={f.vat_enabled} onChange={(e) => set({ vat_enabled: e.target.checked })} />
        <label htmlFor={`${id}-vat`}>Include lots with VAT on hammer</label>
      </div>
      {mode === 'past' && (
        <fieldset className="filter-group">
          <legend>Auction end date</legend>
          <div className="field">
            <label htmlFor={`${id}-year`}>Year</label>
            <select id={`${id}-year`} value={f.year ?? ''} onChange={(e) => e.target.value && onChange(withYear(f, Number(e.target.value)))}>
              {f.year !== null && !years.includes(f.year) && <option value={f.year}>{f.year}</option>}
              {years.map((y) => <option key={y} value={y}>{y}</option>)}
            </select>
          </div>
          <div className="field-pair">
            <div className="field">
              <label htmlFor={`${id}-from`}>From</label>
              <input id={`${id}-from`} type="date" value={f.min_end_date ?? ''} max={f.max_end_date ?? undefined} onChange={(e) => set({ min_end_date: e.target.value || null })} />
            </div>
            <div className="field">
              <label htmlFor={`${id}-to`}>To</label>
              <input id={`${id}-to`} type="date" value={f.max_end_date ?? ''} min={f.min_end_date ?? undefined} onChange={(e) => set({ max_end_date: e.target.value || null })} />
            </div>
          </div>
        </fieldset>
      )}
      {Object.entries(counters).filter(([name]) => name !== 'cask_type').map(([name, options]) => (
        <Group key={name} name={name} options={options} selected={f.selected[name] ?? []} onToggle={(v) => onChange(toggleValue(f, name, v))} />
      ))}
      {showCaskGroup(f.selected, counters) && (
        <CaskFilterGroup
          selected={f.selected}
          caskTypes={counters.cask_type ?? []}
          onToggleType={(v) => onChange(toggleValue(f, 'cask_type', v))}
          onSelected={(selected) => set({ selected })}
        />
      )}
    </div>
  );
}

export function ListingToolbar({ filters: f, count, onChange }: { filters: ListingFilters; count: number | null; onChange: (f: ListingFilters) => void }) {
  const id = useId();
  return (
    <div className="toolbar">
      <p className="toolbar__count" aria-live="polite">{count === null ? 'Loading lots…' : `${count} ${count === 1 ? 'lot' : 'lots'}`}</p>
      <div className="toolbar__controls">
        <div className="field field--inline">
          <label htmlFor={`${id}-sort`}>Sort by</label>
          <select id={`${id}-sort`} value={f.ordering} onChange={(e) => onChange({ ...f, ordering: e.target.value, page: 1 })}>
            {SORT_OPTIONS.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
          </select>
        </div>
        <div className="field field--inline">
          <label htmlFor={`${id}-size`}>Per page</label>
          <select id={`${id}-size`} value={f.page_size} onChange={(e) => onChange({ ...f, page_size: Number(e.target.value), page: 1 })}>
            {PAGE_SIZES.map((s) => <option key={s} value={s}>{s}</option>)}
          </select>
        </div>
      </div>
    </div>
  );
}
