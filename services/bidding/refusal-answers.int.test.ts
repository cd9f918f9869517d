/**
 * The exact answers of refused bids, byte for byte on the wire (status line, every header in order, body), recorded
 * when refusals were still thrown through the error handler (issue #22): answering them as values (bid-outcome.ts)
 * must not change a byte. Also the Idempotency-Key cases where a refusal is the retry of an accepted bid
 * (idempotency.ts), and the refusal metrics.
 */
import net from 'node:net';
import { randomUUID } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../testing/harness';
import { createTestUser, type TestUser } from '../testing/users';
import { createContext } from '../context';
import { buildApp } from '../app';
import { KEY_REUSED } from './idempotency';
import { createLot, MINUTE } from './testing';

let t: TestApp;
let port = 0;
let seller: TestUser;
let alice: TestUser;
let bob: TestUser;
let unpaid: TestUser;
const thrown: Error[] = [];

test.before(async () => {
  // Errors that go through Fastify's error path (a refusal answered as a value never does).
  t = await startTestApp({ workers: false, prepare: (app) => { app.addHook('onError', async (_request, _reply, error) => { thrown.push(error); }); } });
  port = await listen(t.app);
  [seller, alice, bob, unpaid] = await Promise.all([
    createTestUser(t, { feePaid: true }), createTestUser(t, { feePaid: true }), createTestUser(t, { feePaid: true }), createTestUser(t, { feePaid: false }),
  ]);
});

test.after(async () => {
  await t.close();
});

async function listen(app: TestApp['app']): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as net.AddressInfo).port;
}

/** Every header the API's error path sends, in its order (the request id is the one sent). */
const HEAD = [
  "content-security-policy: default-src 'none';frame-ancestors 'none'",
  'x-content-type-options: nosniff',
  'x-frame-options: DENY',
  'referrer-policy: strict-origin-when-cross-origin',
  'cross-origin-resource-policy: same-origin',
  'x-request-id: refusal-answer',
  'content-type: application/json; charset=utf-8',
];

/** The answer as it goes on the wire, the Date header aside. */
function wire(status: string, body: string): string {
  return [`HTTP/1.1 ${status}`, ...HEAD, `content-length: ${Buffer.byteLength(body)}`, 'Date: -', 'Connection: close', '', body].join('\r\n');
}

