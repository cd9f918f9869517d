/** Accessible tabs: arrow keys move between tabs, the panel is labelled by its tab. */
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

interface TabDef {
  key: string;
  label: ReactNode;
}

export function Tabs({ tabs, active, onChange, children }: { tabs: TabDef[]; active: string; onChange: (k: string) => void; children: ReactNode }) {
  const id = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKey = (e: KeyboardEvent, i: number) => {
    const d = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!d) return;
    e.preventDefault();
    const n = (i + d + tabs.length) % tabs.length;
    onChange(tabs[n].key);
    refs.current[n]?.focus();
  };
  return (
    <div className="tabs">
      <div role="tablist" className="tabs__list">
        {tabs.map((t, i) => (
          <button
            key={t.key}
            ref={(el) => {
              refs.current[i] = el;
            }}
            id={`${id}-${t.key}`}
            type="button"
            role="tab"
            aria-selected={t.key === active}
            aria-controls={`${id}-panel`}
            tabIndex={t.key === active ? 0 : -1}
            className="tabs__tab"
            onClick={() => onChange(t.key)}
            onKeyDown={(e) => onKey(e, i)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a tab panel is focusable so keyboard users reach its text (ARIA tabs pattern) */}
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-${active}`} className="tabs__panel" tabIndex={0}>
        {children}
      </div>
    </div>
  );
}
