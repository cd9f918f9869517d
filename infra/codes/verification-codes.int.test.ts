import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../../services/testing/harness';
import { checkCode, issueCode, MAX_WRONG_TRIES, type CodeSubject } from './verification-codes';

let t: TestApp;
test.before(async () => {
  t = await startTestApp({ workers: false });
});
test.after(async () => {
  await t.close();
});

const subject = (subjectId: string, userId = '00000000-0000-4000-8000-000000000001'): CodeSubject => ({ userId, purpose: 'withdrawal', subjectId });
const issue = (s: CodeSubject) => t.ctx.db.transaction().execute((trx) => issueCode(t.ctx, trx, s));
const check = (s: CodeSubject, code: string) => t.ctx.db.transaction().execute((trx) => checkCode(t.ctx, trx, s, code));
const wrong = (code: string) => (code === '000000' ? '000001' : '000000');

test('a code is six digits, works once, and only its hash is stored', async () => {
  const s = subject('w-1');
  const { code, expiresAt } = await issue(s);
  assert.match(code, /^\d{6}$/);
  assert.is(expiresAt.getTime() - t.clock.now().getTime(), 10 * 60 * 1000);
  const stored = (await sql<{ code_hash: string }>`SELECT code_hash FROM verification_codes`.execute(t.ctx.db)).rows;
  assert.ok(stored.every((r) => !r.code_hash.includes(code) && r.code_hash.length === 64));
  assert.equal(await check(s, code), { ok: true });
  assert.equal(await check(s, code), { ok: false, reason: 'none' }, 'single use');
});

test('bound to its subject and its user', async () => {
  const { code } = await issue(subject('w-2'));
  assert.is((await check(subject('w-3'), code)).ok, false);
  assert.is((await check(subject('w-2', '00000000-0000-4000-8000-000000000002'), code)).ok, false);
  assert.equal(await check(subject('w-2'), code), { ok: true });
});

test('wrong tries are counted; the fifth ends the code even for the right digits', async () => {
  const s = subject('w-4');
  const { code } = await issue(s);
  for (let i = 1; i < MAX_WRONG_TRIES; i++) assert.equal(await check(s, wrong(code)), { ok: false, reason: 'wrong', triesLeft: MAX_WRONG_TRIES - i });
  assert.equal(await check(s, 'abc'), { ok: false, reason: 'too_many' }, 'malformed input counts as a wrong try');
  assert.equal(await check(s, code), { ok: false, reason: 'too_many' });
});

test('expires after 10 minutes; a new code makes the old one stop working', async () => {
  const s = subject('w-5');
  const first = await issue(s);
  t.clock.advance(10 * 60 * 1000 + 1);
  assert.equal(await check(s, first.code), { ok: false, reason: 'expired' });
  const second = await issue(s);
  if (second.code !== first.code) assert.is((await check(s, first.code)).ok, false);
  assert.equal(await check(s, second.code), { ok: true });
});

test('concurrent tries are counted one after the other', async () => {
  const s = subject('w-6');
  const { code } = await issue(s);
  const results = await Promise.all(Array.from({ length: 8 }, () => check(s, wrong(code))));
  assert.is(results.filter((r) => r.ok === false && r.reason === 'too_many').length, 4);
  const { rows } = await sql<{ attempts: number }>`SELECT attempts FROM verification_codes WHERE subject_id = 'w-6'`.execute(t.ctx.db);
  assert.is(rows[0].attempts, MAX_WRONG_TRIES);
});

test.run();
