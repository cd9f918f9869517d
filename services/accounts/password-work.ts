/**
 * Every password hash or check a request asks for goes through here: one bounded queue per process (work-queue.ts),
 * so a flood of logins is refused with 503 + Retry-After instead of starving bids, pages and libuv's thread pool.
 * Callers check their throttles first: a throttled request never reaches this queue.
 */
import { randomBytes } from 'node:crypto';
import { checkPassword, CURRENT_PARAMS, formatHash, hashPassword, type ScryptParams, type Verified } from './passwords';
import { WorkQueue, type WorkLimits, type WorkStats } from './work-queue';
import { RefusalCounter, TrustedAddresses } from './refusals';
import type { Unavailable } from '../../domain/shared/errors';

/** The slow part, replaceable so tests can count or block hashes. */
export interface Hasher {
  hash(password: string, params: ScryptParams): Promise<string>;
  check(password: string, stored: string, params: ScryptParams): Promise<Verified>;
}

export const scryptHasher: Hasher = {
  hash: (password, params) => hashPassword(password, params),
  check: (password, stored, params) => checkPassword(password, stored, params),
};

export class PasswordWork {
  private readonly queue: WorkQueue;
  /** Logins this queue refused, per address (refusals.ts). */
  readonly refusals = new RefusalCounter();
  /** Addresses that signed in lately: their checks may use the queue's reserve (refusals.ts). */
  readonly trusted = new TrustedAddresses();

  /** Limits: `config.passwordHashing` (services/config.ts) in the server. */
  constructor(limits: WorkLimits, private readonly hasher: Hasher = scryptHasher, readonly params: ScryptParams = CURRENT_PARAMS) {
    this.queue = new WorkQueue(limits);
  }

  hash(password: string): Promise<string> {
    return this.queue.run(() => this.hasher.hash(password, this.params));
  }

  /** `needsRehash`: right password, older parameters; the caller stores `hash(password)` (login does). */
  verify(password: string, stored: string, priority = false): Promise<Verified> {
    return this.queue.run(() => this.hasher.check(password, stored, this.params), { priority });
  }

  /**
   * For an email with no account: the same work as a real check (same queue, same parameters, a random salt and
   * key that nothing matches), so neither the time nor a 503 tells whether the account exists.
   */
  async verifyAgainstNothing(password: string, priority = false): Promise<Verified> {
    const nothing = formatHash(this.params, randomBytes(16), randomBytes(64));
    await this.verify(password, nothing, priority);
    return { ok: false, needsRehash: false };
  }

  /** True when a job now would be refused at once: a flood is answered before it costs even a query. */
  isFull(priority = false): boolean {
    return this.queue.isFull(priority);
  }

  busy(): Unavailable {
    return this.queue.refusal();
  }

  stats(): WorkStats {
    return this.queue.stats();
  }
}
