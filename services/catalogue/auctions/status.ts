/**
 * An auction's status is derived at read time from the server clock (never stored, so it never goes stale):
 * - next: it has not started;
 * - live: started, not finished, and either before its end date or with lots still open (soft close runs lots past
 *   the end date until the closing scheduler closes them);
 * - past: finished, or past its end date with every lot closed.
 */
export type AuctionStatus = 'next' | 'live' | 'past';

export interface AuctionTiming {
  start_date: Date;
  end_date: Date;
  finished_at: Date | null;
  has_open_lots: boolean;
}

export function auctionStatus(a: AuctionTiming, now: Date): AuctionStatus {
  if (a.finished_at !== null) return 'past';
  const t = now.getTime();
  if (t < a.start_date.getTime()) return 'next';
  if (t < a.end_date.getTime() || a.has_open_lots) return 'live';
  return 'past';
}
