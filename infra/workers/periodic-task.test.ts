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

test.run();
