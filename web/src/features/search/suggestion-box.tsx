/**
 * The search field with suggestions as one types (ARIA combobox): fetched 300 ms after the last keystroke, the
 * previous request aborted; ArrowDown/ArrowUp move through them, Enter picks one (or searches the text), Escape
 * closes the list. A lot opens its page; a distillery or region searches its name. A failed suggestion call only
 * empties the list: the search itself is what the failure rule is about.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useSnapshot } from 'valtio';
import { formatGBP } from '../../lib/money';
import { fetchSuggestions, type Suggestion } from './search-api';
import { suggestionsQuery, SUGGEST_DEBOUNCE_MS } from './search-query';
import { searchState } from './search-state';

const PRICE_LABEL = { hammer_price: 'Hammer price', current_bid: 'Current bid', opening_bid: 'Opening bid' } as const;
const KIND_LABEL = { distillery: 'Distillery', region: 'Region' } as const;

interface Props {
  onSearch: (text: string) => void;
  onOpenLot: (s: Extract<Suggestion, { kind: 'lot' }>) => void;
}

export function SuggestionBox({ onSearch, onOpenLot }: Props) {
  const snap = useSnapshot(searchState);
  const id = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const typed = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters that change suggestions are the triggers; the effect reads them from the store
  useEffect(() => {
    const text = snap.inputValue.trim();
    if (!typed.current || text === '') {
      searchState.suggestions = [];
      return;
    }
    const ctrl = new AbortController();
    const timer = setTimeout(() => {
      fetchSuggestions(suggestionsQuery(text, searchState.filters), ctrl.signal).then(
        (list) => {
          if (ctrl.signal.aborted) return;
          searchState.suggestions = list;
          setActive(-1);
          setOpen(true);
        },
        () => { if (!ctrl.signal.aborted) searchState.suggestions = []; },
      );
    }, SUGGEST_DEBOUNCE_MS);
    return () => { clearTimeout(timer); ctrl.abort(); };
  }, [snap.inputValue, snap.filters.strict, snap.filters.sold, snap.filters.live]);

  const list = snap.suggestions as Suggestion[];
  const shown = open && list.length > 0;

  const pick = (s: Suggestion) => {
    setOpen(false);
    typed.current = false;
    if (s.kind === 'lot') onOpenLot(s);
    else {
      searchState.inputValue = s.value;
      onSearch(s.value);
    }
  };

  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' && list.length > 0) {
      e.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % list.length);
    } else if (e.key === 'ArrowUp' && list.length > 0) {
      e.preventDefault();
      setActive((i) => (i <= 0 ? list.length - 1 : i - 1));
    } else if (e.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (shown && active >= 0 && list[active]) pick(list[active]);
      else {
        setOpen(false);
        typed.current = false;
        onSearch(snap.inputValue);
      }
    }
  };

  return (
    <div className="search-box controls" role="search">
      <label htmlFor={`${id}-input`} className="visually-hidden">Search lots</label>
      <input
        id={`${id}-input`}
        type="search"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={`${id}-list`}
        aria-activedescendant={shown && active >= 0 ? `${id}-opt-${active}` : undefined}
        value={snap.inputValue}
        placeholder="Distillery, bottling, age…"
        onChange={(e) => { typed.current = true; searchState.inputValue = e.target.value; }}
        onKeyDown={onKey}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onFocus={() => list.length > 0 && setOpen(true)}
      />
      <button type="button" className="button button--primary" onClick={() => { setOpen(false); typed.current = false; onSearch(snap.inputValue); }}>Search</button>
      {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the combobox pattern: a list box of options with aria-activedescendant */}
      <ul id={`${id}-list`} role="listbox" aria-label="Suggestions" className="search-box__list" hidden={!shown}>
        {list.map((s, i) => (
          // biome-ignore lint/a11y/useFocusableInteractive: options of an aria-activedescendant list box are not focused: the focus stays in the input
          <li
            key={s.kind === 'lot' ? s.id : `${s.kind}-${s.value}`}
            id={`${id}-opt-${i}`}
            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: an option of the list box above (combobox pattern)
            role="option"
            aria-selected={i === active}
            className={`search-box__option${i === active ? ' is-active' : ''}`}
            onMouseDown={(e) => { e.preventDefault(); pick(s); }}
          >
            {s.kind === 'lot' ? (
              <>
                <span className="search-box__title">{s.title}</span>
                <span className="search-box__meta">{PRICE_LABEL[s.price_label]} {formatGBP(s.price)}</span>
              </>
            ) : (
              <>
                <span className="search-box__title">{s.value}</span>
                <span className="search-box__meta">{KIND_LABEL[s.kind]}</span>
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
