import * as assert from 'uvu/assert';

/** uvu has no async throw assertion: resolves with the error, fails the test when `fn` does not reject. */
export async function rejects(fn: () => Promise<unknown>, expected?: RegExp | (new (...args: any[]) => Error)): Promise<unknown> {
  try {
    await fn();
  } catch (error) {
    if (expected instanceof RegExp) assert.match(String((error as Error)?.message ?? error), expected);
    else if (expected) assert.instance(error, expected);
    return error;
  }
  assert.unreachable('expected the call to reject');
}
