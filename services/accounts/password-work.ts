/**
 * Every password hash or check a request asks for goes through here: one bounded queue per process (work-queue.ts),
 * so a flood of logins is refused with 503 + Retry-After instead of piling up, and the hashes run on their own
 * low-priority threads (hashing/hash-threads.ts), so they take the CPU that bids and pages leave over.
 * Callers check their throttles first: a throttled request never reaches this queue.
 */
import { randomBytes } from 'node:crypto';
import { checkPassword, CURRENT_PARAMS, formatHash, hashPassword, type HashParams, type Verified } from './passwords';
import { HashThreads } from './hashing/hash-threads';
import { WorkQueue, type WorkLimits, type WorkStats } from './work-queue';
import { RefusalCounter, TrustedAddresses } from './refusals';
import { HashBudget, PromptLane, type Standing } from './prompt-lane';
import type { Unavailable } from '../../domain/shared/errors';

/** The slow part, replaceable so tests can count or block hashes. */
export interface Hasher {
  hash(password: string, params: HashParams): Promise<string>;
  check(password: string, stored: string, params: HashParams): Promise<Verified>;
  close?(): Promise<void>;
}

/** Hashes on libuv's thread pool at the process's priority: tests that wrap or count hashes use it. */
export const poolHasher: Hasher = {
  hash: (password, params) => hashPassword(password, params),
  check: (password, stored, params) => checkPassword(password, stored, params),
};

/** Hashes on threads of their own (hashing/hash-threads.ts): what the server uses. */
function threadHasher(threads: HashThreads): Hasher {
  return {
    hash: (password, params) => hashPassword(password, params, threads),
    check: (password, stored, params) => checkPassword(password, stored, params, threads),
    close: () => threads.close(),
  };
}

/** A hash in the current format with a random salt and key: nothing matches it, and checking it costs a real check. */
export function nothingToMatch(params: HashParams): string {
  return formatHash(params, randomBytes(16), randomBytes(params.algorithm === 'argon2id' ? 32 : 64));
}

export interface PasswordWorkLimits extends WorkLimits {
  /** How much lower than the event loop the hashing threads run (Linux nice, 0-19). */
  nice?: number;
  /** Trusted logins' checks a second that may run at once at normal priority (prompt-lane.ts); 0 or absent: none. */
  promptPerSecond?: number;
}

export class PasswordWork {
  private readonly queue: WorkQueue;
  /** Logins this queue refused, per address (refusals.ts). */
  readonly refusals = new RefusalCounter();
  /** Addresses that signed in lately: their checks may use the queue's reserve (refusals.ts). */
  readonly trusted = new TrustedAddresses();

  private readonly hasher: Hasher;
  /** Trusted checks at normal priority within a budget, on a thread of their own (or the test's hasher). */
  private readonly prompt: { lane: PromptLane; hasher: Hasher } | null;

  /** Limits: `config.passwordHashing` (infra/config/config.ts) in the server; without a hasher, threads of its own. */
  constructor(limits: PasswordWorkLimits, hasher?: Hasher, readonly params: HashParams = CURRENT_PARAMS) {
    this.queue = new WorkQueue(limits);
    this.hasher = hasher ?? threadHasher(new HashThreads(limits.concurrency, limits.nice ?? 0));
    const perSecond = limits.promptPerSecond ?? 0;
    this.prompt = perSecond > 0
      ? { lane: new PromptLane(new HashBudget(perSecond), limits.maxWaitMs, Math.floor(perSecond / 2)), hasher: hasher ?? threadHasher(new HashThreads(1, 0)) }
      : null;
  }

  /** Stops the hashing threads (server stop). */
  async close(): Promise<void> {
    await this.hasher.close?.();
    if (this.prompt && this.prompt.hasher !== this.hasher) await this.prompt.hasher.close?.();
  }

  hash(password: string): Promise<string> {
    return this.queue.run(() => this.hasher.hash(password, this.params));
  }

  /** `needsRehash`: right password, older parameters; the caller stores `hash(password)` (login does). */
  verify(password: string, stored: string, standing: Standing | null = null): Promise<Verified> {
    const prompt = this.prompt;
    const promptly = standing && prompt ? prompt.lane.tryRun(() => prompt.hasher.check(password, stored, this.params), standing) : null;
    return promptly ?? this.queue.run(() => this.hasher.check(password, stored, this.params), { priority: standing !== null });
  }

  /**
   * For an email with no account: the same work as a real check (same queue, same parameters, a random salt and
   * key that nothing matches), so neither the time nor a 503 tells whether the account exists.
   */
  async verifyAgainstNothing(password: string, standing: Standing | null = null): Promise<Verified> {
    await this.verify(password, nothingToMatch(this.params), standing);
    return { ok: false, needsRehash: false };
  }

  /**
   * One of the prompt lane's checks a second, for a check the sign-in thread runs on its own thread
   * (sign-in-thread/): the budget stays decided here. False when the lane is off or its budget is spent.
   */
  takePrompt(standing: Standing): boolean {
    return this.prompt?.lane.takeBudget(standing) ?? false;
  }

  /**
   * Gives back what `takePrompt` took when no check ran with it (the sign-in was throttled, or the thread went away
   * and it runs here): a login refused before its check must not spend the budget of the ones that check.
   */
  returnPrompt(): void {
    this.prompt?.lane.returnBudget();
  }

  /** True when a job now would be refused at once: a flood is answered before it costs even a query. */
  isFull(standing: Standing | null = null): boolean {
    if (standing && this.prompt?.lane.hasRoom(standing)) return false;
    return this.queue.isFull(standing !== null);
  }

  busy(): Unavailable {
    return this.queue.refusal();
  }

  /** The ordinary queue's figures, and `prompt`: the checks the prompt lane took. */
  stats(): WorkStats & { prompt: number } {
    return { ...this.queue.stats(), prompt: this.prompt?.lane.count() ?? 0 };
  }
}
