/**
 * The server bundle (scripts/server-build.ts) is what `npm start` runs: given a bundle built from this checkout, when
 * a server process starts from it with the projections on their thread, then each worker thread it starts runs from
 * its own bundled entry: a password change hashes on a hashing thread, a sign-in with the new password is checked on
 * the sign-in thread, and a profile change is answered once the projections thread has the read models.
 */
import fs from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, TestClock, type TestApp } from '../services/testing/harness';
import { createTestUser, type TestUser } from '../services/testing/users';
import { spawnServer, type ServerProcess } from '../services/testing/server-process';
import { serverBundle } from './server-build';

let t: TestApp;
let user: TestUser;
let server: ServerProcess;

test.before(async () => {
  // Real time: the server checks the user's token against its own clock.
  t = await startTestApp({ workers: false, clock: new TestClock(new Date()) });
  user = await createTestUser(t, { firstName: 'Before' });
  server = await spawnServer({
    DATABASE_URL: t.database.url, TOKEN_SECRET: t.ctx.config.tokenSecret!, NODE_ENV: 'test', LOG_LEVEL: 'warn',
    SEED_ON_START: 'false', PROJECTIONS_THREAD: '1', SIGN_IN_THREAD: '1', LOG_FORMAT: 'json',
  });
});

test.after(async () => {
  await server?.stop();
  await t?.close();
});

const call = (method: string, path: string, body: unknown, access?: string) => fetch(`${server.url}${path}`, {
  method, headers: { 'content-type': 'application/json', ...(access ? { authorization: `Bearer ${access}` } : {}) }, body: JSON.stringify(body),
});

test('the bundle is built from this checkout, with an entry for each worker thread beside it', () => {
  assert.ok(serverBundle.isFresh(), 'no source file is newer than the bundle');
  for (const thread of ['sign-in', 'projections', 'hash']) {
    assert.ok(fs.existsSync(`${serverBundle.dir}/${thread}-thread.mjs`), `${thread}-thread.mjs`);
  }
  assert.ok(fs.readFileSync(serverBundle.main, 'utf8').includes('sourceMappingURL=main.mjs.map'), 'stack traces map to the sources');
});

test('a server started from the bundle hashes, signs in and projects on its threads', async () => {
  const changed = await call('POST', '/api/auth/users/set_password/', { current_password: user.password, new_password: 'Bundled!Dram2026' }, user.access);
  assert.is(changed.status, 200, await changed.text());

  const old = await call('POST', '/api/auth/login/', { email: user.email, password: user.password });
  assert.is(old.status, 400, 'the old password no longer signs in');
  const signedIn = await call('POST', '/api/auth/login/', { email: user.email, password: 'Bundled!Dram2026' });
  const session = await signedIn.json() as { access: string };
  assert.is(signedIn.status, 200, JSON.stringify(session));

  const patched = await call('PATCH', `/api/users/${user.id}/`, { first_name: 'Bundled' }, session.access);
  assert.is(patched.status, 200, await patched.text());
  const current = await fetch(`${server.url}/api/users/current/`, { headers: { authorization: `Bearer ${session.access}` } });
  assert.is((await current.json() as { first_name: string }).first_name, 'Bundled', 'the users read model has the change');
  // A thread that cannot load its entry is logged as an error (and the work falls back to the event loop).
  const errors = server.output().split('\n').filter((line) => /"level":(50|60)/.test(line));
  assert.equal(errors, [], 'no error logged: every thread loaded its bundled entry');
});

test.run();