/** POST /api/bids/ over a raw socket: the answer's bytes as sent. */
function postRaw(user: TestUser | null, payload: unknown, headers: string[] = [], to = port): Promise<string> {
  const body = Buffer.from(JSON.stringify(payload));
  const head = [
    'POST /api/bids/ HTTP/1.1', `Host: 127.0.0.1:${to}`, 'Content-Type: application/json', `Content-Length: ${body.length}`,
    'X-Request-Id: refusal-answer', 'Connection: close', ...(user ? [`Authorization: Bearer ${user.access}`] : []), ...headers,
  ];
  return new Promise((resolve, reject) => {
    const socket = net.connect(to, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8').replace(/\r\nDate: [^\r]*\r\n/, '\r\nDate: -\r\n')));
    socket.on('error', reject);
    socket.write(Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`), body]));
  });
}

const lot = (options: Parameters<typeof createLot>[2] = {}) => createLot(t.ctx, t.clock.now(), { sellerId: seller.id, ...options });
const refused = (detail: string) => wire('400 Bad Request', JSON.stringify({ detail }));
const bodyOf = (answer: string) => answer.slice(answer.indexOf('\r\n\r\n') + 4);
const statusOf = (answer: string) => answer.slice(0, answer.indexOf('\r\n'));

/** A counter's value in the process's metrics text (0 when the series does not exist yet). */
async function counter(series: string): Promise<number> {
  const { body } = await t.ctx.metrics.text();
  const line = body.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

test('each kind of refusal answers exactly as before, and writes nothing', async () => {
  const { lotId } = await lot({ endsInMs: 10 * MINUTE });
  assert.is(await postRaw(alice, { bid: '5', lot: randomUUID() }), wire('404 Not Found', '{"detail":"Lot not found."}'));
  assert.is(await postRaw(alice, { bid: '1', lot: lotId }), refused('Your bid must be at least £10.'));
  assert.is(await postRaw(seller, { bid: '20', lot: lotId }), refused('You cannot bid on your own lot.'));
  assert.is(await postRaw(unpaid, { bid: '20', lot: lotId }), refused('Please pay the registration fee before placing your first bid.'));
  assert.is(await postRaw(alice, { bid: '20000000', lot: lotId }), refused('Your bid cannot be more than £10,000,000.'));
  assert.is(statusOf(await postRaw(alice, { bid: '100', lot: lotId })), 'HTTP/1.1 201 Created');
  // The leader lowering their own maximum; a bid under the new minimum; compression asked for (a refusal is too small).
  assert.is(await postRaw(alice, { bid: '50', lot: lotId }), refused('Your new maximum bid must be higher than your current maximum bid of £100.'));
  assert.is(await postRaw(bob, { bid: '12.50', lot: lotId }, ['Accept-Encoding: gzip, deflate, br']), refused('Your bid must be at least £15.'));

  const saved = t.clock.now();
  try {
    t.clock.advance(10 * MINUTE);
    assert.is(await postRaw(bob, { bid: '200', lot: lotId }), refused('Bidding on this lot has ended.'));
  } finally {
    t.clock.set(saved);
  }
});

test('the answers that are not decisions keep their shape too (401, field errors)', async () => {
  const { lotId } = await lot();
  assert.is(await postRaw(null, { bid: '10', lot: lotId }), wire('401 Unauthorized', '{"detail":"Authentication credentials were not provided."}'));
  assert.is(await postRaw(alice, { bid: 'ten', lot: lotId }), wire('400 Bad Request', '{"bid":["Enter your bid in pounds, e.g. 125 or 125.50."]}'));
});

test('a keyed refusal answers as an unkeyed one; one that only looks like a replay too', async () => {
  const { lotId } = await lot();
  assert.is(statusOf(await postRaw(alice, { bid: '100', lot: lotId })), 'HTTP/1.1 201 Created');
  const key = () => `Idempotency-Key: bid-${randomUUID()}`;
  assert.is(await postRaw(bob, { bid: '12', lot: lotId }, [key()]), refused('Your bid must be at least £15.'));
  // Alice's maximum is 100 already: the key is looked up, nothing is kept under it, the refusal stands.
  assert.is(await postRaw(alice, { bid: '100', lot: lotId }, [key()]), refused('Your new maximum bid must be higher than your current maximum bid of £100.'));
});

test('a refusal that is the retry of an accepted keyed bid answers the kept answer, in another process too', async () => {
  const { lotId } = await lot();
  const key = `Idempotency-Key: bid-${randomUUID()}`;
  const first = await postRaw(alice, { bid: '30', lot: lotId }, [key]);
  assert.is(statusOf(first), 'HTTP/1.1 201 Created');
  assert.is(bodyOf(await postRaw(alice, { bid: '30', lot: lotId }, [key])), bodyOf(first));

  // A new process: nothing in memory, the retry is decided again (refused: not above her own maximum), then found.
  const ctx2 = createContext(t.ctx.config, t.database.url, { clock: t.clock, poolSize: 2 });
  const app2 = await buildApp(ctx2);
  try {
    const port2 = await listen(app2);
    const replay = await postRaw(alice, { bid: '30.00', lot: lotId }, [key], port2);
    assert.is(statusOf(replay), 'HTTP/1.1 201 Created');
    // Kept as jsonb: the same answer, its keys in jsonb's order (as before).
    assert.equal(JSON.parse(bodyOf(replay)), JSON.parse(bodyOf(first)));
    // The same key for a lower amount is refused too, then found kept for another request: 409.
    const reused = await postRaw(alice, { bid: '20', lot: lotId }, [key], port2);
    assert.is(reused, wire('409 Conflict', JSON.stringify({ detail: KEY_REUSED })));
  } finally {
    await app2.close();
    await ctx2.db.destroy();
  }
});

test('a refusal is answered as a value: nothing goes through the error handler', async () => {
  const { lotId } = await lot();
  thrown.length = 0;
  assert.is(await postRaw(seller, { bid: '20', lot: lotId }), refused('You cannot bid on your own lot.'));
  assert.is(await postRaw(alice, { bid: '1', lot: lotId }), refused('Your bid must be at least £10.'));
  assert.equal(thrown, []);
  // The error handler still answers what is thrown (a field error here), in the same shape.
  await postRaw(alice, { bid: 'ten', lot: lotId });
  assert.is(thrown.length, 1);
});

test('refusals are still counted by reason', async () => {
  const { lotId } = await lot();
  const belowMinimum = await counter('auction_bid_refusals_total{reason="below_minimum"}');
  const ownLot = await counter('auction_bid_refusals_total{reason="own_lot"}');
  const refusedDecisions = await counter('auction_bid_decisions_total{outcome="refused"}');
  await postRaw(alice, { bid: '1', lot: lotId });
  await postRaw(bob, { bid: '2', lot: lotId });
  await postRaw(seller, { bid: '20', lot: lotId });
  assert.is(await counter('auction_bid_refusals_total{reason="below_minimum"}'), belowMinimum + 2);
  assert.is(await counter('auction_bid_refusals_total{reason="own_lot"}'), ownLot + 1);
  assert.is(await counter('auction_bid_decisions_total{outcome="refused"}'), refusedDecisions + 3);
});

test.run();
