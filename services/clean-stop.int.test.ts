/**
 * Ctrl+C on `npm start` (docs/operations.md, "Logs"): the terminal sends SIGINT to the whole foreground process
 * group. The server runs here with its embedded PostgreSQL, in a process group of its own, and gets SIGINT the same
 * way. The stop must log no error (it used to: PostgreSQL got the signal too and ended the projection runner's
 * connection under it), exit 0, and leave no PostgreSQL running.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { freePort } from './testing/server-process';
import { serverStartArgs } from '../scripts/server-build';

let child: ChildProcess;
let dataDir: string;
let output = '';
let port = 0;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test.before(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wa-clean-stop-'));
  port = await freePort();
  child = spawn(process.execPath, serverStartArgs(), {
    cwd: process.cwd(),
    // Its own process group, as a terminal's foreground job (and no DATABASE_URL: the embedded PostgreSQL).
    detached: true,
    env: {
      ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', EMBEDDED_PG_PORT: String(await freePort()),
      NODE_ENV: 'development', SEED_ON_START: 'false', LOG_LEVEL: 'info', LOG_FORMAT: 'json', PROCESSES: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => { output += d; });
  child.stderr!.on('data', (d) => { output += d; });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited at start:\n${output}`);
    if (await fetch(`http://127.0.0.1:${port}/ready`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) throw new Error(`the server did not become ready:\n${output}`);
    await sleep(200);
  }
});

test.after(async () => {
  if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (fs.existsSync(pidFile)) {
    try { process.kill(Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]), 'SIGKILL'); } catch { /* gone */ }
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('SIGINT to the process group: every step said, no error-level line, exit 0, PostgreSQL stopped', async () => {
  // The projection runner and the schedulers are at work (they poll every 250 ms); a write wakes them at once.
  await fetch(`http://127.0.0.1:${port}/api/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":"a@b.test","password":"x"}' });
  // 'close', not 'exit': the last lines are read only once its output pipes closed.
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  process.kill(-child.pid!, 'SIGINT');
  const code = await Promise.race([exited, sleep(60_000).then(() => 'hung' as const)]);
  const lines = output.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as { level: number; msg: string });
  assert.is(code, 0, `exit code; output:\n${output}`);
  const errors = lines.filter((l) => l.level >= 50);
  assert.equal(errors, [], `error-level lines:\n${output}`);
  for (const step of [/^\[2\/5\] Started the embedded PostgreSQL/, /^\[3\/5\] Applied \d+ migrations/, /^\[5\/5\] Whisky auction is up on /, /^Stopped: /]) {
    assert.ok(lines.some((l) => step.test(l.msg)), `${step} in:\n${output}`);
  }
  // A clean PostgreSQL shutdown removes its pid file.
  assert.not.ok(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid')), 'PostgreSQL stopped');
});

test.run();
