/**
 * Abuse limits that hold across processes: `limitsOf(ctx)` counts hits per key in the store the settings choose
 * (Redis with REDIS_URL, else PostgreSQL) and refuses with Throttled (429 + Retry-After, the API's `{detail}`).
 * Subjects (addresses, emails, user ids) are kept only as a keyed digest: the counters hold no personal data.
 */
import { createHash } from 'node:crypto';
import type { AppContext, Clock } from '../context';
import { Throttled } from '../../domain/shared/errors';
import type { LimitName, LimitSettings } from '../../infra/config/limit-settings';
import type { RateLimitStore, WindowCount } from './store';
import { PostgresRateLimitStore } from './postgres-store';
import { RedisRateLimitStore } from './redis-store';

const TOO_MANY = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Too many requests. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
};

export type Message = (retryAfterSeconds: number) => string;

export class Limits {
  constructor(readonly store: RateLimitStore, private readonly settings: LimitSettings, private readonly clock: Clock) {}

  private key(name: LimitName, subject: string): string {
    return `${name}:${createHash('sha256').update(subject).digest('base64url').slice(0, 32)}`;
  }

  private refusal(count: WindowCount, message: Message): Throttled {
    const wait = Math.max(1, Math.ceil((count.resetAt.getTime() - this.clock.now().getTime()) / 1000));
    return new Throttled(message(wait), wait);
  }

  /** Counts one hit; throws Throttled once the window holds more than the limit. */
  async take(name: LimitName, subject: string, message: Message = TOO_MANY): Promise<void> {
    const rule = this.settings[name];
    const count = await this.store.hit(this.key(name, subject), rule.windowSeconds, this.clock.now());
    if (count.hits > rule.limit) throw this.refusal(count, message);
  }

  /** Like `take`, but answers false instead of throwing (for answers that must not change: silent brakes). */
  async allow(name: LimitName, subject: string): Promise<boolean> {
    const rule = this.settings[name];
    const count = await this.store.hit(this.key(name, subject), rule.windowSeconds, this.clock.now());
    return count.hits <= rule.limit;
  }

  /** Throws Throttled while the subject is at its limit, without counting (guesses: only failures count). */
  async assertOpen(name: LimitName, subject: string, message: Message = TOO_MANY): Promise<void> {
    const rule = this.settings[name];
    const count = await this.store.peek(this.key(name, subject), rule.windowSeconds, this.clock.now());
    if (count.hits >= rule.limit) throw this.refusal(count, message);
  }

  /** Counts a failure (a wrong token or code) against the subject. */
  async count(name: LimitName, subject: string): Promise<void> {
    await this.store.hit(this.key(name, subject), this.settings[name].windowSeconds, this.clock.now());
  }
}

const byContext = new WeakMap<AppContext, Limits>();

export function limitsOf(ctx: Pick<AppContext, 'config' | 'db' | 'clock'>): Limits {
  const known = byContext.get(ctx as AppContext);
  if (known) return known;
  const { redisUrl, rateLimitPrefix, rateLimits } = ctx.config;
  const store = redisUrl ? new RedisRateLimitStore(redisUrl, rateLimitPrefix) : new PostgresRateLimitStore(ctx.db);
  const limits = new Limits(store, rateLimits, ctx.clock);
  byContext.set(ctx as AppContext, limits);
  return limits;
}

/** Closes the store (the Redis connection) of a context that is shutting down. */
export async function closeLimits(ctx: AppContext): Promise<void> {
  const limits = byContext.get(ctx);
  byContext.delete(ctx);
  await limits?.store.close();
}
