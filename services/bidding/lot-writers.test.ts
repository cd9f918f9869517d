import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { AppContext } from '../context';
import { LotWriters } from './lot-writers';

/** Writers are only made here, never loaded or used: the context is what their construction reads. */
const ctx = { config: { commitTicks: 0 }, clock: { now: () => new Date() } } as unknown as AppContext;
const kept = (writers: LotWriters, lots: string[]) => lots.filter((lot) => writers.peek(lot) !== undefined);

test('given three idle writers at most, when one is used again (twice in a row) and a fourth lot comes, then the least recently used is dropped', () => {
  const writers = new LotWriters(ctx, 3);
  for (const lot of ['a', 'b', 'c']) writers.get(lot);
  writers.get('c');
  writers.get('a');
  writers.get('a');
  writers.get('d');
  assert.equal(kept(writers, ['a', 'b', 'c', 'd']), ['a', 'c', 'd'], 'b was the least recently used');

  writers.get('c');
  writers.get('e');
  assert.equal(kept(writers, ['a', 'c', 'd', 'e']), ['c', 'd', 'e'], 'then a');
  assert.is(writers.size, 3);
});

test('given a writer, when its lot is asked for again, then the same writer answers', () => {
  const writers = new LotWriters(ctx, 3);
  const first = writers.get('a');
  assert.is(writers.get('a'), first);
  writers.get('b');
  assert.is(writers.get('a'), first);
});

test.run();
