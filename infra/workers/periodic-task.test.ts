import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { eachOnItsOwn, PeriodicTask } from './periodic-task';

const silent = { errors: [] as string[], error(_obj: object, msg: string) { this.errors.push(msg); } };

test('given items, when one fails, then it is reported and the others are still done', async () => {
  const failed: string[] = [];
  const done = await eachOnItsOwn(['a', 'b', 'c', 'd'], async (item) => {
    if (item === 'b') throw new Error('provider unreachable');
    return item !== 'd';
  }, (err, item) => failed.push(`${item}: ${(err as Error).message}`));
  assert.equal(done, ['a', 'c'], 'c after the failing b; d did nothing');
  assert.equal(failed, ['b: provider unreachable']);
});

test('a failed pass is logged and the next one runs; stop waits for the pass under way', async () => {
  const log = { ...silent, errors: [] as string[] };
  let passes = 0;
  let second!: () => void;
  const secondStarted = new Promise<void>((resolve) => { second = resolve; });
  let release!: () => void;
  const held = new Promise<void>((resolve) => { release = resolve; });
  let finished = false;
  const task = new PeriodicTask('test pass', 5, async () => {
    passes += 1;
    if (passes === 1) throw new Error('boom');
    if (passes === 2) {
      second();
      await held;
      finished = true;
    }
  }, log);
  // The task's timer does not hold the process open (unref): this test's wait does.
  const keepAlive = setInterval(() => {}, 1_000);
  try {
    task.start();
    await secondStarted;
    assert.equal(log.errors, ['test pass failed']);
    const stopped = task.stop().then(() => finished);
    release();
    assert.ok(await stopped, 'stop resolved only after the pass under way finished');
    const after = passes;
    await new Promise((resolve) => setTimeout(resolve, 30));
    assert.is(passes, after, 'no pass after stop');
  } finally {
    clearInterval(keepAlive);
    await task.stop();
  }
});

test('a tick while a pass runs is skipped: passes never overlap, nor queue up behind a slow one', async () => {
  let running = 0;
  let most = 0;
  let passes = 0;
  let release!: () => void;
  const held = new Promise<void>((resolve) => { release = resolve; });
  const task = new PeriodicTask('slow pass', 2, async () => {
    passes += 1;
    running += 1;
    most = Math.max(most, running);
    if (passes === 1) await held;
    running -= 1;
  }, silent);
  const keepAlive = setInterval(() => {}, 1_000);
  try {
    task.start();
    // Many ticks go by while the first pass is held.
    await new Promise((resolve) => setTimeout(resolve, 40));
    assert.is(passes, 1, 'no pass started beside the first');
    release();
    await new Promise((resolve) => setImmediate(resolve));
    assert.ok(passes <= 2, `the ticks missed meanwhile are not made up at once (${passes} passes)`);
    await new Promise((resolve) => setTimeout(resolve, 40));
    assert.is(most, 1, 'never two at once');
    assert.ok(passes > 1, 'the ticks after it run again');
  } finally {
    clearInterval(keepAlive);
    await task.stop();
  }
});

/** A wake source as the projection runner gives it: the task's listener, told by hand. */
function wakeSource() {
  const listeners = new Set<() => void>();
  return {
    listeners,
    wokenBy: (wake: () => void) => {
      listeners.add(wake);
      return () => listeners.delete(wake);
    },
    wake: () => { for (const listener of listeners) listener(); },
  };
}

