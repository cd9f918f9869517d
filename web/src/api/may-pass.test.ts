/** Which failed calls a background read asks again (the unpaid-lots notice): those that may pass by themselves. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiError, mayPass, request } from './http';

const failing = (status: number | 'network') => {
  globalThis.fetch = (async () => {
    if (status === 'network') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify({ detail: 'No' }), { status, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
};

async function failureOf(status: number | 'network'): Promise<unknown> {
  failing(status);
  try {
    await request('/api/unpaid_lots_to_notify/', { auth: false });
  } catch (e) {
    return e;
  }
  throw new Error('the call did not fail');
}

test('a lost answer, too many requests and a server error may pass; a refusal does not', async () => {
  const outcomes: [number | 'network', boolean][] = [];
  for (const status of ['network', 429, 500, 502, 503, 400, 401, 403, 404, 409] as const) outcomes.push([status, mayPass(await failureOf(status))]);
  assert.equal(outcomes, [
    ['network', true], [429, true], [500, true], [502, true], [503, true],
    [400, false], [401, false], [403, false], [404, false], [409, false],
  ]);
});

test('only the API client\'s failures: a script error is not asked again', () => {
  assert.is(mayPass(new TypeError('x is undefined')), false);
  assert.is(mayPass(new ApiError('Server Error', 500, null, {})), true);
});

test.run();
