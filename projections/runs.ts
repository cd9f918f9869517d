/**
 * Helpers for projections that apply a batch of events in a few statements instead of a few per event. On a hot lot
 * every accepted bid used to cost each bid read model one or more round trips, each waiting a turn of the bid
 * process's saturated loop, so the read models fell behind for a whole bid storm (docs/benchmarks.md, "Read models
 * during a bid storm").
 */
import type { StoredEvent } from '../infra/event-store/types';

/**
 * Applies `events` in order: each stretch of consecutive events that `grouped` accepts goes to `applyRun` at once,
 * every other event to `applyOne` on its own. Order across stretches is kept, so a row's version guard sees the
 * events in the order they were appended.
 */
export async function applyInRuns(
  events: readonly StoredEvent[],
  grouped: (event: StoredEvent) => boolean,
  applyRun: (run: StoredEvent[]) => Promise<void>,
  applyOne: (event: StoredEvent) => Promise<void>,
): Promise<void> {
  let run: StoredEvent[] = [];
  for (const event of events) {
    if (grouped(event)) {
      run.push(event);
      continue;
    }
    if (run.length > 0) await applyRun(run);
    run = [];
    await applyOne(event);
  }
  if (run.length > 0) await applyRun(run);
}

/** The last item for each key, in the order of those last items. */
export function lastByKey<T>(items: readonly T[], key: (item: T) => string): T[] {
  const last = new Map<string, T>();
  for (const item of items) {
    last.delete(key(item));
    last.set(key(item), item);
  }
  return [...last.values()];
}

/** The first item for each key. */
export function firstByKey<T>(items: readonly T[], key: (item: T) => string): T[] {
  const first = new Map<string, T>();
  for (const item of items) if (!first.has(key(item))) first.set(key(item), item);
  return [...first.values()];
}

/** One column of `rows` as an array, for `unnest(...)` (a run written in one statement). */
export function columnOf<T>(rows: readonly T[]) {
  return <K extends keyof T>(key: K): T[K][] => rows.map((row) => row[key]);
}
