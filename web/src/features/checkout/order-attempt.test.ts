import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiError } from '../../api/http';
import { attemptAfter, attemptFor } from './order-attempt';
import type { DraftBody } from './types';

const draft = (note: string) => ({ note_from_customer: note, insurance: true }) as unknown as DraftBody;
const failure = (status: number | undefined) => new ApiError('failed', status, null, {});
let keys = 0;
const newKey = () => `key-${++keys}`;
const sca = (width: number) => () => ({ callback: '/checkout-success', windowWidth: width });

test('given an attempt, when the same draft is sent again, then it is the same key and the same body as first sent', () => {
  const first = attemptFor(null, draft('leave at the door'), sca(1200), newKey);
  const again = attemptFor(first, draft('leave at the door'), sca(600), newKey);
  assert.is(again.key, first.key);
  assert.is(again.body.windowWidth, 1200);
});

test('given an attempt, when the draft changed, then it is a new attempt with a new key and the new body', () => {
  const first = attemptFor(null, draft('leave at the door'), sca(1200), newKey);
  const changed = attemptFor(first, draft('ring twice'), sca(600), newKey);
  assert.is.not(changed.key, first.key);
  assert.equal([changed.body.note_from_customer, changed.body.windowWidth], ['ring twice', 600]);
});

test('a failure that may pass keeps the attempt; a refusal ends it', () => {
  const first = attemptFor(null, draft(''), sca(800), newKey);
  assert.is(attemptAfter(first, failure(503)), first);
  assert.is(attemptAfter(first, failure(500)), first);
  assert.is(attemptAfter(first, failure(undefined)), first);
  assert.is(attemptAfter(first, failure(429)), first);
  assert.is(attemptAfter(first, failure(409)), null);
  assert.is(attemptAfter(first, failure(400)), null);
});

test.run();
