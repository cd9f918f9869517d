/** Downloads a seller statement PDF; a failure goes to the screen's "Error occurred" dialog. */
import { useState } from 'react';

export function StatementButton({ label, download, onError, className = 'button button--ghost button--small' }: {
  label: string;
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
    <button type="button" className={className} onClick={() => void run()} disabled={busy} aria-busy={busy}>
      {busy ? 'Preparing…' : label}
    </button>
  );
}
