/**
 * A clock for tests that spawn real server processes (`tsx services/main.ts`): the real time plus an offset in
 * milliseconds read from the file named by TEST_CLOCK_FILE, so the test can move several processes' time at once
 * (soft close is minutes long). Only under NODE_ENV=test; otherwise the system clock.
 */
import fs from 'node:fs';
import { systemClock, type Clock } from '../context';

export function testClockFromEnv(env: NodeJS.ProcessEnv = process.env): Clock {
  const file = env.TEST_CLOCK_FILE;
  if (env.NODE_ENV !== 'test' || !file) return systemClock;
  let offset = 0;
  let readAt = 0;
  return {
    now() {
      const t = Date.now();
      // Re-read at most every 10 ms: now() is on the bid path.
      if (t - readAt > 10) {
        readAt = t;
        try { offset = Number(fs.readFileSync(file, 'utf8').trim()) || 0; } catch { /* keep the last offset */ }
      }
      return new Date(t + offset);
    },
  };
}

/** The writing side, for the test: moves every process reading `file` to real time + offsetMs. */
export function setClockOffset(file: string, offsetMs: number): void {
  fs.writeFileSync(`${file}.tmp`, String(offsetMs));
  fs.renameSync(`${file}.tmp`, file);
}
