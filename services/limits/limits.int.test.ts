import { randomBytes } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, TestClock, type TestApp } from '../testing/harness';
import { createDb } from '../../infra/db/database';
import { Throttled } from '../../domain/shared/errors';
import { Limits } from './limits';
import { DEFAULT_LIMITS, limitSettings, type LimitSettings } from '../../infra/config/limit-settings';
import type { RateLimitStore } from './store';
import { PostgresRateLimitStore } from './postgres-store';
import { RedisRateLimitStore } from './redis-store';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const settings: LimitSettings = { ...DEFAULT_LIMITS, register_address: { limit: 3, windowSeconds: 60 } };

let t: TestApp;
const opened: RateLimitStore[] = [];

test.before(async () => {
  t = await startTestApp({ workers: false });
});

test.after(async () => {
  for (const store of opened) await store.close();
  await t.close();
});

/** Two handles on one backend, as two server processes would have. */
function backends(): { name: string; make: () => RateLimitStore }[] {
  const prefix = `test-limits-${randomBytes(6).toString('hex')}:`;
  return [
    { name: 'postgres', make: () => new PostgresRateLimitStore(createDb(t.database.url, 2)) },
    { name: 'redis', make: () => new RedisRateLimitStore(REDIS_URL, prefix) },
  ];
}

async function expectThrottled(run: Promise<unknown>): Promise<Throttled> {
  try {
    await run;
  } catch (error) {
    if (error instanceof Throttled) return error;
    throw error;
  }
  throw new Error('expected Throttled');
}

for (const backend of backends()) {
  test(`${backend.name}: the limit-th hit passes, the next is refused with the seconds to the window's end; a new window starts afresh`, async () => {
    const clock = new TestClock(new Date('2026-11-21T12:00:15.000Z'));
    const store = backend.make();
    opened.push(store);
    const limits = new Limits(store, settings, clock);
    for (let i = 0; i < 3; i++) await limits.take('register_address', '203.0.113.7');
    const refused = await expectThrottled(limits.take('register_address', '203.0.113.7'));
    assert.is(refused.retryAfterSeconds, 45);
    assert.is(refused.message, 'Too many requests. Try again in 1 minute.');
    await limits.take('register_address', '203.0.113.8'); // another key is not affected
    clock.advance(45_000);
    await limits.take('register_address', '203.0.113.7');
  });

  test(`${backend.name}: parallel hits from two processes are all counted, none lost`, async () => {
    const clock = new TestClock(new Date('2026-11-21T13:00:00.000Z'));
    const [a, b] = [backend.make(), backend.make()];
    opened.push(a, b);
    const wide: LimitSettings = { ...settings, register_address: { limit: 30, windowSeconds: 3600 } };
    const [la, lb] = [new Limits(a, wide, clock), new Limits(b, wide, clock)];
    const outcomes = await Promise.allSettled(Array.from({ length: 40 }, (_, i) => (i % 2 ? la : lb).take('register_address', 'shared')));
    assert.is(outcomes.filter((o) => o.status === 'fulfilled').length, 30);
    assert.is(outcomes.filter((o) => o.status === 'rejected' && o.reason instanceof Throttled).length, 10);
  });

  test(`${backend.name}: guesses are checked without counting and counted only when they fail`, async () => {
    const clock = new TestClock(new Date('2026-11-21T14:00:00.000Z'));
    const store = backend.make();
    opened.push(store);
    const limits = new Limits(store, { ...settings, guess_address: { limit: 2, windowSeconds: 900 } }, clock);
    for (let i = 0; i < 5; i++) await limits.assertOpen('guess_address', 'ip');
    await limits.count('guess_address', 'ip');
    await limits.assertOpen('guess_address', 'ip');
    await limits.count('guess_address', 'ip');
    const refused = await expectThrottled(limits.assertOpen('guess_address', 'ip'));
    assert.is(refused.retryAfterSeconds, 900);
  });
}

test('postgres: ended windows are pruned; the counters hold digests, not addresses or emails', async () => {
  const store = new PostgresRateLimitStore(t.ctx.db);
  const limits = new Limits(store, settings, new TestClock(new Date('2026-11-21T15:00:00.000Z')));
  await limits.take('register_email', 'someone@whisky.test');
  const { rows } = await t.ctx.db.selectFrom('rate_limit_counters' as any).selectAll().execute().then((r) => ({ rows: r as { key: string }[] }));
  assert.ok(rows.length > 0);
  assert.not.ok(rows.some((r) => r.key.includes('someone') || r.key.includes('203.0.113')));
  const removed = await store.prune(new Date('2026-11-23T00:00:00.000Z'));
  assert.ok(removed >= 1);
  const left = await t.ctx.db.selectFrom('rate_limit_counters' as any).selectAll().execute();
  assert.is(left.length, 0);
});

test('settings: RATE_LIMIT_<NAME>=hits/seconds overrides a default; nonsense stops the start', () => {
  const s = limitSettings({ RATE_LIMIT_REGISTER_ADDRESS: '25/600' });
  assert.equal(s.register_address, { limit: 25, windowSeconds: 600 });
  assert.equal(s.contact_address, DEFAULT_LIMITS.contact_address);
  assert.throws(() => limitSettings({ RATE_LIMIT_GUESS_ADDRESS: 'lots' }), /RATE_LIMIT_GUESS_ADDRESS/);
});

test.run();
