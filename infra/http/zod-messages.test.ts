import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { z } from 'zod';
import { ValidationError } from '../../domain/shared/errors';
import { parseWith, queryBool, repeated } from './validation';
import { REQUIRED } from './zod-messages';

/** The field errors parseWith throws for a value (the body the API answers). */
function fieldsOf(schema: z.ZodType, value: unknown): Record<string, string[]> {
  try {
    parseWith(schema, value);
  } catch (error) {
    if (error instanceof ValidationError) return error.fields;
    throw error;
  }
  throw new Error('expected a validation error');
}

const only = (schema: z.ZodType, value: unknown) => fieldsOf(z.object({ f: schema }), { f: value }).f;

test('a missing or null value reads "This field is required", whatever type was expected', () => {
  for (const schema of [z.string(), z.number(), z.enum(['a', 'b']), z.union([z.string(), z.number()]), z.object({ x: z.string() }), z.array(z.string()), z.literal('x')]) {
    assert.equal(only(schema, undefined), [REQUIRED]);
    assert.equal(only(schema, null), [REQUIRED]);
  }
  assert.equal(only(z.string().trim().min(1), '   '), [REQUIRED], 'min(1) is how schemas say "not blank"');
});

test('wrong types get a message saying what to enter, never zod\'s wording', () => {
  assert.equal(only(z.coerce.number(), 'abc'), ['Enter a number.']);
  assert.equal(only(z.number(), 'old'), ['Enter a number.']);
  assert.equal(only(z.number().int(), 1.5), ['Enter a whole number.']);
  assert.equal(only(z.string(), 12), ['Enter text.']);
  assert.equal(only(z.boolean(), 'yes'), ['Enter true or false.']);
  assert.equal(only(queryBool, 'perhaps'), ['Enter a valid value.']);
  assert.equal(only(z.array(z.string()), 'x'), ['Enter a list.']);
  assert.equal(fieldsOf(z.object({ f: z.string() }), [1, 2]), { non_field_errors: ['Send the fields as a JSON object.'] });
});

test('formats: email, id, date and time, web address', () => {
  assert.equal(only(z.string().email(), 'nope@'), ['Enter a valid email address.']);
  assert.equal(only(z.string().uuid(), 'x'), ['Enter a valid id.']);
  assert.equal(only(z.string().datetime(), '2026-13-01'), ['Enter a valid date and time.']);
  assert.equal(only(z.string().url(), 'not a url'), ['Enter a valid web address.']);
  assert.equal(only(z.string().regex(/^\d+$/), 'a'), ['Enter a valid value.']);
});

test('bounds name the limit, in characters, items or numbers', () => {
  assert.equal(only(z.string().min(3), 'ab'), ['Enter at least 3 characters.']);
  assert.equal(only(z.string().max(1), 'ab'), ['Enter at most 1 character.']);
  assert.equal(only(z.string().length(6), 'ab'), ['Enter exactly 6 characters.']);
  assert.equal(only(z.array(z.string()).min(1), []), ['Enter at least one item.']);
  assert.equal(only(z.array(z.string()).max(2), ['a', 'b', 'c']), ['Enter at most 2 items.']);
  assert.equal(only(z.number().min(1), 0), ['Enter a number of at least 1.']);
  assert.equal(only(z.number().positive(), 0), ['Enter a number greater than 0.']);
  assert.equal(only(z.number().max(50), 51), ['Enter a number of at most 50.']);
  assert.equal(only(z.number().lt(10), 10), ['Enter a number less than 10.']);
  assert.equal(only(z.number().multipleOf(5), 7), ['Enter a multiple of 5.']);
});

test('choices are listed when short, and unknown fields are named', () => {
  assert.equal(only(z.enum(['UK_BANK', 'CARD']), 'CASH'), ['Choose one of: UK_BANK, CARD.']);
  const many = z.enum(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i']);
  assert.equal(only(many, 'z'), ['Choose one of the allowed values.']);
  assert.equal(fieldsOf(z.strictObject({ a: z.string() }), { a: 'x', b: 1, c: 2 }), { non_field_errors: ['Unknown fields: b, c.'] });
  assert.equal(only(z.union([z.string(), z.number()]), true), ['Enter a valid value.']);
});

test('a schema\'s own messages are kept (the specification\'s wording among them)', () => {
  assert.equal(only(z.string().min(8, 'Min length is 8'), 'short'), ['Min length is 8']);
  assert.equal(only(z.string({ error: 'Please, specify your email' }), undefined), ['Please, specify your email']);
  assert.equal(only(z.string().uuid({ message: 'Not found.' }), 'x'), ['Not found.']);
  assert.equal(only(z.string().refine(() => false, 'Invalid month'), '13/26'), ['Invalid month']);
  // An error function that answers only some issues leaves the rest to the people's messages.
  const partly = z.number({ error: (i) => (i.input === undefined ? 'Amount is required' : undefined) });
  assert.equal(only(partly, undefined), ['Amount is required']);
  assert.equal(only(partly, 'x'), ['Enter a number.']);
});

test('nested paths are joined with dots and repeated query keys keep their item messages', () => {
  const body = z.object({ payment_method: z.object({ details: z.object({ cvv: z.string().length(3) }) }) });
  assert.equal(fieldsOf(body, { payment_method: { details: { cvv: '1' } } }), { 'payment_method.details.cvv': ['Enter exactly 3 characters.'] });
  assert.equal(fieldsOf(z.object({ tag: repeated(z.string().max(2)) }), { tag: ['abc'] }), { 'tag.0': ['Enter at most 2 characters.'] });
});

test('no message anywhere above is zod\'s default wording', () => {
  const zodWording = /Invalid input|expected \w+, received|Too (small|big)|Invalid (string|option|email|UUID)|Unrecognized key/;
  const schema = z.object({ a: z.number(), b: z.string().email(), c: z.enum(['x']), d: z.string().max(1), e: z.strictObject({}) });
  const fields = fieldsOf(schema, { a: 'x', b: 'y', c: 'z', d: 'long', e: { q: 1 } });
  for (const messages of Object.values(fields)) for (const m of messages) assert.not.match(m, zodWording);
  assert.is(Object.keys(fields).length, 5);
});

test.run();
