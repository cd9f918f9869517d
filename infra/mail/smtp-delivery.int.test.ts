/**
 * The outbox over real SMTP: a minimal plain-text SMTP server on a loopback port receives what the app's own
 * background sender (started by the accounts feature when SMTP_URL is set) delivers.
 */
import net from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../../services/testing/harness';
import { call, registrationForm } from '../../services/accounts/testing';
import { queueEmail } from './outbox';
import { backoffMs } from './sender';

interface Received { from: string; to: string[]; data: string }
type Failure = { at: 'RCPT' | 'DATA'; reply: string } | null;

/** Enough SMTP for nodemailer: greeting, EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT. No TLS, no AUTH. */
function startSmtpServer(): Promise<{ port: number; received: Received[]; fail(f: Failure): void; close(): Promise<void> }> {
  const received: Received[] = [];
  const sockets = new Set<net.Socket>();
  let failure: Failure = null;
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let buffer = '';
    let inData = false;
    let data: string[] = [];
    let envelope: Received = { from: '', to: [], data: '' };
    const say = (line: string) => socket.write(`${line}\r\n`);
    const onLine = (line: string) => {
      if (inData) {
        if (line !== '.') return void data.push(line.startsWith('..') ? line.slice(1) : line);
        inData = false;
        if (failure?.at === 'DATA') return say(failure.reply);
        received.push({ ...envelope, data: data.join('\r\n') });
        return say('250 2.0.0 Queued');
      }
      const verb = line.slice(0, 4).toUpperCase();
      const address = /<([^>]*)>/.exec(line)?.[1] ?? '';
      switch (verb) {
        case 'EHLO': return say('250 smtp.test');
        case 'HELO': return say('250 smtp.test');
        case 'MAIL': envelope = { from: address, to: [], data: '' }; return say('250 2.1.0 Ok');
        case 'RCPT':
          if (failure?.at === 'RCPT') return say(failure.reply);
          envelope.to.push(address);
          return say('250 2.1.5 Ok');
        case 'DATA': inData = true; data = []; return say('354 End data with <CR><LF>.<CR><LF>');
        case 'RSET': envelope = { from: '', to: [], data: '' }; return say('250 2.0.0 Ok');
        case 'NOOP': return say('250 2.0.0 Ok');
        case 'QUIT': say('221 2.0.0 Bye'); return void socket.end();
        default: return say('502 5.5.2 Command not recognised');
      }
    };
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (let at = buffer.indexOf('\r\n'); at >= 0; at = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        onLine(line);
      }
    });
    say('220 smtp.test ESMTP test server');
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve({
      port: (server.address() as net.AddressInfo).port,
      received,
      fail: (f) => { failure = f; },
      close: () => new Promise<void>((done) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => done());
      }),
    }));
  });
}

/** The message text as written (quoted-printable soft breaks and =XX escapes undone). */
function decodeQuotedPrintable(data: string): string {
  return data.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Polls until `fn` answers something truthy; fails the test after `ms` (the sender polls every 2 s). */
async function eventually<T>(what: string, fn: () => Promise<T | undefined | null | false> | T | undefined | null | false, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (value) return value as T;
    if (Date.now() > until) throw new assert.Assertion({ message: `timed out waiting for ${what}`, operator: 'eventually', generated: true } as never);
    await new Promise((r) => setTimeout(r, 50));
  }
}

interface OutboxRow { status: string; attempts: number; next_attempt_at: Date; sent_at: Date | null; last_error: string | null; text_body: string }

async function outboxRow(to: string): Promise<OutboxRow> {
  const { rows } = await sql<OutboxRow>`
    SELECT status, attempts, next_attempt_at, sent_at, last_error, text_body FROM email_outbox WHERE to_address = ${to}`.execute(t.ctx.db);
  assert.is(rows.length, 1, `one outbox row for ${to}`);
  return rows[0];
}

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;

