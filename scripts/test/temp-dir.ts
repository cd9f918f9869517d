/**
 * Where a test run keeps its temporary files: the embedded PostgreSQL's cluster and every test database copied in
 * it, the fault tests' own servers (initdb), Chromium's profiles, backups, uploads. On Linux, a memory file system
 * (/dev/shm) when it has room, else the system's temporary folder.
 *
 * Why: a test run creates and deletes some 300 databases of ~1,000 files each. On this machine's ext4 (no journal),
 * creating a file scans the inode table for recently deleted inodes, and a database copy cost 110-470 ms of the
 * server's CPU; on tmpfs 10-50 ms (docs/testing.md, "Test databases on a memory file system"). A run's files are
 * deleted after it and durability buys nothing: a killed server's files survive on tmpfs as on disk.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const MEMORY_FS = '/dev/shm';
/** tmpfs's magic number in statfs(2). */
const TMPFS = 0x01021994;
/** The room a run needs, with a wide margin: the whole run peaked at 175 MB there (docs/testing.md). */
const ROOM_NEEDED = 2 ** 30;

/** A folder on the memory file system, when this is Linux with one that has room and TMPDIR was not chosen. */
export function runTempDir(env: NodeJS.ProcessEnv = process.env, memoryFs = MEMORY_FS): string | null {
  if (env.TMPDIR || process.platform !== 'linux') return null;
  try {
    const stats = fs.statfsSync(memoryFs);
    if (stats.type !== TMPFS || stats.bavail * stats.bsize < ROOM_NEEDED) return null;
    const dir = path.join(memoryFs, `wa-test-${os.userInfo().uid}`);
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    fs.accessSync(dir, fs.constants.W_OK);
    return dir;
  } catch {
    return null;
  }
}
