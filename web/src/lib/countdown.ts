/**
 * Countdown to a lot's or auction's end (spec 2, section 4): days, hours and minutes while at least one day
 * remains; hours, minutes and seconds under a day; zeros once expired. `remaining` comes from the server clock.
 */
interface CountdownPart {
  value: string;
  unit: 'days' | 'hours' | 'minutes' | 'seconds';
  /** Short unit for compact display. */
  short: 'd' | 'h' | 'm' | 's';
}

interface Countdown {
  mode: 'days' | 'hours';
  expired: boolean;
  parts: CountdownPart[];
  /** "2d 04h 10m" or "04h 10m 05s". */
  text: string;
  /** Under 3 minutes: the soft-close window. */
  closing: boolean;
}

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;
const pad = (n: number) => String(n).padStart(2, '0');

export function countdown(remainingMs: number): Countdown {
  const ms = Number.isFinite(remainingMs) ? Math.max(0, remainingMs) : 0;
  const expired = ms <= 0;
  // Whole seconds left, rounded up so "00:00:01" shows until the very end.
  const total = Math.ceil(ms / 1000) * 1000;
  const days = Math.floor(total / DAY);
  const hours = Math.floor((total % DAY) / HOUR);
  const minutes = Math.floor((total % HOUR) / MINUTE);
  const seconds = Math.floor((total % MINUTE) / 1000);
  let parts: CountdownPart[];
  if (days >= 1) {
    parts = [
      { value: String(days), unit: 'days', short: 'd' },
      { value: pad(hours), unit: 'hours', short: 'h' },
      { value: pad(minutes), unit: 'minutes', short: 'm' },
    ];
  } else {
    parts = [
      { value: pad(hours), unit: 'hours', short: 'h' },
      { value: pad(minutes), unit: 'minutes', short: 'm' },
      { value: pad(seconds), unit: 'seconds', short: 's' },
    ];
  }
  return {
    mode: days >= 1 ? 'days' : 'hours',
    expired,
    parts,
    text: parts.map((p) => `${p.value}${p.short}`).join(' '),
    closing: !expired && ms <= 3 * MINUTE,
  };
}

/** Milliseconds from `now` (server clock) to an ISO end date; NaN end gives 0. */
export function remainingUntil(endIso: string | null | undefined, now: number): number {
  if (!endIso) return 0;
  const end = Date.parse(endIso);
  return Number.isNaN(end) ? 0 : Math.max(0, end - now);
}

/** Spoken form for screen readers: "2 days 4 hours 10 minutes". */
export function countdownLabel(c: Countdown): string {
  return c.parts
    .map((p) => {
      const n = Number(p.value);
      const unit = n === 1 ? p.unit.slice(0, -1) : p.unit;
      return `${n} ${unit}`;
    })
    .join(' ');
}
