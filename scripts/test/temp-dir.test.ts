import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runTempDir } from './temp-dir';

const isRoomyTmpfs = (dir: string) => {
  try {
    const s = fs.statfsSync(dir);
    return s.type === 0x01021994 && s.bavail * s.bsize >= 2 ** 30;
  } catch { return false; }
};

test('a TMPDIR the user chose is kept', () => {
  assert.is(runTempDir({ TMPDIR: '/somewhere/else' }), null);
});

test('a writable folder on another file system (the checkout\'s, on disk here): the system temporary folder stays', () => {
  const dir = fs.mkdtempSync(path.join(process.cwd(), '.data', 'temp-dir-test-'));
  try {
    const chosen = runTempDir({}, dir);
    // A checkout on tmpfs (some machines mount /tmp so) would rightly be chosen.
    if (isRoomyTmpfs(dir) && process.platform === 'linux') assert.is(chosen, path.join(dir, `wa-test-${os.userInfo().uid}`));
    else assert.is(chosen, null);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a memory file system that does not exist: the system temporary folder stays', () => {
  assert.is(runTempDir({}, '/no/such/memory-fs'), null);
});

test('/dev/shm, when it is a tmpfs with room on Linux: a writable folder of the user\'s in it', () => {
  const dir = runTempDir({});
  if (process.platform !== 'linux' || !isRoomyTmpfs('/dev/shm')) {
    assert.is(dir, null);
    return;
  }
  assert.ok(dir?.startsWith('/dev/shm/wa-test-'), String(dir));
  fs.accessSync(dir!, fs.constants.W_OK);
  assert.ok(isRoomyTmpfs(dir!));
});

test.run();
