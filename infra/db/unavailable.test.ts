import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isDatabaseUnavailable } from './unavailable';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

test('refused and broken connections, shutdowns and pool timeouts count as unavailable', () => {
  assert.ok(isDatabaseUnavailable(withCode('connect ECONNREFUSED 127.0.0.1:5999', 'ECONNREFUSED')));
  assert.ok(isDatabaseUnavailable(withCode('read ECONNRESET', 'ECONNRESET')));
  assert.ok(isDatabaseUnavailable(withCode('terminating connection due to administrator command', '57P01')));
  assert.ok(isDatabaseUnavailable(withCode('the database system is shutting down', '57P03')));
  assert.ok(isDatabaseUnavailable(withCode('sorry, too many clients already', '53300')));
  assert.ok(isDatabaseUnavailable(withCode('connection failure', '08006')));
  assert.ok(isDatabaseUnavailable(new Error('Connection terminated unexpectedly')));
  assert.ok(isDatabaseUnavailable(new Error('Client has encountered a connection error and is not queryable')));
  assert.ok(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect')));
});

test('wrapped causes and aggregate errors (localhost resolving to two addresses) are looked into', () => {
  assert.ok(isDatabaseUnavailable(new Error('outer', { cause: withCode('x', 'ECONNREFUSED') })));
  assert.ok(isDatabaseUnavailable(new AggregateError([withCode('a', 'ECONNREFUSED'), withCode('b', 'ECONNREFUSED')], '')));
});

test('query errors, constraint violations and programming errors are not', () => {
  assert.not.ok(isDatabaseUnavailable(withCode('duplicate key value violates unique constraint', '23505')));
  assert.not.ok(isDatabaseUnavailable(withCode('invalid byte sequence for encoding "UTF8": 0x00', '22021')));
  assert.not.ok(isDatabaseUnavailable(withCode('canceling statement due to statement timeout', '57014')));
  assert.not.ok(isDatabaseUnavailable(withCode('Connection terminated unexpectedly', '23505')), 'a coded error is judged by its code');
  assert.not.ok(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')")));
  assert.not.ok(isDatabaseUnavailable('ECONNREFUSED'));
  assert.not.ok(isDatabaseUnavailable(null));
});

test.run();
