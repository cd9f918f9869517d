import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { TokenService, ACCESS_TTL_SECONDS } from './tokens';

const secret = Buffer.alloc(48, 3).toString('base64url');

function service(start = Date.parse('2026-11-21T12:00:00Z')) {
  let now = start;
  return { tokens: new TokenService(secret, () => new Date(now)), advance: (ms: number) => (now += ms) };
}

test('an access token verifies, and keeps verifying from the cache until its own expiry only', async () => {
  const { tokens, advance } = service();
  const token = await tokens.signAccess({ sub: 'u1', sid: 's1', staff: false });
  assert.equal(await tokens.verifyAccess(token), { sub: 'u1', sid: 's1', staff: false });
  advance(ACCESS_TTL_SECONDS * 1000 - 1000);
  assert.equal(await tokens.verifyAccess(token), { sub: 'u1', sid: 's1', staff: false });
  advance(1000);
  assert.is(await tokens.verifyAccess(token), 'expired');
});

test('a cached valid token does not make a tampered copy or a refresh token pass', async () => {
  const { tokens } = service();
  const token = await tokens.signAccess({ sub: 'u1', sid: 's1', staff: false });
  await tokens.verifyAccess(token);
  const [header, payload, signature] = token.split('.');
  const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), staff: true })).toString('base64url');
  assert.is(await tokens.verifyAccess(`${header}.${forged}.${signature}`), 'invalid');
  const refresh = await tokens.signRefresh({ sub: 'u1', sid: 's1', jti: 'j1', remember: false });
  assert.is(await tokens.verifyAccess(refresh), 'invalid');
  assert.is(typeof (await tokens.verifyRefresh(refresh)), 'object');
  assert.is(await tokens.verifyRefresh(token), 'invalid');
});

test('a token signed with another key is refused', async () => {
  const other = new TokenService(Buffer.alloc(48, 9).toString('base64url'));
  const token = await other.signAccess({ sub: 'u1', sid: 's1', staff: true });
  assert.is(await service().tokens.verifyAccess(token), 'invalid');
});

test.run();
