/** The client's read-your-writes: the highest Event-Position seen goes back as Read-After on later GETs to /api/. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { request, readAfterHeader } from './http';

const sent: { url: string; method: string; headers: Record<string, string> }[] = [];
let answerPosition: string | null = null;

globalThis.fetch = (async (url: string, init: RequestInit) => {
  sent.push({ url, method: String(init.method), headers: init.headers as Record<string, string> });
  const headers = new Headers({ 'Content-Type': 'application/json' });
  if (answerPosition) headers.set('Event-Position', answerPosition);
  return new Response('{}', { status: 200, headers });
}) as typeof fetch;

const call = async (method: 'GET' | 'POST', path: string, position: string | null = null) => {
  answerPosition = position;
  await request(path, { method, auth: false, ...(method === 'POST' ? { body: {} } : {}) });
  return sent.at(-1)!.headers['Read-After'];
};

test('nothing written yet: no Read-After', async () => {
  assert.is(await call('GET', '/api/lots/'), undefined);
});

test('after a write, reads of /api/ wait for it; writes and other paths do not carry it', async () => {
  assert.is(await call('POST', '/api/bids/', '900:12'), undefined);
  assert.is(readAfterHeader(), '900:12');
  assert.is(await call('GET', '/api/lots/'), '900:12');
  assert.is(await call('POST', '/api/withdraw/'), undefined);
  assert.is(await call('GET', '/payments/return/x'), undefined);
});

test('only a higher position replaces it (transaction id first, then position); garbage is ignored', async () => {
  await call('POST', '/api/bids/', '899:99999');
  assert.is(readAfterHeader(), '900:12');
  await call('POST', '/api/bids/', 'not-a-position');
  assert.is(readAfterHeader(), '900:12');
  await call('POST', '/api/bids/', '900:13');
  assert.is(readAfterHeader(), '900:13');
  await call('POST', '/api/bids/', '10000000000000000000:1');
  assert.is(await call('GET', '/api/lots/'), '10000000000000000000:1');
});

test.run();
