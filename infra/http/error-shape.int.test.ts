/**
 * One error shape for every error the server sends (docs/api.md, "Errors"), over real HTTP on a listening server:
 * the router's 404 and 405, Fastify's 400/413/415, the HTTP parser's 431 and 400 (raw sockets: they happen before
 * any request exists), validation in people's words, the sandbox bank page's refusals, the payout code refusals and
 * the 503 of a server that is shutting down.
 */
import http from 'node:http';
import net from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../../services/testing/harness';
import { bearer, createTestUser, type TestUser } from '../../services/testing/users';
import { INVALID_CHALLENGE } from '../../services/payments/sandbox/challenge-page';
import { CODE_MISSING } from '../../services/withdrawal/code-messages';

let t: TestApp;
let port = 0;
let user: TestUser;
/** Resolves when the app's close() has begun; close() then waits for `releaseClose`. */
let closeBegan: () => void;
const closing = new Promise<void>((resolve) => { closeBegan = resolve; });
let releaseClose: () => void;
const released = new Promise<void>((resolve) => { releaseClose = resolve; });

test.before(async () => {
  t = await startTestApp({
    workers: false,
    // Registered after the app's own preClose hook, so the app already refuses new requests while this one waits.
    prepare: (app) => { app.addHook('preClose', async () => { closeBegan(); await released; }); },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
  user = await createTestUser(t);
});

test.after(async () => {
  releaseClose();
  await t.close();
});

interface Answer { status: number; headers: http.IncomingHttpHeaders; body: unknown }

function send(method: string, path: string, options: { headers?: Record<string, string>; body?: string | Buffer } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method, path, headers: options.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        try { body = JSON.parse(text); } catch { /* asserted below: not JSON fails the shape */ }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
      });
    });
    // The server may answer (413) before the whole body is written; the answer is what counts.
    request.on('error', (error: NodeJS.ErrnoException) => { if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error); });
    request.end(options.body);
  });
}

/** Writes raw bytes on a fresh connection and reads until the server closes it. */
function raw(bytes: string): Promise<{ status: number; head: string; body: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', (error: NodeJS.ErrnoException) => { if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error); });
    socket.on('close', () => resolve(parseRaw(Buffer.concat(chunks).toString('utf8'))));
    socket.write(bytes);
  });
}

function parseRaw(text: string): { status: number; head: string; body: unknown } {
  const [head, ...rest] = text.split('\r\n\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
  let body: unknown = rest.join('\r\n\r\n');
  try { body = JSON.parse(body as string); } catch { /* left as text */ }
  return { status, head, body };
}

const json = { 'content-type': 'application/json' };

test('an unknown API route is 404 {detail}', async () => {
  const res = await send('GET', '/api/nothing-here/');
  assert.equal([res.status, res.body], [404, { detail: 'Not found.' }]);
  assert.match(String(res.headers['content-type']), /^application\/json/);
});

test('a known path asked with another method is 405 {detail} with Allow', async () => {
  const wrong = await send('DELETE', '/api/server_time/');
  assert.equal([wrong.status, wrong.body, wrong.headers.allow], [405, { detail: 'This method is not allowed here.' }, 'GET, HEAD']);
  const postOnly = await send('GET', '/api/send_code/');
  assert.equal([postOnly.status, postOnly.headers.allow], [405, 'POST']);
  // With a path parameter and without the trailing slash, as the router matches them.
  const param = await send('PUT', `/api/withdraw/${user.id}/verify`);
  assert.equal([param.status, param.headers.allow], [405, 'POST']);
});

test('malformed JSON is 400, a body over the limit 413, an unknown content type 415: all {detail}', async () => {
  const malformed = await send('POST', '/api/auth/login/', { headers: json, body: '{"email":' });
  assert.equal([malformed.status, malformed.body], [400, { detail: 'Malformed JSON body.' }]);
  const large = await send('POST', '/api/auth/login/', { headers: json, body: JSON.stringify({ email: 'x'.repeat(1_100_000) }) });
  assert.equal([large.status, large.body], [413, { detail: 'Request body is too large.' }]);
  const xml = await send('POST', '/api/auth/login/', { headers: { 'content-type': 'application/xml' }, body: '<login/>' });
  assert.equal([xml.status, xml.body], [415, { detail: 'This content type is not accepted here.' }]);
});

test('headers over the parser\'s limit are 431 {detail}, before any route runs (raw socket)', async () => {
  const res = await raw(`GET /api/server_time/ HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
  assert.is(res.status, 431);
  assert.equal(res.body, { detail: 'The request headers are too large.' });
  assert.match(res.head, /\r\ncontent-type: application\/json; charset=utf-8\r\n/i);
});

test('a request the HTTP parser cannot read is 400 {detail} (raw socket)', async () => {
  const res = await raw('NOT AN HTTP REQUEST\r\n\r\n');
  assert.equal([res.status, res.body], [400, { detail: 'The request could not be read.' }]);
});

test('validation answers {field: [messages]} in people\'s words, never zod\'s', async () => {
  const res = await send('GET', '/api/withdraw/?page=abc', { headers: bearer(user) });
  assert.equal([res.status, res.body], [400, { page: ['Enter a number.'] }]);
  const zero = await send('GET', '/api/withdraw/?page=0', { headers: bearer(user) });
  assert.equal([zero.status, zero.body], [400, { page: ['Enter a number of at least 1.'] }]);
  const notObject = await send('POST', '/api/auth/login/', { headers: json, body: '[1, 2]' });
  assert.equal([notObject.status, notObject.body], [400, { non_field_errors: ['Send the fields as a JSON object.'] }]);
});

test('the sandbox bank page refuses a bad link with 404 {detail}, on GET and on its buttons', async () => {
  const page = await send('GET', '/payments/sandbox/3ds/pi_000000000000000000000000?t=x');
  assert.equal([page.status, page.body], [404, { detail: INVALID_CHALLENGE }]);
  assert.ok(page.headers['content-security-policy'], 'the page\'s own policy still applies');
  const pressed = await send('POST', '/payments/sandbox/3ds/pi_000000000000000000000000/complete', {
    headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 't=x',
  });
  assert.equal([pressed.status, pressed.body], [404, { detail: INVALID_CHALLENGE }]);
});

test('a refused payout code carries detail, and msg with the same text (the spec\'s client shows msg)', async () => {
  const res = await send('POST', '/api/verify_code/', { headers: { ...json, ...bearer(user) }, body: '{}' });
  assert.equal([res.status, res.body], [400, { detail: CODE_MISSING, msg: CODE_MISSING }]);
});

test('while the server shuts down, a new request on an open connection is 503 {detail} with Retry-After', async () => {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const stopping = t.app.close();
  await closing;
  const answer = new Promise<string>((resolve) => {
    let text = '';
    socket.on('data', (c) => { text += c.toString('utf8'); if (/\r\n\r\n[\s\S]*\}$/.test(text)) resolve(text); });
  });
  socket.write('GET /api/server_time/ HTTP/1.1\r\nHost: x\r\n\r\n');
  const res = parseRaw(await answer);
  assert.equal([res.status, res.body], [503, { detail: 'The server is restarting. Please try again in a moment.' }]);
  assert.match(res.head, /\r\nretry-after: 2\r\n/i);
  socket.destroy();
  releaseClose();
  await stopping;
});

test.run();
