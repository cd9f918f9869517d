import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Zipf } from './zipf';
import { parseAnswer } from './open-loop';

test('Zipf: shares fall as 1/k and add up to one', () => {
  const z = new Zipf(300, 1);
  let total = 0;
  for (let i = 0; i < 300; i++) total += z.share(i);
  assert.ok(Math.abs(total - 1) < 1e-9);
  assert.ok(Math.abs(z.share(0) / z.share(9) - 10) < 1e-9, 'rank 1 is ten times rank 10');
  assert.ok(z.share(0) > 0.15 && z.share(0) < 0.17, `hottest share ${z.share(0)}`);
});

test('Zipf: draws follow the shares, edges included', () => {
  const z = new Zipf(4, 1);
  assert.is(z.draw(0), 0);
  assert.is(z.draw(0.999999), 3);
  const counts = [0, 0, 0, 0];
  for (let i = 0; i < 10_000; i++) counts[z.draw((i + 0.5) / 10_000)] += 1;
  for (let k = 0; k < 4; k++) assert.ok(Math.abs(counts[k] / 10_000 - z.share(k)) < 0.001, `rank ${k}: ${counts[k]}`);
});

test('Zipf: apportion hands out exactly the count, hot ranks first', () => {
  const z = new Zipf(300, 1);
  const watchers = z.apportion(10_000);
  assert.is(watchers.reduce((a, b) => a + b, 0), 10_000);
  assert.ok(watchers[0] > 1500 && watchers[299] >= 5);
});

test('parseAnswer: waits for the whole body, decodes UTF-8, keeps what follows', () => {
  const body = Buffer.from('{"detail":"Your bid must be at least £15."}', 'utf8');
  const raw = Buffer.concat([Buffer.from(`HTTP/1.1 400 Bad Request\r\nContent-Length: ${body.length}\r\n\r\n`), body, Buffer.from('HTTP/1.1 2')]).toString('latin1');
  assert.is(parseAnswer(raw.slice(0, raw.length - 20)), null);
  const answer = parseAnswer(raw)!;
  assert.is(answer.status, 400);
  assert.is(answer.body, '{"detail":"Your bid must be at least £15."}');
  assert.is(answer.rest, 'HTTP/1.1 2');
});

test.run();
