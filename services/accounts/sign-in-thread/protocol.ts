/**
 * What the bid process and the sign-in thread say to each other (docs/accounts.md, "Sign-ins on their own thread").
 * Plain data only: messages are structured clones, so dates travel as milliseconds and errors as their message.
 */
import type { Config } from '../../../infra/config/config';
import type { HashParams, Verified } from '../passwords';
import type { SignInOutcome } from '../sign-in-steps';

/** The thread's `workerData`: what it needs to open its pool and sign tokens as the main TokenService does. */
export interface ThreadStart {
  config: Config;
  databaseUrl: string;
  /** The token signing key, the same as the main TokenService's. */
  secret: string;
  /** Connections of the thread's own pool. */
  poolSize: number;
  /** The main pool's silence limit with lot leases (infra/db/database.ts), else null. */
  silenceLimitMs: number | null;
  /** The parameters the hashing queue checks and hashes with (`ctx.passwords.params`). */
  params: HashParams;
}

/** One trusted sign-in, handed over by the main thread after its in-memory checks. */
export interface SignInMessage {
  type: 'sign-in';
  id: number;
  email: string;
  password: string;
  remember_me: boolean;
  ip: string;
  /** The main thread's clock at the start of the login (ms): every step of this login reads this time. */
  now: number;
  /** The main thread took one of the prompt lane's budget: the thread checks the password itself, at once. */
  prompt: boolean;
}

export type ToThread =
  | SignInMessage
  /** The answer to a `check` (the ordinary hashing queue's verdict). */
  | { type: 'checked'; id: number; result: Verified | 'unavailable' }
  /** Close the pool, then say `closed`. */
  | { type: 'close' };

export type FromThread =
  /** The thread has loaded its code: sign-ins may come. */
  | { type: 'ready' }
  /** No prompt budget: the main thread's hashing queue checks the password (`stored` null: no such account). */
  | { type: 'check'; id: number; stored: string | null }
  | { type: 'done'; id: number; outcome: SignInOutcome }
  /** Something other than an outcome went wrong (the database, a bug): the main thread runs the login itself. */
  | { type: 'failed'; id: number; message: string }
  | { type: 'log'; level: 'warn'; fields: Record<string, unknown>; message: string }
  | { type: 'closed' };
