/**
 * What the main thread and the projections thread say to each other (docs/architecture.md, "Projections", the read
 * models on a thread of their own). Plain data only: messages are structured clones.
 */
import type { FeedCursor } from '../../infra/event-store/types';

/** The thread's `workerData`: what it needs to open its own pool. */
export interface ProjectionsThreadStart {
  databaseUrl: string;
  /** Connections of the thread's own pool (a pass uses one at a time). */
  poolSize: number;
  /** The main pool's silence limit with lot leases (infra/db/database.ts), else null. */
  silenceLimitMs: number | null;
}

export type ToProjectionsThread =
  /** `appended`: the main thread stored events (a full pass); otherwise a look (a waiter's nudge). */
  | { type: 'wake'; appended: boolean }
  /** Apply everything visible now, then answer `done` with the same id. */
  | { type: 'catch-up'; id: number }
  /** Stop the runner, close the pool, answer `stopped`. */
  | { type: 'stop' };

export type FromProjectionsThread =
  | { type: 'ready' }
  /** Where every projection stands after a pass (what the main thread's board mirrors). */
  | { type: 'progress'; positions: Array<[string, FeedCursor]>; /** The pass met new events (the followers' wake). */ newEvents: boolean }
  | { type: 'done'; id: number; error?: string }
  | { type: 'log'; message: string; error: string }
  | { type: 'stopped' };
