/** Keeps keyboard focus inside a container while it is open; Escape calls onClose; focus is restored after. */
import { useEffect, useRef, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function useFocusTrap(ref: RefObject<HTMLElement | null>, onClose: () => void, lockScroll = true): void {
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const previous = document.activeElement as HTMLElement | null;
    const first =
      box.querySelector<HTMLElement>('[data-autofocus]') ??
      box.querySelector<HTMLElement>('input:not([disabled]):not([type="hidden"]):not([type="checkbox"]), select, textarea') ??
      box.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? box).focus();
    const overflow = document.body.style.overflow;
    if (lockScroll) document.body.style.overflow = 'hidden';
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        closeRef.current();
        return;
      }
      if (e.key !== 'Tab') return;
      const items = [...box.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
      if (items.length === 0) return void e.preventDefault();
      const head = items[0];
      const tail = items[items.length - 1];
      const active = document.activeElement;
      if (e.shiftKey && (active === head || !box.contains(active))) {
        e.preventDefault();
        tail.focus();
      } else if (!e.shiftKey && (active === tail || !box.contains(active))) {
        e.preventDefault();
        head.focus();
      }
    };
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      if (lockScroll) document.body.style.overflow = overflow;
      if (previous && document.contains(previous)) previous.focus();
    };
  }, [ref, lockScroll]);
}
