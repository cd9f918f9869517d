import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Coalescer } from './coalescer';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('the first update goes out at once, a burst within the window ends on its latest value', async () => {
  const sent: string[] = [];
  const c = new Coalescer((lot, text) => sent.push(`${lot}:${text}`), 40);
  for (let i = 1; i <= 10; i++) c.push('a', String(i));
  assert.equal(sent, ['a:1']);
  await sleep(60);
  assert.equal(sent, ['a:1', 'a:10']);
  await sleep(60);
  assert.equal(sent, ['a:1', 'a:10'], 'nothing new, nothing sent');
  c.push('a', '11');
  assert.equal(sent.at(-1), 'a:11', 'after a quiet window the next update is immediate again');
  c.stop();
});

test('lots are coalesced independently', () => {
  const sent: string[] = [];
  const c = new Coalescer((lot, text) => sent.push(`${lot}:${text}`), 1000);
  c.push('a', '1');
  c.push('b', '1');
  c.push('a', '2');
  assert.equal(sent, ['a:1', 'b:1']);
  c.stop();
});

test.run();
