import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../../services/testing/harness';
import { queueEmail, readMailbox } from './outbox';
import { backoffMs, deliverDue, MAX_ATTEMPTS, type MailMessage } from './sender';

let t: TestApp;

const email = (n: number, extra: { dedupe_key?: string } = {}) => ({
  to: `reader${n}@whisky.test`, subject: `Subject ${n}`, text: `Text ${n}`, html: `<p>Text ${n}</p>`, now: t.clock.now(), ...extra,
});

async function statusOf(to: string): Promise<{ status: string; attempts: number; next_attempt_at: Date; last_error: string | null }> {
  const { rows } = await sql<{ status: string; attempts: number; next_attempt_at: Date; last_error: string | null }>`
    SELECT status, attempts, next_attempt_at, last_error FROM email_outbox WHERE to_address = ${to}`.execute(t.ctx.db);
  return rows[0];
}

test.before(async () => {
  t = await startTestApp({ workers: false });
});

test.after(async () => {
  await t.close();
});

test('an email queued twice with the same key (e.g. a retried writer) is kept once', async () => {
  assert.is(await queueEmail(t.ctx.db, email(1, { dedupe_key: 'event-123' })), true);
  assert.is(await queueEmail(t.ctx.db, email(1, { dedupe_key: 'event-123' })), false);
  assert.is((await readMailbox(t.ctx.db, { to: 'reader1@whisky.test' })).length, 1);
});

test('an email queued in a transaction that rolls back never exists', async () => {
  await t.ctx.db.transaction().execute(async (trx) => {
    await queueEmail(trx, email(2));
    throw new Error('the causing change failed');
  }).catch(() => {});
  assert.is((await readMailbox(t.ctx.db, { to: 'reader2@whisky.test' })).length, 0);
});

test('GET /api/dev/mailbox/ lists emails newest first; 404 in production or with SMTP', async () => {
  await queueEmail(t.ctx.db, email(3));
  await queueEmail(t.ctx.db, email(4));
  const res = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox/' });
  assert.is(res.statusCode, 200);
  const list = res.json();
  assert.equal(list.slice(0, 2), [
    { to: 'reader4@whisky.test', subject: 'Subject 4', text: 'Text 4', html: '<p>Text 4</p>', created_at: t.clock.now().toISOString() },
    { to: 'reader3@whisky.test', subject: 'Subject 3', text: 'Text 3', html: '<p>Text 3</p>', created_at: t.clock.now().toISOString() },
  ]);
  const filtered = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox/?to=READER3@whisky.test' });
  assert.equal(filtered.json().map((m: { to: string }) => m.to), ['reader3@whisky.test']);

  const config = t.ctx.config;
  try {
    t.ctx.config = { ...config, production: true };
    assert.equal((await t.app.inject({ method: 'GET', url: '/api/dev/mailbox/' })).statusCode, 404);
    t.ctx.config = { ...config, smtpUrl: 'smtp://mail.example:25' };
    assert.equal((await t.app.inject({ method: 'GET', url: '/api/dev/mailbox/' })).statusCode, 404);
  } finally {
    t.ctx.config = config;
  }
});

test('the dev mailbox answers only callers on this machine: anyone else gets the plain 404', async () => {
  const get = (remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/dev/mailbox/', remoteAddress, headers });
  for (const local of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '127.0.0.2']) assert.is((await get(local)).statusCode, 200, local);
  for (const remote of ['203.0.113.5', '10.0.0.7', '::ffff:192.168.1.2', '2001:db8::1']) {
    const res = await get(remote);
    assert.is(res.statusCode, 404, remote);
    assert.equal(res.json(), { detail: 'Not found.' });
  }
  // Naming itself loopback in X-Forwarded-For does not help a remote caller.
  assert.is((await get('203.0.113.5', { 'x-forwarded-for': '127.0.0.1' })).statusCode, 404);
});

test('the sender sends due emails once and marks them sent', async () => {
  const sent: MailMessage[] = [];
  const count = await deliverDue(t.ctx.db, async (m) => { sent.push(m); }, 'Whisky <no-reply@whisky.test>', t.clock.now(), 100);
  assert.is(count, 3);
  assert.equal(sent.map((m) => m.to).sort(), ['reader1@whisky.test', 'reader3@whisky.test', 'reader4@whisky.test']);
  assert.equal(sent.find((m) => m.to === 'reader3@whisky.test'), { from: 'Whisky <no-reply@whisky.test>', to: 'reader3@whisky.test', subject: 'Subject 3', text: 'Text 3', html: '<p>Text 3</p>' });
  assert.is((await statusOf('reader3@whisky.test')).status, 'sent');
  assert.is(await deliverDue(t.ctx.db, async (m) => { sent.push(m); }, 'x', t.clock.now()), 0, 'nothing is sent twice');
});

test('while SMTP talks no transaction is open, and a second sender meanwhile leaves the email alone', async () => {
  await queueEmail(t.ctx.db, email(7));
  const during: { openTransactions: number; secondSender: number }[] = [];
  const slowSend = async () => {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND (state LIKE 'idle in transaction%' OR backend_xid IS NOT NULL) AND pid <> pg_backend_pid()`.execute(t.ctx.db);
    const second = await deliverDue(t.ctx.db, async () => { throw new Error('sent twice'); }, 'x', t.clock.now());
    during.push({ openTransactions: rows[0].n, secondSender: second });
  };
  assert.is(await deliverDue(t.ctx.db, slowSend, 'x', t.clock.now()), 1);
  assert.equal(during, [{ openTransactions: 0, secondSender: 0 }]);
  const row = await statusOf('reader7@whisky.test');
  assert.equal([row.status, row.attempts, row.last_error], ['sent', 1, null]);
});

test('a failing send is retried with growing backoff, then marked failed', async () => {
  await queueEmail(t.ctx.db, email(9));
  const failing = async () => { throw new Error('421 try later'); };
  let now = t.clock.now();
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    assert.is(await deliverDue(t.ctx.db, failing, 'x', now), 0);
    const row = await statusOf('reader9@whisky.test');
    assert.is(row.attempts, attempt);
    assert.is(row.last_error, '421 try later');
    if (attempt < MAX_ATTEMPTS) {
      assert.is(row.status, 'pending');
      assert.is(row.next_attempt_at.getTime(), now.getTime() + backoffMs(attempt));
      assert.is(await deliverDue(t.ctx.db, failing, 'x', new Date(row.next_attempt_at.getTime() - 1)), 0, 'not before its time');
      assert.is((await statusOf('reader9@whisky.test')).attempts, attempt);
      now = row.next_attempt_at;
    } else {
      assert.is(row.status, 'failed');
    }
  }
  assert.equal([backoffMs(1), backoffMs(2), backoffMs(3), backoffMs(20)], [30_000, 60_000, 120_000, 3_600_000]);
});

test.run();
