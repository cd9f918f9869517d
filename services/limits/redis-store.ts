/**
 * Counters in Redis (when REDIS_URL is set): INCR plus PEXPIRE in one MULTI, so the key disappears by itself once
 * its window is over (nothing to prune). The window is part of the key, so every process counts into the same one.
 * The expiry is relative (what is left of the window by the caller's clock), so a clock that differs from Redis's
 * (a test clock, a skewed host) still keeps the key for the whole window.
 */
import type { Redis } from 'ioredis';
import { onDemand } from '../../infra/on-demand';
import { windowOf, type RateLimitStore, type WindowCount } from './store';

/** Loaded when REDIS_URL is set. */
const loadIoredis = onDemand<typeof import('ioredis')>('ioredis');

export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis;

  constructor(url: string, private readonly prefix = 'rl:') {
    // Fail fast rather than queue hits while Redis is away: a request waits at most a few seconds, then errors.
    this.redis = new (loadIoredis().Redis)(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
    this.redis.on('error', () => {
      // Reconnects by itself; a command issued meanwhile fails on its own and answers 500 for that request.
    });
  }

  private keyOf(key: string, start: Date): string {
    return `${this.prefix}${key}:${start.getTime()}`;
  }

  async hit(key: string, windowSeconds: number, now: Date): Promise<WindowCount> {
    const { start, end } = windowOf(windowSeconds, now);
    const k = this.keyOf(key, start);
    // Kept a minute past the window's end so a process whose clock runs late still finds the count.
    const ttl = end.getTime() - now.getTime() + 60_000;
    const results = await this.redis.multi().incr(k).pexpire(k, ttl).exec();
    const [error, hits] = results?.[0] ?? [new Error('redis: no reply'), 0];
    if (error) throw error;
    return { hits: Number(hits), resetAt: end };
  }

  async peek(key: string, windowSeconds: number, now: Date): Promise<WindowCount> {
    const { start, end } = windowOf(windowSeconds, now);
    const value = await this.redis.get(this.keyOf(key, start));
    return { hits: value ? Number(value) : 0, resetAt: end };
  }

  async prune(): Promise<number> {
    return 0;
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
