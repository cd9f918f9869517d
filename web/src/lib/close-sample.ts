/**
 * One second of the staff close monitor, as the server sends it on /ws/close_monitor/ (services/close-monitor/
 * sample.ts makes it, web/src/features/close-monitor draws it): one type for both sides.
 */
export interface CloseSample {
  at: string;
  bids_per_second: number;
  refusals_per_second: number;
  /** Of the bids the serving process decided since the last sample; null when it decided none. */
  decision_p50_ms: number | null;
  decision_p99_ms: number | null;
  lots_open: number;
  lots_extended: number;
  lots_closed: number;
  projection_lag_seconds: number;
  projection_events_behind: number;
  /** Open sockets on the serving process's lots and auctions channels (null: it serves none). */
  watchers: number | null;
  emails_waiting: number;
}
