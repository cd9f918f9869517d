import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DomainError, NotFound, RuleBroken, Unauthorized, ValidationError } from './errors';

test('given a refusal, when it is made, then it carries its message and kind but no stack frames', () => {
  for (const error of [new RuleBroken('Bid too low.'), new Unauthorized(), new NotFound(), new ValidationError({ bid: ['Enter an amount.'] })]) {
    assert.instance(error, DomainError);
    assert.instance(error, Error);
    assert.is(String(error.stack).includes('\n    at '), false, `${error.constructor.name} has no frames`);
    assert.match(String(error.stack), error.message);
  }
});

test('given any other error, when it is made after a domain error, then it keeps its stack trace', () => {
  const limit = Error.stackTraceLimit;
  new RuleBroken('refused');
  assert.is(Error.stackTraceLimit, limit, 'the limit is put back');
  const bug = new Error('a bug');
  assert.match(String(bug.stack), /errors\.test/);
});

test.run();