const to = (address: string) => smtp.received.filter((m) => m.to.includes(address));

test.before(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, mailFrom: 'Whisky Auction <no-reply@whisky.test>' } });
});

test.after(async () => {
  await t?.close();
  await smtp?.close();
});

test('a registration email goes out over SMTP with its verification link, and is marked sent', async () => {
  const address = 'smtp.reader@whisky.test';
  assert.is((await call(t, 'POST', '/api/auth/register/', registrationForm({ email: address }))).statusCode, 201);

  const [message] = await eventually('the email at the SMTP server', () => to(address).length > 0 && to(address));
  assert.equal([message.from, message.to], ['no-reply@whisky.test', [address]]);
  const body = decodeQuotedPrintable(message.data);
  assert.match(body, /^Subject: Confirm your email address$/m);
  const link = new RegExp(`${t.ctx.config.publicUrl}/\\?submit_token=([\\w-]{43})`).exec(body);
  assert.ok(link, 'the body carries the /?submit_token= link');

  const row = await eventually('the row marked sent', async () => {
    const r = await outboxRow(address);
    return r.status === 'sent' && r;
  });
  assert.ok(row.text_body.includes(link[0]), 'the link sent is the one queued');
  assert.equal([row.attempts, row.last_error, row.sent_at?.toISOString()], [1, null, t.clock.now().toISOString()]);
  assert.is(to(address).length, 1);

  const mailbox = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox/' });
  assert.is(mailbox.statusCode, 404, 'no developer mailbox when SMTP is configured');
});

test('a refused delivery (451 at RCPT, then 554 at DATA) stays pending with backoff; a later attempt sends it once', async () => {
  const address = 'retry.reader@whisky.test';
  smtp.fail({ at: 'RCPT', reply: '451 4.3.0 Mailbox temporarily unavailable' });
  const start = t.clock.now();
  assert.is((await call(t, 'POST', '/api/auth/register/', registrationForm({ email: address }))).statusCode, 201);

  const first = await eventually('the first failed attempt', async () => {
    const r = await outboxRow(address);
    return r.attempts === 1 && r;
  });
  assert.is(first.status, 'pending');
  assert.match(String(first.last_error), /451/);
  assert.is(first.next_attempt_at.getTime(), start.getTime() + backoffMs(1));
  assert.is(to(address).length, 0);

  smtp.fail({ at: 'DATA', reply: '554 5.7.1 Message rejected' });
  t.clock.set(first.next_attempt_at);
  const second = await eventually('the second failed attempt', async () => {
    const r = await outboxRow(address);
    return r.attempts === 2 && r;
  });
  assert.is(second.status, 'pending');
  assert.match(String(second.last_error), /554/);
  assert.is(second.next_attempt_at.getTime(), first.next_attempt_at.getTime() + backoffMs(2));
  assert.is(to(address).length, 0, 'a message refused at DATA was not accepted');

  smtp.fail(null);
  t.clock.set(second.next_attempt_at);
  const sent = await eventually('the retry marked sent', async () => {
    const r = await outboxRow(address);
    return r.status === 'sent' && r;
  });
  assert.equal([sent.attempts, sent.last_error, sent.sent_at?.toISOString()], [3, null, second.next_attempt_at.toISOString()]);

  // A barrier: once a later email has gone out, the sender has run again after marking ours sent (and far past
  // any backoff), so a second copy would have been sent by then.
  t.clock.advance(24 * 60 * 60 * 1000);
  const marker = 'marker@whisky.test';
  await queueEmail(t.ctx.db, { to: marker, subject: 'Marker', text: 'Marker', html: '<p>Marker</p>', now: t.clock.now() });
  await eventually('the marker email', () => to(marker).length > 0);
  assert.is(to(address).length, 1, 'sent exactly once');
  assert.match(decodeQuotedPrintable(to(address)[0].data), /\/\?submit_token=[\w-]{43}/);
});

test.run();
