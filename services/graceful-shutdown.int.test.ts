/**
 * The real server as a child process (the bundle `npm start` runs): SIGTERM stops new connections, lets a
 * request that is already in flight finish with its full answer, and the process exits 0.
 */
import net from 'node:net';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createTestDatabase, type TestDatabase } from './testing/harness';
import { serverStartArgs } from '../scripts/server-build';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

let database: TestDatabase;
let child: ChildProcess | null = null;
let output = '';
let port = 0;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port: p } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(p));
    });
  });
}

/** Rejects after `ms` with `what` and the server's output, so a hang fails the test instead of the run. */
function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_r, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}; server output:\n${output}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** 'connected' or the connection error code (ECONNREFUSED once the server stopped listening). */
function tryConnect(): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => { socket.destroy(); resolve('connected'); });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? String(error)));
  });
}

async function waitForHealth(): Promise<void> {
  for (;;) {
    if (child?.exitCode !== null) throw new Error(`the server exited early:\n${output}`);
    const ok = await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.status === 200, () => false);
    if (ok) return;
    await sleep(100);
  }
}

test.before(async () => {
  database = await createTestDatabase();
  port = await freePort();
  child = spawn(process.execPath, serverStartArgs(), {
    cwd: ROOT,
    env: {
      ...process.env, DATABASE_URL: database.url, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production',
      TOKEN_SECRET: randomBytes(48).toString('base64url'), LOG_LEVEL: 'warn', SMTP_URL: '', MAIL_LOCAL: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => { output += chunk; });
  child.stderr!.on('data', (chunk) => { output += chunk; });
  await within(60_000, 'GET /health', waitForHealth());
});

test.after(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await database?.drop();
});

test('SIGTERM: an in-flight request gets its full answer, new connections are refused, the process exits 0', async () => {
  const proc = child!;
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => {
    proc.once('exit', (code, signal) => resolve({ code, signal }));
  });

  // A login whose body has not arrived yet: "100 Continue" proves the server has the request in hand.
  const body = JSON.stringify({ email: 'nobody@whisky.test', password: 'Wrong!Pass123' });
  const socket = net.connect(port, '127.0.0.1');
  let response = '';
  socket.on('data', (chunk) => { response += chunk.toString('utf8'); });
  const ended = new Promise<void>((resolve) => { socket.once('close', () => resolve()); });
  socket.on('error', () => {});
  socket.write([
    'POST /api/auth/login/ HTTP/1.1', `Host: 127.0.0.1:${port}`, 'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`, 'Expect: 100-continue', 'Connection: close', '', '',
  ].join('\r\n'));
  await within(15_000, '100 Continue', (async () => {
    while (!response.includes('100 Continue')) await sleep(10);
  })());

  assert.ok(proc.kill('SIGTERM'));

  // The listener closes at once: new connections are refused while the in-flight request is still open.
  await within(15_000, 'new connections to be refused', (async () => {
    for (;;) {
      const outcome = await tryConnect();
      if (outcome === 'ECONNREFUSED') return;
      await sleep(20);
    }
  })());
  assert.is(proc.exitCode, null, 'still running: the in-flight request holds the shutdown');

  socket.write(body);
  await within(30_000, 'the in-flight answer', ended);
  const final = response.slice(response.lastIndexOf('HTTP/1.1 '));
  assert.match(final, /^HTTP\/1\.1 400 /, `the request was answered in full; got: ${JSON.stringify(response)} (server exit: ${proc.exitCode ?? proc.signalCode})`);
  const [, payload] = final.split('\r\n\r\n');
  assert.equal(JSON.parse(payload), { detail: 'Unable to log in with provided credentials.' });

  const exit = await within(30_000, 'the process to exit', exited);
  assert.equal(exit, { code: 0, signal: null }, `exit status; server output:\n${output}`);
  assert.is(await tryConnect(), 'ECONNREFUSED');
});

test.run();
