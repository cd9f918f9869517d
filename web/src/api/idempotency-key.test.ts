/**
 * Every write the client sends carries an Idempotency-Key, and its own retries send the same one; so does the same
 * write sent again after a failure that may pass (the server may have carried it out).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiError, request } from './http';

const sent: { url: string; method: string; key: string | undefined }[] = [];
let failures = 0;
/** Statuses to answer, in order, before the usual 200. */
const statuses: number[] = [];
let carriedOut = false;
const CARRIED = 'This request was already carried out; its answer was lost when the server stopped.';

globalThis.fetch = (async (url: string, init: RequestInit) => {
  sent.push({ url, method: String(init.method), key: (init.headers as Record<string, string>)['Idempotency-Key'] });
  if (failures > 0) {
    failures--;
    throw new TypeError('Failed to fetch');
  }
  if (carriedOut) return new Response(JSON.stringify({ detail: CARRIED }), { status: 200, headers: { 'Content-Type': 'application/json', 'Idempotent-Replayed': 'true', 'Idempotent-Carried-Out': 'true' } });
  return new Response('{}', { status: statuses.shift() ?? 200, headers: { 'Content-Type': 'application/json' } });
}) as typeof fetch;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test.before.each(() => {
  sent.length = 0;
  failures = 0;
  statuses.length = 0;
  carriedOut = false;
});

test('a write gets a fresh key per call; reads and sign-in calls get none', async () => {
  await request('/api/withdraw/', { method: 'POST', body: {}, auth: false });
  await request('/api/withdraw/', { method: 'POST', body: {}, auth: false });
  await request('/api/lots/', { auth: false });
  await request('/api/auth/login/', { method: 'POST', body: {}, auth: false });
  assert.match(sent[0].key!, uuid);
  assert.match(sent[1].key!, uuid);
  assert.is.not(sent[0].key, sent[1].key);
  assert.equal([sent[2].key, sent[3].key], [undefined, undefined]);
});

test("the caller's own key is kept", async () => {
  await request('/api/bids/', { method: 'POST', body: {}, auth: false, headers: { 'Idempotency-Key': 'mine' } });
  assert.is(sent[0].key, 'mine');
});

test('a write whose answer the network lost is sent once more with the same key', async () => {
  failures = 1;
  await request('/api/staff/lots/', { method: 'POST', body: {}, auth: false });
  assert.is(sent.length, 2);
  assert.is(sent[1].key, sent[0].key);
});

test('a read that failed is not retried, and a write fails after its one retry', async () => {
  failures = 1;
  await request('/api/lots/', { auth: false }).then(() => assert.unreachable('should fail'), () => {});
  assert.is(sent.length, 1);
  failures = 2;
  await request('/api/withdraw/', { method: 'POST', body: {}, auth: false }).then(() => assert.unreachable('should fail'), () => {});
  assert.is(sent.length, 3);
});

const credit = (amount: string) => request('/api/staff/wallets/u-1/adjustments/', { method: 'POST', body: { amount }, auth: false });
const fails = (p: Promise<unknown>) => p.then(() => assert.unreachable('should fail'), () => {});

test('the same write after a failure that may pass is the same attempt; any answer ends it', async () => {
  failures = 2; // no answer, nor to the one retry
  await fails(credit('25.00'));
  statuses.push(503);
  await fails(credit('25.00'));
  await credit('25.00');
  assert.is(new Set(sent.map((s) => s.key)).size, 1, 'one attempt, one key, whatever failed in between');
  await credit('25.00');
  assert.is.not(sent[4].key, sent[3].key, 'answered: the next identical write is a new one');
});

test('a refusal ends the attempt, and another body is another attempt', async () => {
  statuses.push(500);
  await fails(credit('10.00'));
  await credit('11.00');
  assert.is.not(sent[1].key, sent[0].key, 'another amount');
  statuses.push(400);
  await fails(credit('10.00'));
  assert.is(sent[2].key, sent[0].key, 'the open attempt of 10.00');
  await credit('10.00');
  assert.is.not(sent[3].key, sent[0].key, 'refused: done with');
});

test('"carried out" is not read as the route\'s answer: it rejects with its sentence, and closes the attempt', async () => {
  statuses.push(503);
  await fails(credit('30.00'));
  carriedOut = true;
  const error = await credit('30.00').then(() => null, (e: unknown) => e);
  assert.ok(error instanceof ApiError, 'rejects');
  assert.equal([error.status, error.message, sent[1].key], [200, CARRIED, sent[0].key]);
  carriedOut = false;
  await credit('30.00');
  assert.is.not(sent[2].key, sent[0].key);
});

test.run();
