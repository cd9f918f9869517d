/**
 * Downloads a PDF of the seller area (a statement, a sell request's document); a failure goes to the screen's "Error
 * occurred" dialog. `ariaLabel` tells apart buttons with the same visible label (one per sell request).
 */
import { useState } from 'react';

export function StatementButton({ label, ariaLabel, download, onError, className = 'button button--ghost button--small' }: {
  label: string;
  ariaLabel?: string;
  download: () => Promise<void>;
  onError: (e: unknown) => void;
  className?: string;
}) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await download();
    } catch (e) {
      onError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className={className} onClick={() => void run()} disabled={busy} aria-busy={busy} aria-label={ariaLabel}>
      {busy ? 'Preparing…' : label}
    </button>
  );
}
