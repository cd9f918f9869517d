import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { removeStaleClusters } from './stale-clusters';

/**
 * A cluster folder as a run leaves it: `postgres/` with a postmaster.pid naming `pid` (none when null), and the
 * postmaster.opts a server writes at its start when `started`.
 */
function cluster(dir: string, name: string, pid: number | null, ageMs = 0, started = pid !== null && pid > 0): void {
  const data = path.join(dir, name, 'postgres');
  fs.mkdirSync(data, { recursive: true });
  if (pid !== null) fs.writeFileSync(path.join(data, 'postmaster.pid'), `${pid}\n${data}\n1764450000\n54321\n/tmp\n127.0.0.1\n`);
  if (started) fs.writeFileSync(path.join(data, 'postmaster.opts'), `/usr/lib/postgresql/bin/postgres "-D" "${data}"\n`);
  const at = new Date(Date.now() - ageMs);
  fs.utimesSync(path.join(dir, name), at, at);
}

/** The pid of a process that has ended. */
const endedPid = () => spawnSync(process.execPath, ['-e', '0']).pid!;

test('given clusters of ended, running and starting servers, when a run starts, then only the ended ones are removed', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stale-clusters-'));
  try {
    const hour = 60 * 60_000;
    cluster(dir, 'wa-test-pg-ended', endedPid());
    // Killed while initdb ran: its standalone backend writes its pid negated.
    cluster(dir, 'wa-test-pg-ended-in-initdb', -endedPid());
    cluster(dir, 'wa-test-pg-in-initdb', -process.pid);
    cluster(dir, 'wa-test-pg-running', process.pid);
    cluster(dir, 'wa-test-pg-starting', null);
    // Stopped with Ctrl+C: its server shut down and removed its pid file.
    cluster(dir, 'wa-test-pg-stopped', null, 0, true);
    cluster(dir, 'wa-test-pg-abandoned', null, 2 * hour);
    cluster(dir, 'not-a-run-cluster', endedPid());
    fs.writeFileSync(path.join(dir, 'wa-test-pg-file'), 'a file, not a cluster');

    assert.equal(removeStaleClusters(dir).sort(), ['wa-test-pg-abandoned', 'wa-test-pg-ended', 'wa-test-pg-ended-in-initdb', 'wa-test-pg-stopped']);
    assert.equal(fs.readdirSync(dir).sort(), ['not-a-run-cluster', 'wa-test-pg-file', 'wa-test-pg-in-initdb', 'wa-test-pg-running', 'wa-test-pg-starting']);
    assert.equal(removeStaleClusters(dir), [], 'nothing more the second time');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a folder that is not there removes nothing', () => {
  assert.equal(removeStaleClusters(path.join(os.tmpdir(), 'stale-clusters-none-such')), []);
});

test.run();
