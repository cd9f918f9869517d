/**
 * The close monitor's samples (web/src/lib/close-sample.ts): the last five minutes, one a second. Pure: the desk
 * keeps them in state.
 */
import type { CloseSample } from '../../lib/close-sample';

export type { CloseSample };

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
