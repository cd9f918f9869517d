/** The server's clock: countdowns run on server time through an offset measured at start and on each connect. */
import { proxy, subscribe } from 'valtio';
import { fetchServerTime } from '../api/site';

const clock = proxy({ offset: 0, synced: false });

export const serverNow = () => Date.now() + clock.offset;

/**
 * Told when the server's time arrives: countdowns redraw at once instead of at their next second, so a browser whose
 * own clock is past a lot's end never shows it "over" for a second after the server's time arrived.
 */
export function onServerTimeSet(listener: () => void): () => void {
  return subscribe(clock, listener);
}

export function setServerTime(serverMs: number, sentAt = Date.now(), receivedAt = Date.now()): void {
  if (!Number.isFinite(serverMs)) return;
  clock.offset = Math.round(serverMs - (sentAt + receivedAt) / 2);
  clock.synced = true;
}

export async function syncClock(): Promise<void> {
  const sentAt = Date.now();
  try {
    const now = await fetchServerTime();
    setServerTime(now, sentAt, Date.now());
  } catch (e) {
    console.warn('Server time unavailable; using the local clock', e);
  }
}
