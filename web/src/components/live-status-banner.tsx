/**
 * Says when live prices stop: the lots channel gave up after its retries ('failed'), so prices on screen no longer
 * move; Reconnect starts every channel over. While it is getting back a connection that was open, a small note.
 * Mounted once in the shell; the status region stays in the page so screen readers hear the note appear.
 */
import { useSnapshot } from 'valtio';
import { live, reconnectLive } from '../state/live';
import './live-status-banner.css';

export function LiveStatusBanner() {
  const { lots, lotsInterrupted } = useSnapshot(live);
  const failed = lots === 'failed';
  return (
    <div className="live-status">
      <div role="status">{lotsInterrupted && !failed && <p className="live-status__note">Reconnecting…</p>}</div>
      {failed && (
        <div className="live-status__failed" role="alert">
          <p>Live updates have stopped. Prices on this page may be out of date.</p>
          <button type="button" className="button button--primary button--small" onClick={reconnectLive}>Reconnect</button>
        </div>
      )}
    </div>
  );
}
