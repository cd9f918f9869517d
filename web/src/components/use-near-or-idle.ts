/**
 * For a section below the fold (a lot page's related lots, price history, bid history): true once its place comes
 * near the viewport, or once the page has loaded and the browser is idle, whichever is first. Its reads and its
 * render then stay out of the page's start (issue #19: the lot page's main-thread work while it loads), yet it is
 * there without scrolling a moment later (nothing waits for a scroll).
 */
import { useEffect, useState, type RefObject } from 'react';

/** How far below the viewport a section starts loading: a screen ahead of the reader. */
const NEAR_MARGIN = '100% 0px';
/** The longest the idle wait may take once the page has loaded. */
const IDLE_TIMEOUT_MS = 2000;

/** Runs `fn` after the window's load event, when the browser is next idle; returns a cancel. */
export function afterLoadIdle(fn: () => void, timeout = IDLE_TIMEOUT_MS): () => void {
  let cancelIdle = () => {};
  const idle = () => {
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(fn, { timeout });
      cancelIdle = () => cancelIdleCallback(id);
    } else {
      const id = setTimeout(fn, 200);
      cancelIdle = () => clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') {
    idle();
    return () => cancelIdle();
  }
  window.addEventListener('load', idle, { once: true });
  return () => {
    window.removeEventListener('load', idle);
    cancelIdle();
  };
}

export function useNearOrIdle(ref: RefObject<Element | null>): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready) return;
    const show = () => setReady(true);
    const cancel = afterLoadIdle(show);
    const el = ref.current;
    const io = el && typeof IntersectionObserver !== 'undefined'
      ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && show(), { rootMargin: NEAR_MARGIN })
      : null;
    if (io && el) io.observe(el);
    return () => {
      cancel();
      io?.disconnect();
    };
  }, [ready, ref]);
  return ready;
}
