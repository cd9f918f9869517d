/**
 * The courier pick-up date rule (spec 2 section 5, "Future date (pick-up)"): a Saturday or Sunday is refused with
 * one message, a day that is not after today with the other. "Today" is the house's (Europe/London) calendar day.
 */
export const PICK_UP_WEEKEND = 'Please select any future day except weekend';
export const PICK_UP_NOT_FUTURE = 'Enter correct future date';

/** The calendar day of an instant in London, as YYYY-MM-DD. */
function londonDay(now: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date(now));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** The message for a bad date, or null. */
export function pickUpDateError(date: string, now: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return PICK_UP_NOT_FUTURE;
  const day = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (day.toISOString().slice(0, 10) !== date) return PICK_UP_NOT_FUTURE;
  const weekday = day.getUTCDay();
  if (weekday === 0 || weekday === 6) return PICK_UP_WEEKEND;
  return date > londonDay(now) ? null : PICK_UP_NOT_FUTURE;
}
