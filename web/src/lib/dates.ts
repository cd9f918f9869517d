/**
 * Date display (spec 2, section 9): dd/mm/yyyy, dd mmmm yyyy, and "x minutes ago" for notifications. Every date the
 * client shows goes through here (en-GB order, never the browser's locale): no toLocale* or Intl elsewhere.
 */
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October',
  'November', 'December'];
const pad = (n: number) => String(n).padStart(2, '0');
const parse = (v: string | null | undefined): Date | null => {
  if (!v) return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** 05/03/2025 */
export function formatShortDate(v: string | null | undefined): string {
  const d = parse(v);
  return d ? `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}` : '';
}

/** 05 March 2025 */
export function formatLongDate(v: string | null | undefined): string {
  const d = parse(v);
  return d ? `${pad(d.getDate())} ${MONTHS[d.getMonth()]} ${d.getFullYear()}` : '';
}

/** 05 March 2025, 19:00 */
export function formatDateTime(v: string | null | undefined): string {
  const d = parse(v);
  return d ? `${formatLongDate(v)}, ${pad(d.getHours())}:${pad(d.getMinutes())}` : '';
}

/** 14:03:12 (24-hour, as in the UK). */
export function formatTime(v: string | null | undefined): string {
  const d = parse(v);
  return d ? `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}` : '';
}

/** A chart's date tick from a Unix time in seconds: the table's dd/mm/yyyy. */
export const formatShortDateSeconds = (seconds: number): string => formatShortDate(new Date(seconds * 1000).toISOString());

/** 5 minutes ago / 3 hours ago / 2 days ago. */
export function timeAgo(v: string | null | undefined, now: number): string {
  const d = parse(v);
  if (!d) return '';
  const minutes = Math.max(0, Math.floor((now - d.getTime()) / 60_000));
  if (minutes < 60) return minutes <= 1 ? '1 minute ago' : `${minutes} minutes ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  const days = Math.floor(hours / 24);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}
