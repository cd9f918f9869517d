/**
 * The soft-close notice (spec 0: a bid in the last 3 minutes moves the lot's end to 3 minutes after the bid): what
 * really happened, from the real old and new end, not a fixed "3 minutes" (a late bid may move the end by seconds).
 */
import { formatTime } from './dates';

export interface Extension {
  /** The end before the late bid (the previous extension, or the scheduled end). */
  from: string | null;
  /** The end now. */
  to: string;
}

/** "moved by 1 second" / "by 2 minutes 5 seconds". */
function shift(ms: number): string {
  const total = Math.round(ms / 1000);
  const m = Math.floor(total / 60);
  const s = total % 60;
  const parts = [m ? `${m} ${m === 1 ? 'minute' : 'minutes'}` : '', s || !m ? `${s} ${s === 1 ? 'second' : 'seconds'}` : ''];
  return parts.filter(Boolean).join(' ');
}

export function extensionText(e: Extension): string {
  const to = formatTime(e.to);
  const moved = e.from ? Date.parse(e.to) - Date.parse(e.from) : NaN;
  if (!(moved > 0)) return `Extended: a late bid moved the end to ${to}.`;
  return `Extended: a late bid moved the end to ${to} (${shift(moved)} later).`;
}
