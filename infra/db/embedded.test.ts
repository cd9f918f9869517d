import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runningEmbeddedUrl } from './embedded';

/** A data folder whose postgres/postmaster.pid names `pid` and `port` (PostgreSQL's layout: pid first, port fourth). */
function dataDirWith(pid: number, port: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wa-pidfile-'));
  fs.mkdirSync(path.join(dir, 'postgres'));
  fs.writeFileSync(path.join(dir, 'postgres', 'postmaster.pid'), `${pid}\n${dir}/postgres\n1795789866\n${port}\n/tmp\n127.0.0.1\n`);
  return dir;
}

test('a running server of the data folder is found through its postmaster.pid', () => {
  const dir = dataDirWith(process.pid, 54329);
  assert.is(runningEmbeddedUrl(dir), 'postgres://postgres:postgres@127.0.0.1:54329/postgres');
  fs.rmSync(dir, { recursive: true });
});

test('no pid file, a stale one (its process gone) or a malformed one: none is running', () => {
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'wa-pidfile-'));
  assert.is(runningEmbeddedUrl(empty), null);
  // Above the kernel's pid_max (4194304 at most): no such process.
  const stale = dataDirWith(4_194_305, 54329);
  assert.is(runningEmbeddedUrl(stale), null);
  const malformed = dataDirWith(process.pid, 0);
  assert.is(runningEmbeddedUrl(malformed), null);
  for (const dir of [empty, stale, malformed]) fs.rmSync(dir, { recursive: true });
});

test.run();
