import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clockFromEnv } from './offset-clock';
import { systemClock } from '../services/context';
import { setClockOffset } from '../services/testing/file-clock';

const HOUR = 3_600_000;

test('outside NODE_ENV=test the clock file is ignored: the system clock', () => {
  assert.is(clockFromEnv({ NODE_ENV: 'production', TEST_CLOCK_FILE: '/tmp/any' }), systemClock);
  assert.is(clockFromEnv({ NODE_ENV: 'test' }), systemClock);
});

test('under NODE_ENV=test the time is moved by the offset the test writes', () => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'wa-clock-')), 'offset');
  setClockOffset(file, 2 * HOUR);
  const clock = clockFromEnv({ NODE_ENV: 'test', TEST_CLOCK_FILE: file });
  const ahead = clock.now().getTime() - Date.now();
  assert.ok(ahead > HOUR && ahead <= 2 * HOUR, `${ahead} ms ahead`);
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
});

test.run();
