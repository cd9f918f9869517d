/**
 * Small shared hooks: a one-second server-clock ticker, media queries, data loading, document title, closing a
 * popup on a click outside or Escape.
 */
import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import { SITE } from '../lib/site';
import { onServerTimeSet, serverNow } from '../state/clock';

// One interval for every countdown on the page.
const listeners = new Set<() => void>();
let tick = 0;
let timer: ReturnType<typeof setInterval> | undefined;

function redraw() {
  tick++;
  listeners.forEach((l) => { l(); });
}

onServerTimeSet(redraw);

function subscribeTick(fn: () => void) {
  listeners.add(fn);
  if (!timer) {
    timer = setInterval(redraw, 1000);
  }
  return () => {
    listeners.delete(fn);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** Server-clock "now", refreshed every second. */
export function useNow(): number {
  useSyncExternalStore(subscribeTick, () => tick);
  return serverNow();
}

export function useMedia(query: string): boolean {
  const subscribe = useCallback(
    (fn: () => void) => {
      const m = window.matchMedia(query);
      m.addEventListener('change', fn);
      return () => m.removeEventListener('change', fn);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches, () => false);
}

interface AsyncState<T> {
  data: T | undefined;
  error: Error | null;
  loading: boolean;
  reload: () => void;
}

/** Runs `load` when `deps` change; the previous run is aborted and its answer ignored. */
export function useAsync<T>(load: (signal: AbortSignal) => Promise<T>, deps: unknown[]): AsyncState<T> {
  const [state, setState] = useState<{ data: T | undefined; error: Error | null; loading: boolean }>({
    data: undefined, error: null, loading: true,
  });
  const [nonce, setNonce] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's deps and the reload nonce are the triggers; load is read through a ref
  useEffect(() => {
    const ctrl = new AbortController();
    // Already loading without an error (the first run): the same state again, so no render of the caller for nothing.
    setState((s) => (s.loading && !s.error ? s : { ...s, loading: true, error: null }));
    loadRef.current(ctrl.signal).then(
      (data) => !ctrl.signal.aborted && setState({ data, error: null, loading: false }),
      (error: Error) => !ctrl.signal.aborted && setState((s) => ({ ...s, error, loading: false })),
    );
    return () => ctrl.abort();
  }, [...deps, nonce]);
  return { ...state, reload: () => setNonce((n) => n + 1) };
}


export function useTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${SITE.name}` : SITE.name;
  }, [title]);
}

/** While `open`, a mouse press outside `ref` or the Escape key calls `close` (header menus and panels). */
export function useDismiss(open: boolean, ref: RefObject<HTMLElement | null>, close: () => void): void {
  useEffect(() => {
    if (!open) return;
    const onDoc = (e: MouseEvent) => !ref.current?.contains(e.target as Node) && close();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close();
    document.addEventListener('mousedown', onDoc);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDoc);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, ref, close]);
}
