/**
 * The outbox's sender is woken by the NOTIFY an email's transaction sends on commit: given a sender whose poll is an
 * hour away, an email queued by another connection still goes out (the caps below are waits for a state, an hour
 * short of the poll, not timings). No SMTP here: the transport records what it is given.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../../services/testing/harness';
import { queueEmail, queueEmails } from './outbox';
import { OutboxSender, type MailMessage } from './sender';

const HOUR = 60 * 60 * 1000;
let t: TestApp;
let sender: OutboxSender;
const sent: MailMessage[] = [];
const log = { error() {}, warn() {} };

test.before(async () => {
  // No SMTP_URL: the app runs no sender of its own, only this test's.
  t = await startTestApp({ workers: false });
  sender = new OutboxSender(t.ctx.db, async (message) => { sent.push(message); }, 'house@whisky.test', t.clock, log,
    { databaseUrl: t.ctx.databaseUrl, idleEveryMs: HOUR });
  await sender.start();
  // The passes a start makes (one as the task starts, one as the LISTEN connection opens) are over once an email
  // queued now has gone out: from then on only a wake or the hourly poll runs a pass.
  await queueEmail(t.ctx.db, email('warm-up@whisky.test'));
  await until('the warm-up email', () => sent.length === 1);
  sent.length = 0;
});

test.after(async () => {
  await sender?.stop();
  await t?.close();
});

async function until(what: string, done: () => boolean): Promise<void> {
  const cap = Date.now() + 30_000;
  while (!done()) {
    if (Date.now() > cap) throw new Error(`timed out waiting for ${what} (the sender's poll is an hour away)`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const email = (to: string) => ({ to, subject: `To ${to}`, text: 'Hello', html: '<p>Hello</p>', now: t.clock.now() });

test('given a sender polling hourly, when an email is queued in a transaction, then it is sent once that transaction commits', async () => {
  let queuedBeforeCommit = false;
  await t.ctx.db.transaction().execute(async (trx) => {
    queuedBeforeCommit = await queueEmail(trx, email('first@whisky.test'));
    // Uncommitted, the email exists for nobody else: a sender woken now would find nothing (PostgreSQL holds the
    // NOTIFY until the commit).
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.is(sent.length, 0, 'nothing sent before the commit');
  });
  assert.ok(queuedBeforeCommit);
  await until('the email after its commit', () => sent.length === 1);
  assert.equal([sent[0].to, sent[0].subject, sent[0].from], ['first@whisky.test', 'To first@whisky.test', 'house@whisky.test']);
});

test('given emails queued together, then they are all sent; an email already queued (its dedupe key) is not queued or sent again', async () => {
  const before = sent.length;
  await queueEmails(t.ctx.db, [email('a@whisky.test'), email('b@whisky.test')].map((e) => ({ ...e, dedupe_key: `batch-${e.to}` })));
  await until('both emails', () => sent.length === before + 2);
  assert.is(await queueEmail(t.ctx.db, { ...email('a@whisky.test'), dedupe_key: 'batch-a@whisky.test' }), false);
  // A barrier: a later email goes out, so the sender has run after the duplicate's attempt.
  await queueEmail(t.ctx.db, email('barrier@whisky.test'));
  await until('the barrier email', () => sent.some((m) => m.to === 'barrier@whisky.test'));
  assert.equal(sent.slice(before).map((m) => m.to).sort(), ['a@whisky.test', 'b@whisky.test', 'barrier@whisky.test']);
});

test.run();
