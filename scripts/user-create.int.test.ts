/**
 * `npm run user:create` (issue #17), run as a user runs it (its own process, against a house's database): it says the
 * account was created once it is, waits for the users view only, and exits 0; a refused account is exit 1 with the
 * reason, and nothing is created twice.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../services/testing/harness';

const run = promisify(execFile);
let t: TestApp;

test.before(async () => {
  t = await startTestApp();
});
test.after(async () => t.close());

async function userCreate(email: string): Promise<{ code: number; out: string }> {
  const env = { ...process.env, DATABASE_URL: t.database.url, NODE_ENV: 'test', LOG_LEVEL: 'warn' };
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/user-create.ts', '--email', email, '--password', 'Script!Pass123', '--fee-paid'], { env, timeout: 60_000 });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, out: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

const accounts = async (email: string) =>
  (await sql<{ n: number }>`SELECT count(*)::int AS n FROM users WHERE email = ${email}`.execute(t.ctx.db)).rows[0].n;

test('creates the account, says so, exits 0; the same email again is refused with exit 1 and no second account', async () => {
  const first = await userCreate('script-one@whisky.test');
  assert.is(first.code, 0, first.out);
  assert.match(first.out, /Created user script-one@whisky\.test \([0-9a-f-]{36}\)\./);
  assert.not.match(first.out, /Warning/);
  assert.is(await accounts('script-one@whisky.test'), 1);
  const again = await userCreate('script-one@whisky.test');
  assert.is(again.code, 1, again.out);
  assert.match(again.out, /^Refused: /m);
  await t.ctx.projections.settle();
  assert.is(await accounts('script-one@whisky.test'), 1);
});

test.run();