/** Resolves when `check` holds; fails the test after `ms` (generous: a loaded machine is slow, never wrong). */
async function until(check: () => boolean, what: string, ms = 10_000): Promise<void> {
  const started = performance.now();
  while (!check()) {
    if (performance.now() - started > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

test('given a follower polling once a minute, when it starts, then one pass; when the read models move, then a pass at once', async () => {
  const source = wakeSource();
  let passes = 0;
  const task = new PeriodicTask('woken pass', 10, async () => { passes += 1; }, silent, { wokenBy: source.wokenBy, idleEveryMs: 60_000 });
  const keepAlive = setInterval(() => {}, 1_000);
  try {
    task.start();
    await until(() => passes === 1, 'the pass at start (work a stopped process left, which no wake announces)');
    await new Promise((resolve) => setTimeout(resolve, 30));
    assert.is(passes, 1, 'no other pass before a wake: the poll is a minute away');
    source.wake();
    await until(() => passes === 2, 'the woken pass');
  } finally {
    clearInterval(keepAlive);
    await task.stop();
  }
  assert.is(source.listeners.size, 0, 'stop unsubscribes from the wakes');
});

test('given a pass under way, when wakes come meanwhile, then exactly one more pass runs after it', async () => {
  const source = wakeSource();
  let passes = 0;
  let release!: () => void;
  const held = new Promise<void>((resolve) => { release = resolve; });
  const task = new PeriodicTask('held pass', 5, async () => {
    passes += 1;
    if (passes === 1) await held;
  }, silent, { wokenBy: source.wokenBy, idleEveryMs: 60_000 });
  const keepAlive = setInterval(() => {}, 1_000);
  try {
    task.start();
    assert.is(passes, 1, 'the pass at start, held');
    for (let i = 0; i < 5; i++) source.wake();
    assert.is(passes, 1, 'none beside the pass under way');
    release();
    await until(() => passes === 2, 'the pass after the held one');
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.is(passes, 2, 'the five wakes made one pass, not five');
  } finally {
    clearInterval(keepAlive);
    await task.stop();
  }
});

test('given a storm of wakes, then passes start no closer together than the pace', async () => {
  const source = wakeSource();
  // The pace's clock is the test's: a stalled machine cannot make the wakes look late.
  let now = 1_000;
  const starts: number[] = [];
  const task = new PeriodicTask('paced pass', 200, async () => { starts.push(now); }, silent, { wokenBy: source.wokenBy, idleEveryMs: 60_000, now: () => now });
  const keepAlive = setInterval(() => {}, 1_000);
  try {
    task.start();
    await until(() => starts.length === 1, 'the pass at start');
    for (let i = 0; i < 100; i++) source.wake();
    await new Promise((resolve) => setTimeout(resolve, 250));
    assert.is(starts.length, 1, 'the storm waits for the pace, however long the real wait');
    now += 200;
    await until(() => starts.length === 2, 'the paced pass');
    await new Promise((resolve) => setTimeout(resolve, 250));
    assert.equal(starts, [1_000, 1_200], 'a hundred wakes, two passes, the second one pace after the first');
  } finally {
    clearInterval(keepAlive);
    await task.stop();
  }
});

test('given passes failing in a row (the database gone), then one line, a line a minute with the count, and a new run of failures logged again', async () => {
  const log = { errors: [] as string[], error(_obj: object, msg: string) { this.errors.push(msg); } };
  const source = wakeSource();
  let now = 0;
  let failing = true;
  let passes = 0;
  const task = new PeriodicTask('flaky pass', 1, async () => {
    passes += 1;
    if (failing) throw new Error('connection refused');
  }, log, { wokenBy: source.wokenBy, idleEveryMs: 60_000, now: () => now });
  const keepAlive = setInterval(() => {}, 1_000);
  const passOnce = async () => {
    const before = passes;
    now += 1;
    source.wake();
    await until(() => passes === before + 1, 'a pass');
    await new Promise((resolve) => setImmediate(resolve));
  };
  try {
    task.start();
    await until(() => passes === 1, 'the pass at start');
    await new Promise((resolve) => setImmediate(resolve));
    for (let i = 1; i < 50; i++) await passOnce();
    assert.equal(log.errors, ['flaky pass failed'], 'fifty failures, one line');
    now += 60_000;
    await passOnce();
    assert.equal(log.errors, ['flaky pass failed', 'flaky pass failed (51 passes in a row)']);
    failing = false;
    await passOnce();
    failing = true;
    await passOnce();
    assert.is(log.errors.at(-1), 'flaky pass failed', 'a new run after a pass that went through');
    assert.is(log.errors.length, 3);
  } finally {
    clearInterval(keepAlive);
    await task.stop();
  }
});

test.run();
