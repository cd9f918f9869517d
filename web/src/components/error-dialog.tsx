/**
 * The "Error occurred" dialog of the wallet, payout and staff money screens (spec 2 section 8): the server's message
 * or "Server Error"; nothing for a 502. Held by the screen that shows it, so it closes with that screen.
 */
import { useCallback, useState, type ReactNode } from 'react';
import { ModalFrame } from './modal-frame';
import { dialogText } from '../lib/wallet-rules';

function ErrorDialog({ text, onClose }: { text: string; onClose: () => void }) {
  return (
    <ModalFrame title="Error occurred" onClose={onClose}>
      <p role="alert">{text}</p>
      <div className="modal__actions">
        <button type="button" className="button button--primary" data-autofocus onClick={onClose}>OK</button>
      </div>
    </ModalFrame>
  );
}

/** `show(error)` opens the dialog for a failed call; render `dialog` once in the screen. */
export function useErrorDialog(): { dialog: ReactNode; show: (error: unknown) => void } {
  const [text, setText] = useState<string | null>(null);
  const show = useCallback((error: unknown) => {
    const t = dialogText(error);
    if (t) setText(t);
  }, []);
  return { dialog: text ? <ErrorDialog text={text} onClose={() => setText(null)} /> : null, show };
}
