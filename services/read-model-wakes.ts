/**
 * How a follower of the read models runs (the mailers, the interest matcher, the collection, the pusher): woken by
 * the projection runner after each pass that met new events, at most every 250 ms as before, and otherwise once
 * every two seconds (a pass that failed, or another process's writes while this one's runner is stopped). An idle
 * process used to ask the database for each follower four times a second: about 50 transactions a second per
 * process, and in every test app (docs/architecture.md, "Followers").
 */
import type { AppContext } from './context';
import type { PeriodicTaskOptions } from '../infra/workers/periodic-task';

/** The backing poll of a woken follower. */
export const FOLLOWER_IDLE_MS = 2_000;

export function wakesOnReadModels(ctx: Pick<AppContext, 'projections'>): PeriodicTaskOptions {
  return { wokenBy: (wake) => ctx.projections.onProgress(wake), idleEveryMs: FOLLOWER_IDLE_MS };
}
