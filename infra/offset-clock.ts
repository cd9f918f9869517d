/**
 * The server's clock: the system clock, unless NODE_ENV=test and TEST_CLOCK_FILE names a file. Then it is the real
 * time plus an offset in milliseconds read from that file, so a test that spawns real server processes
 * (`tsx services/main.ts`) can move several processes' time at once (soft close is minutes long). The writing side
 * is services/testing/file-clock.ts; this side is infrastructure (a clock), because services/main.ts uses it.
 */
import fs from 'node:fs';
import { systemClock, type Clock } from './clock';

export function clockFromEnv(env: NodeJS.ProcessEnv = process.env): Clock {
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
