/**
 * The close monitor's samples as the server sends them (services/close-monitor/sample.ts): the last five minutes,
 * one a second. Pure: the desk keeps them in state.
 */
export interface CloseSample {
  at: string;
  bids_per_second: number;
  refusals_per_second: number;
  decision_p50_ms: number | null;
  decision_p99_ms: number | null;
  lots_open: number;
  lots_extended: number;
  lots_closed: number;
  projection_lag_seconds: number;
  projection_events_behind: number;
  watchers: number | null;
  emails_waiting: number;
}

export const KEEP = 300;

/** The samples after a message: the history replaces them, a sample is added (oldest dropped past KEEP). */
export function withMessage(samples: readonly CloseSample[], message: Record<string, unknown>): readonly CloseSample[] {
  if (message.purpose === 'close_history' && Array.isArray(message.samples)) return (message.samples as CloseSample[]).slice(-KEEP);
  if (message.purpose === 'close_sample' && message.sample && typeof message.sample === 'object') {
    return [...samples, message.sample as CloseSample].slice(-KEEP);
  }
  return samples;
}

/** One chart's data: x in seconds (uPlot's time scale), one array per series (null where a second had none). */
export function seriesOf(samples: readonly CloseSample[], pick: ReadonlyArray<(s: CloseSample) => number | null>): [number[], ...(number | null)[][]] {
  return [samples.map((s) => Date.parse(s.at) / 1000), ...pick.map((p) => samples.map(p))];
}
