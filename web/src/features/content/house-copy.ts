/**
 * Copy that quotes the house's own data instead of fixed words (docs/content.md "Copy from data"), pure:
 * - the home slides staff write may hold {lot_count}, {end_day} and {end_date}, filled from the live auction; a slide
 *   that names one while no auction is live is not shown (it would promise a sale that is not running);
 * - how long an auction runs, from the auctions' own start and end dates.
 * Dates are the visitor's local dates in en-GB words ("Friday 4 December"), like the rest of the site.
 */
import { formatLongDate } from '../../lib/dates';

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

interface LiveFacts { lot_count?: number; end_date: string }
interface Dated { start_date: string; end_date: string }

/** "Friday 4 December" */
export function weekdayDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : `${WEEKDAYS[d.getDay()]} ${d.getDate()} ${MONTHS[d.getMonth()]}`;
}

/** "1 lot", "300 lots", "1,412 lots" */
export const lotCount = (n: number) => `${n.toLocaleString('en-GB')} ${n === 1 ? 'lot' : 'lots'}`;

const TOKEN = /\{(lot_count|end_day|end_date)\}/g;

/** The text with its tokens filled, or null when it names the live auction and none is live (or its count is unknown). */
export function fillLiveTokens(text: string, live: LiveFacts | null): string | null {
  if (!text.match(TOKEN)) return text;
  if (!live) return null;
  let missing = false;
  const out = text.replace(TOKEN, (_, token: string) => {
    if (token === 'lot_count') {
      if (typeof live.lot_count !== 'number') missing = true;
      return lotCount(live.lot_count ?? 0);
    }
    return token === 'end_day' ? weekdayDate(live.end_date) : formatLongDate(live.end_date);
  });
  return missing ? null : out;
}

/** The usual length of an auction in whole days (the median over the given ones), or null when none can tell. */
export function typicalAuctionDays(list: readonly Dated[]): number | null {
  const days = list
    .map((a) => (Date.parse(a.end_date) - Date.parse(a.start_date)) / DAY_MS)
    .filter((d) => Number.isFinite(d) && d >= 0.5)
    .map((d) => Math.round(d))
    .sort((a, b) => a - b);
  if (!days.length) return null;
  return days[Math.floor((days.length - 1) / 2)];
}

export const daysText = (n: number) => (n === 1 ? 'one day' : n === 7 ? 'seven days' : n === 14 ? 'fourteen days' : `${n} days`);
