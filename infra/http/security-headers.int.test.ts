import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../../services/testing/harness';
import { ensureClientBuilt } from '../../scripts/client-build';
import { API_CSP, API_DOCS_CSP, clientCsp, HSTS, PERMISSIONS_POLICY } from './security-headers';
import { CHALLENGE_PAGE_CSP } from '../../services/payments/sandbox/challenge-page';

let t: TestApp;

test.before(async () => {
  ensureClientBuilt();
  t = await startTestApp({ workers: false, config: { publicUrl: 'https://auction.example', trustProxy: true } });
});
test.after(async () => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

test('API answers, their errors included, carry the API set: nothing may load or frame them, no sniffing', async () => {
  for (const url of ['/api/server_time/', '/api/no-such-call/', '/api/lots/not-a-uuid/']) {
    const res = await get(url);
    assert.is(res.headers['content-security-policy'], API_CSP, url);
    assert.is(res.headers['x-content-type-options'], 'nosniff', url);
    assert.is(res.headers['x-frame-options'], 'DENY', url);
    assert.is(res.headers['referrer-policy'], 'strict-origin-when-cross-origin', url);
    assert.is(res.headers['cross-origin-resource-policy'], 'same-origin', url);
    // The page-only headers govern documents; an API answer is never one.
    assert.is(res.headers['permissions-policy'], undefined, url);
    assert.is(res.headers['cross-origin-opener-policy'], undefined, url);
    assert.is(res.headers['strict-transport-security'], undefined, `${url}: no HSTS over plain HTTP`);
  }
});

test('the client page, its assets and the non-API errors all carry the page security headers', async () => {
  for (const url of ['/', '/auction', '/no-such-page', '/robots.txt', '/health']) {
    const res = await get(url);
    assert.is(res.headers['content-security-policy'], clientCsp('https://auction.example'), url);
    assert.is(res.headers['x-content-type-options'], 'nosniff', url);
    assert.is(res.headers['x-frame-options'], 'DENY', url);
    assert.is(res.headers['referrer-policy'], 'strict-origin-when-cross-origin', url);
    assert.is(res.headers['permissions-policy'], PERMISSIONS_POLICY, url);
    assert.is(res.headers['cross-origin-opener-policy'], 'same-origin-allow-popups', url);
    assert.is(res.headers['strict-transport-security'], undefined, `${url}: no HSTS over plain HTTP`);
  }
});

test('the client CSP: own-origin scripts and styles only, nothing inline, no framing, sockets to the public host', () => {
  const csp = clientCsp('https://auction.example');
  for (const directive of [
    "default-src 'self'", "script-src 'self'", "script-src-attr 'none'", "style-src 'self'", "style-src-attr 'none'",
    "img-src 'self' data: blob:", "connect-src 'self' wss://auction.example", "object-src 'none'", "base-uri 'self'",
    "form-action 'self'", "frame-ancestors 'none'",
  ]) assert.ok(csp.split(';').includes(directive), directive);
  assert.not.ok(csp.includes('unsafe-inline') || csp.includes('unsafe-eval'), csp);
  assert.ok(clientCsp('http://localhost:3000').includes("connect-src 'self' ws://localhost:3000"));
});

test('only the terms and the privacy policy may be framed, and only by our own pages (the checkout shows them)', async () => {
  for (const url of ['/terms-and-conditions', '/privacy-policy']) {
    const res = await get(url);
    assert.is(res.statusCode, 200);
    assert.is(res.headers['content-security-policy'], clientCsp('https://auction.example', "'self'"), url);
    assert.ok((res.headers['content-security-policy'] as string).includes("frame-ancestors 'self'"));
    assert.is(res.headers['x-frame-options'], 'SAMEORIGIN', url);
  }
  for (const url of ['/auction', `/product/00000000-0000-4000-8000-000000000000`, '/checkout']) {
    const res = await get(url);
    assert.ok((res.headers['content-security-policy'] as string).includes("frame-ancestors 'none'"), url);
    assert.is(res.headers['x-frame-options'], 'DENY', url);
  }
});

test('HSTS only on a request that came over TLS (X-Forwarded-Proto from the trusted proxy)', async () => {
  const res = await get('/api/server_time/', { 'x-forwarded-proto': 'https' });
  assert.is(res.headers['strict-transport-security'], HSTS);
});

test('the API reference keeps its own looser policy and still loads', async () => {
  const page = await get('/api/docs');
  assert.is(page.statusCode, 200);
  assert.is(page.headers['content-security-policy'], API_DOCS_CSP);
  assert.is(page.headers['x-content-type-options'], 'nosniff');
  assert.is((await get('/api/docs/json')).statusCode, 200);
});

test('the sandbox bank page keeps its own policy: no script at all', async () => {
  const res = await get('/payments/sandbox/3ds/pi_000000000000000000000000?t=x');
  assert.is(res.statusCode, 404);
  assert.is(res.headers['content-security-policy'], CHALLENGE_PAGE_CSP);
  assert.ok(CHALLENGE_PAGE_CSP.includes("default-src 'none'"));
  assert.not.ok(CHALLENGE_PAGE_CSP.includes('script-src'));
});

test.run();
