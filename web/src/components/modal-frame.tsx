/**
 * A dialog: labelled, modal, focus kept inside (Tab / Shift+Tab wrap), Escape and the backdrop close it, focus
 * returns to where it was when it closes, and the page behind does not scroll.
 */
import { useId, useRef, type ReactNode } from 'react';
import { closeModal } from '../state/modals';
import { useFocusTrap } from './focus-trap';

interface Props {
  title: string;
  children: ReactNode;
  onClose?: () => void;
  size?: 'narrow' | 'wide' | 'full';
  /** Optional line under the title. */
  intro?: ReactNode;
}

export function ModalFrame({ title, children, onClose = closeModal, size = 'narrow', intro }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useFocusTrap(ref, onClose);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a click on the backdrop closes; keyboard users close with Escape (useFocusTrap)
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={ref} className={`modal modal--${size}`} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <div className="modal__head">
          <h2 id={titleId} className="modal__title">{title}</h2>
          <button type="button" className="icon-button modal__close" onClick={onClose} aria-label="Close">
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {intro && <p className="modal__intro">{intro}</p>}
        <div className="modal__body">{children}</div>
      </div>
    </div>
  );
}
