import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { backoffMs, ReconnectLoop } from './reconnect-loop';

const until = async (ok: () => boolean) => {
  for (const deadline = Date.now() + 5_000; !ok() && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 5));
};

test('backoff: 100 ms doubling to 5 s, each within a quarter either way', () => {
  for (const [attempt, base] of [[0, 100], [1, 200], [5, 3200], [6, 5000], [30, 5000]]) {
    const d = backoffMs(attempt);
    assert.ok(d >= base * 0.75 && d <= base * 1.25, `${attempt}: ${d}`);
  }
});

test('given a connection that fails twice, when started, then it is tried again after each loss until it connects', async () => {
  const warned: number[] = [];
  let tries = 0;
  const loop: ReconnectLoop = new ReconnectLoop(async () => {
    tries++;
    if (tries < 3) loop.lost(new Error(`refused ${tries}`));
    else loop.connected();
  }, (_error, retryInMs) => warned.push(retryInMs));
  await loop.start();
  await until(() => tries === 3);
  assert.is(tries, 3);
  assert.is(warned.length, 2, 'one warning per loss');
  assert.ok(warned[0] >= 75 && warned[0] <= 125 && warned[1] >= 150 && warned[1] <= 250, String(warned));
  // Connected, the next loss starts from the shortest delay again.
  loop.lost();
  assert.ok(warned[2] <= 125, String(warned));
  await loop.stop();
});

test('given a loss, when stopped, then nothing is tried again and stopped is true for an attempt under way', async () => {
  let tries = 0;
  const loop: ReconnectLoop = new ReconnectLoop(async () => { tries++; loop.lost(); }, () => {});
  await loop.start();
  await loop.stop();
  assert.ok(loop.stopped);
  loop.lost();
  await new Promise((r) => setTimeout(r, 300));
  assert.is(tries, 1);
});

test.run();
