import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Unavailable } from '../../domain/shared/errors';
import { WorkQueue } from './work-queue';

/** A job that runs until the test lets it finish: no timing, only order. */
function blocker() {
  let release!: () => void;
  let started!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const running = new Promise<void>((resolve) => (started = resolve));
  return { release, running, job: async () => { started(); await gate; return 'done'; } };
}

async function refusal(promise: Promise<unknown>): Promise<Unavailable> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Unavailable) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

test('runs up to `concurrency` at once, queues the rest in order, and hands each freed slot to the oldest', async () => {
  const queue = new WorkQueue({ concurrency: 2, maxQueued: 2, maxWaitMs: 60_000 });
  const [a, b] = [blocker(), blocker()];
  const order: string[] = [];
  const pa = queue.run(a.job);
  const pb = queue.run(b.job);
  const pc = queue.run(async () => { order.push('c'); return 'c'; });
  const pd = queue.run(async () => { order.push('d'); return 'd'; });
  await Promise.all([a.running, b.running]);
  assert.equal([queue.stats().running, queue.stats().queued, order], [2, 2, []]);
  a.release();
  assert.equal(await Promise.all([pa, pc]), ['done', 'c']);
  b.release();
  assert.equal(await Promise.all([pb, pd]), ['done', 'd']);
  assert.equal(order, ['c', 'd']);
  assert.equal(queue.stats(), { running: 0, queued: 0, done: 4, refusedFull: 0, refusedWait: 0 });
});

test('a full queue refuses at once with Unavailable and a Retry-After', async () => {
  const queue = new WorkQueue({ concurrency: 1, maxQueued: 1, maxWaitMs: 3_000 });
  const blocked = blocker();
  const first = queue.run(blocked.job);
  await blocked.running;
  const second = queue.run(async () => 'second');
  const error = await refusal(queue.run(async () => 'third'));
  assert.is(error.kind, 'unavailable');
  assert.is(error.retryAfterSeconds, 3);
  assert.is(queue.stats().refusedFull, 1);
  blocked.release();
  assert.equal(await Promise.all([first, second]), ['done', 'second']);
});

test('a queued job that does not start within maxWaitMs is refused, and its place is given up', async () => {
  const queue = new WorkQueue({ concurrency: 1, maxQueued: 5, maxWaitMs: 1 });
  const blocked = blocker();
  const first = queue.run(blocked.job);
  await blocked.running;
  let ran = false;
  const error = await refusal(queue.run(async () => { ran = true; }));
  assert.is(error.retryAfterSeconds, 1);
  assert.equal([queue.stats().queued, queue.stats().refusedWait], [0, 1]);
  blocked.release();
  await first;
  assert.is(ran, false);
  assert.is(queue.stats().running, 0);
});

test('priority jobs use a reserve of `concurrency` places beyond the queue, wait ahead of the others, and displace the newest ordinary waiter when full', async () => {
  const queue = new WorkQueue({ concurrency: 1, maxQueued: 1, maxWaitMs: 60_000 });
  const blocked = blocker();
  const order: string[] = [];
  const first = queue.run(blocked.job);
  await blocked.running;
  const normal = queue.run(async () => { order.push('normal'); });
  assert.ok(queue.isFull());
  await refusal(queue.run(async () => { order.push('refused'); }));
  assert.is(queue.isFull(true), false);
  const trusted = queue.run(async () => { order.push('trusted'); }, { priority: true });
  assert.is(queue.isFull(true), false, 'the reserve is used up, but an ordinary waiter can still give way');
  const second = queue.run(async () => { order.push('second'); }, { priority: true });
  await refusal(normal);
  assert.ok(queue.isFull(true), 'only priority jobs wait now');
  await refusal(queue.run(async () => { order.push('refused too'); }, { priority: true }));
  blocked.release();
  await Promise.all([first, trusted, second]);
  assert.equal(order, ['trusted', 'second']);
  assert.equal(queue.stats().refusedFull, 3);
});

test('no queue at all (maxQueued 0): a busy slot refuses the next job; a failing job frees its slot', async () => {
  const queue = new WorkQueue({ concurrency: 1, maxQueued: 0, maxWaitMs: 1_000 });
  const blocked = blocker();
  const first = queue.run(blocked.job);
  await blocked.running;
  await refusal(queue.run(async () => 1));
  blocked.release();
  await first;
  await queue.run(async () => { throw new Error('boom'); }).catch(() => undefined);
  assert.is(await queue.run(async () => 'free again'), 'free again');
  assert.throws(() => new WorkQueue({ concurrency: 0, maxQueued: 1, maxWaitMs: 1 }));
});

test.run();
