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

test.run();
