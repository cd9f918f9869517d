import fs from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../../services/testing/harness';
import { ensureClientBuilt } from '../../scripts/client-build';
import { IMMUTABLE, pickEncoding } from './delivery';

const DIST = path.resolve('web/dist');
let t: TestApp;
let entry: string;

test.before(async () => {
  ensureClientBuilt();
  t = await startTestApp({ workers: false });
  const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  entry = /<script[^>]+src="(\/assets\/index-[\w-]+\.js)"/.exec(html)![1];
});
test.after(async () => t.close());

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

const decode = (encoding: string | undefined, body: Buffer) =>
  encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;

const varies = (vary: unknown) => String(vary ?? '').toLowerCase().split(/\s*,\s*/).includes('accept-encoding');

test('the entry script: brotli or gzip by negotiation, identity when not asked, the same bytes every way', async () => {
  const original = fs.readFileSync(path.join(DIST, entry));
  for (const [asked, expected] of [['br', 'br'], ['gzip, deflate, br', 'br'], ['gzip', 'gzip'], ['gzip, br;q=0', 'gzip'], [undefined, undefined], ['identity', undefined]] as const) {
    const res = await get(entry, asked);
    assert.is(res.statusCode, 200, `${asked}`);
    assert.is(res.headers['content-encoding'], expected, `${asked}`);
    assert.ok(varies(res.headers.vary), `Vary: Accept-Encoding for ${asked}`);
    assert.match(String(res.headers['content-type']), /javascript/);
    assert.is(res.headers['cache-control'], IMMUTABLE);
    assert.ok(decode(expected, res.rawPayload).equals(original), `decoded bytes equal the file for ${asked}`);
    if (expected) assert.ok(res.rawPayload.length < original.length / 2, `${expected} at least halves the script`);
  }
});

test('a precompressed sibling is no file of its own: asking for it is a missing page', async () => {
  for (const sibling of [`${entry}.br`, `${entry}.gz`, '/index.html.br']) {
    const res = await get(sibling, 'br');
    assert.is(res.statusCode, 404, sibling);
    assert.match(String(res.headers['content-type']), /text\/html/, `${sibling}: the 404 page, not the compressed bytes`);
  }
});

test('the HTML of every client page, the 404 page included, is no-cache and compressed when asked', async () => {
  const index = fs.readFileSync(path.join(DIST, 'index.html'));
  // /auction is a page the server describes (its own head, page-head.ts): the same shell with other head lines.
  for (const [url, status, shell] of [['/', 200, true], ['/auction', 200, false], ['/checkout-success', 200, true], ['/no-such-page', 404, true]] as const) {
    const plain = (await get(url, undefined)).rawPayload;
    if (shell) assert.ok(plain.equals(index), `${url}: the client's index.html`);
    else assert.ok(plain.includes(index.subarray(index.indexOf('<script'), index.indexOf('</script>'))), `${url}: the client's shell`);
    for (const asked of ['br', 'gzip', undefined]) {
      const res = await get(url, asked);
      assert.is(res.statusCode, status, url);
      assert.is(res.headers['cache-control'], 'no-cache', `${url} ${asked}`);
      assert.match(String(res.headers['content-type']), /text\/html/);
      assert.is(res.headers['content-encoding'], asked, `${url} ${asked}`);
      assert.ok(varies(res.headers.vary), `${url} ${asked}`);
      assert.ok(decode(asked, res.rawPayload).equals(plain), `${url} ${asked}: the same page decoded`);
    }
  }
});

test('files outside /assets/ (not hashed) are revalidated, not cached for a year', async () => {
  const res = await get('/images/placeholder-bottle.svg', 'br');
  assert.is(res.statusCode, 200);
  assert.is(res.headers['cache-control'], 'no-cache');
  assert.is(res.headers['content-encoding'], 'br');
});

test('a large JSON answer is compressed; a small one (a bid answer\'s size) is sent as it is', async () => {
  const plain = await get('/api/docs/json');
  assert.is(plain.headers['content-encoding'], undefined);
  assert.ok(plain.rawPayload.length > 10_000, 'the API document is a large JSON answer');
  for (const encoding of ['br', 'gzip']) {
    const res = await get('/api/docs/json', encoding);
    assert.is(res.statusCode, 200);
    assert.is(res.headers['content-encoding'], encoding);
    assert.ok(varies(res.headers.vary));
    assert.ok(res.rawPayload.length < plain.rawPayload.length / 3, `${encoding}: ${res.rawPayload.length} of ${plain.rawPayload.length}`);
    assert.equal(JSON.parse(decode(encoding, res.rawPayload).toString()), plain.json());
  }
  const small = await get('/api/server_time/', 'br');
  assert.is(small.statusCode, 200);
  assert.is(small.headers['content-encoding'], undefined);
  assert.ok(typeof small.json().now === 'string');
});

test('Accept-Encoding negotiation: brotli first, gzip next, q=0 refuses', () => {
  assert.is(pickEncoding('gzip, deflate, br, zstd'), 'br');
  assert.is(pickEncoding('gzip'), 'gzip');
  assert.is(pickEncoding('br;q=0, gzip'), 'gzip');
  assert.is(pickEncoding('*'), 'gzip');
  assert.is(pickEncoding('identity'), null);
  assert.is(pickEncoding(undefined), null);
});

test.run();
