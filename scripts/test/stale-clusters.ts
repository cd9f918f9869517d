/**
 * Test servers' folders that interrupted runs left behind. A run stopped with Ctrl+C stops its embedded PostgreSQL
 * with it (same process group) but never reaches its own clean-up, and one killed outright takes its server along, so
 * the cluster stays in the run's temporary folder, which is memory (/dev/shm, scripts/test/temp-dir.ts): 60-70 MB a
 * time, until a reboot.
 */
import fs from 'node:fs';
import path from 'node:path';
import { postmasterPidLines, processRuns } from '../../infra/db/embedded';

/** The prefix of a run's cluster folder (scripts/test/database.ts). */
export const CLUSTER_PREFIX = 'wa-test-pg-';
/** A folder without a server's pid file younger than this may be a run still making its cluster: left alone. */
const STARTING_MS = 60 * 60_000;

/**
 * Removes the run clusters in `dir` whose server is gone: its pid file names a process that no longer runs, a server
 * ran there and stopped, or neither file is there and the folder is over an hour old. A cluster whose server runs
 * (another run, or one whose runner was killed outright) is kept. Returns the folders removed.
 */
export function removeStaleClusters(dir: string, now = Date.now()): string[] {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory() || !entry.name.startsWith(CLUSTER_PREFIX)) continue;
    const folder = path.join(dir, entry.name);
    if (!isStale(folder, now)) continue;
    fs.rmSync(folder, { recursive: true, force: true });
    removed.push(entry.name);
  }
  return removed;
}

function isStale(folder: string, now: number): boolean {
  const pid = serverPid(folder);
  if (pid === null) {
    // postmaster.opts is written after the pid file at a server's start and kept at its stop: a server ran here and
    // has stopped (a run stopped with Ctrl+C). Neither file: initdb may still be at work for a run starting now.
    if (fs.existsSync(path.join(folder, 'postgres', 'postmaster.opts'))) return true;
    return now - fs.statSync(folder).mtimeMs > STARTING_MS;
  }
  return !processRuns(pid);
}

/**
 * The process the cluster's postmaster.pid names, or null without a readable one (initdb's standalone backend writes
 * its pid negated).
 */
function serverPid(folder: string): number | null {
  const pid = Math.abs(Number(postmasterPidLines(folder)?.[0]));
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}
