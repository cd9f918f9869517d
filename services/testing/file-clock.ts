/**
 * The writing side of the offset clock (infra/offset-clock.ts), for tests that spawn real server processes:
 * moves every process reading `file` (their TEST_CLOCK_FILE) to real time + offsetMs. Written then renamed, so a
 * reader never sees half a number.
 */
import fs from 'node:fs';

export function setClockOffset(file: string, offsetMs: number): void {
  fs.writeFileSync(`${file}.tmp`, String(offsetMs));
  fs.renameSync(`${file}.tmp`, file);
}
