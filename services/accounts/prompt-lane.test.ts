import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { HashBudget } from './prompt-lane';
import { PasswordWork, type Hasher } from './password-work';
import type { Verified } from './passwords';

/** A hasher whose checks run until the test lets them finish, recording which lane (hasher) ran each. */
function heldHasher(name: string, log: string[]) {
  const gates: Array<() => void> = [];
  const hasher: Hasher = {
    hash: async () => 'unused',
    check: (password) => new Promise<Verified>((resolve) => {
      log.push(`${name}:${password}`);
      gates.push(() => resolve({ ok: true, needsRehash: false }));
    }),
  };
  return { hasher, releaseAll: () => { for (const open of gates.splice(0)) open(); } };
}

test('given a budget of 2 a second, when 3 are taken at once, then the third waits until half a second has passed', () => {
  let now = 0;
  const budget = new HashBudget(2, () => now);
  assert.ok(budget.take());
  assert.ok(budget.take());
  assert.not.ok(budget.take(), 'the bucket holds one second of budget');
  now = 400;
  assert.not.ok(budget.available(), '0.8 of a token after 400 ms');
  now = 500;
  assert.ok(budget.take(), 'one token after 500 ms');
  now = 60_000;
  assert.ok(budget.take() && budget.take());
  assert.not.ok(budget.take(), 'a long quiet spell never saves up more than one second of budget');
});

test('given a spent budget, when a token taken for a check that never ran is given back, then it can be taken again', () => {
  const budget = new HashBudget(1, () => 0);
  assert.ok(budget.take());
  assert.not.ok(budget.take());
  budget.give();
  assert.ok(budget.take(), 'the token is back');
  budget.give();
  budget.give();
  assert.ok(budget.take());
  assert.not.ok(budget.take(), 'never more than one second of budget');
});

test('given a prompt lane, when a trusted check arrives, then it runs at once beside a full ordinary queue, and an untrusted one does not', async () => {
  const log: string[] = [];
  const held = heldHasher('any', log);
  const work = new PasswordWork({ concurrency: 1, maxQueued: 0, maxWaitMs: 60_000, promptPerSecond: 100 }, held.hasher);
  const flood = work.verify('flood', 'stored');
  assert.ok(work.isFull(null), 'the ordinary queue is full for a flood');
  assert.not.ok(work.isFull('clean'), 'a trusted login still has the prompt lane');
  const trusted = work.verify('trusted', 'stored', 'clean');
  await Promise.resolve();
  assert.equal(log, ['any:flood', 'any:trusted'], 'the trusted check started while the flood held the only ordinary slot');
  assert.equal(work.stats().prompt, 1);
  held.releaseAll();
  await Promise.all([flood, trusted]);
});

test('given a budget of 1 a second, when two trusted checks arrive at once, then the second waits in the ordinary queue', async () => {
  const log: string[] = [];
  const held = heldHasher('any', log);
  const work = new PasswordWork({ concurrency: 1, maxQueued: 4, maxWaitMs: 60_000, promptPerSecond: 1 }, held.hasher);
  const first = work.verify('first', 'stored', 'clean');
  const second = work.verify('second', 'stored', 'clean');
  await Promise.resolve();
  assert.equal(work.stats().prompt, 1, 'only one within the budget');
  assert.equal(work.stats().running, 1, 'the other runs in the ordinary queue');
  held.releaseAll();
  await Promise.all([first, second]);
});

test('given no prompt budget (the tests\' default), when a trusted check arrives, then it uses the ordinary queue only', async () => {
  const log: string[] = [];
  const held = heldHasher('any', log);
  const work = new PasswordWork({ concurrency: 1, maxQueued: 0, maxWaitMs: 60_000 }, held.hasher);
  const flood = work.verify('flood', 'stored');
  assert.not.ok(work.isFull('clean'), 'a trusted check may wait in the reserve');
  const trusted = work.verify('trusted', 'stored', 'clean');
  await Promise.resolve();
  assert.equal(log, ['any:flood'], 'the trusted check waits for the one slot');
  assert.equal(work.stats().prompt, 0);
  held.releaseAll();
  await flood;
  while (log.length < 2) await new Promise((resolve) => setImmediate(resolve));
  assert.equal(log, ['any:flood', 'any:trusted']);
  held.releaseAll();
  await trusted;
});

test('given a budget of 4 a second, when a flood of clean addresses asks, then they spend only half and a returning user still gets the lane', async () => {
  const log: string[] = [];
  const held = heldHasher('any', log);
  const work = new PasswordWork({ concurrency: 1, maxQueued: 8, maxWaitMs: 60_000, promptPerSecond: 4 }, held.hasher);
  const flood = ['a', 'b', 'c', 'd'].map((who) => work.verify(who, 'stored', 'clean'));
  await Promise.resolve();
  assert.equal(work.stats().prompt, 2, 'clean addresses took the half above the reserve');
  assert.not.ok(work.takePrompt('clean'), 'a fifth clean address finds no budget');
  assert.ok(work.takePrompt('returning'), 'a returning user takes from the reserve (for the sign-in thread)');
  assert.equal(work.stats().prompt, 3);
  let done = false;
  const all = Promise.all(flood).then(() => { done = true; });
  // The ordinary queue runs one at a time: each check starts once the one before it is let through.
  while (!done) {
    held.releaseAll();
    await new Promise((resolve) => setImmediate(resolve));
  }
  await all;
});

test('given a busy ordinary queue and only the reserve left, when a clean and a returning address ask, then only the returning one is promised the lane', async () => {
  const held = heldHasher('any', []);
  const work = new PasswordWork({ concurrency: 1, maxQueued: 0, maxWaitMs: 60_000, promptPerSecond: 4 }, held.hasher);
  const flood = work.verify('flood', 'stored');
  assert.ok(work.takePrompt('clean') && work.takePrompt('clean'));
  // A third clean address finds no budget above the reserve: it waits in the ordinary queue's priority room.
  const waiting = work.verify('waiting', 'stored', 'clean');
  assert.ok(work.isFull('clean'), 'no room for a clean address: its login is refused before any query');
  assert.not.ok(work.isFull('returning'), 'room for a returning user');
  let done = false;
  const all = Promise.all([flood, waiting]).then(() => { done = true; });
  while (!done) {
    held.releaseAll();
    await new Promise((resolve) => setImmediate(resolve));
  }
  await all;
});

test.run();
