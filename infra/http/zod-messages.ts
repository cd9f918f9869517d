/**
 * The messages people read when a request fails validation, in one place. zod's own wording ("Invalid input:
 * expected number, received NaN") is written for programmers; this error map replaces it for every issue whose schema
 * names no message of its own. zod asks a schema's own message first and this map only after, so the messages the
 * schemas define (and the specification's exact wording among them) are kept as they are.
 */
import type { z } from 'zod';

type Issue = z.core.$ZodRawIssue;

/** The specification's wording for a missing value (spec 2, "Form rules"), without a full stop on purpose. */
export const REQUIRED = 'This field is required';
const INVALID = 'Enter a valid value.';

/** Longer lists of choices are not spelled out (an enum of 40 countries helps nobody as a message). */
const MAX_LISTED_CHOICES = 8;

export function peopleMessage(issue: Issue): string {
  // A missing value and an explicit null read the same to a person: nothing was given.
  const nothing = issue.input === undefined || issue.input === null;
  if (nothing && (issue.code === 'invalid_type' || issue.code === 'invalid_value' || issue.code === 'invalid_union')) return REQUIRED;
  switch (issue.code) {
    case 'invalid_type': return invalidType(issue.expected, issue.path?.length ?? 0);
    case 'too_small': return tooSmall(issue.origin, issue.minimum, issue.inclusive !== false, issue.exact === true);
    case 'too_big': return tooBig(issue.origin, issue.maximum, issue.inclusive !== false, issue.exact === true);
    case 'invalid_format': return invalidFormat(issue.format);
    case 'not_multiple_of': return `Enter a multiple of ${issue.divisor}.`;
    case 'unrecognized_keys': return `${issue.keys.length === 1 ? 'Unknown field' : 'Unknown fields'}: ${issue.keys.join(', ')}.`;
    case 'invalid_value': return choices(issue.values);
    // invalid_union, invalid_key, invalid_element, custom without a message of its own:
    default:
      return INVALID;
  }
}

function invalidType(expected: string, depth: number): string {
  switch (expected) {
    case 'nonoptional': return REQUIRED;
    case 'number': case 'bigint': case 'nan': return 'Enter a number.';
    case 'int': return 'Enter a whole number.';
    case 'string': return 'Enter text.';
    case 'boolean': return 'Enter true or false.';
    case 'date': return 'Enter a valid date.';
    case 'array': case 'tuple': case 'set': return 'Enter a list.';
    // The whole body (no path) not being an object is a malformed request rather than a wrong field.
    case 'object': case 'record': case 'map': return depth === 0 ? 'Send the fields as a JSON object.' : 'Enter a group of fields.';
    case 'file': return 'Choose a file.';
    default: return INVALID;
  }
}

type Bound = number | bigint;

function tooSmall(origin: string, min: Bound, inclusive: boolean, exact: boolean): string {
  switch (origin) {
    case 'string':
      if (exact) return `Enter exactly ${count(min, 'character')}.`;
      // min(1) is how a schema says "not blank".
      return Number(min) <= 1 && inclusive ? REQUIRED : `Enter at least ${count(min, 'character')}.`;
    case 'array': case 'set':
      if (exact) return `Enter exactly ${count(min, 'item')}.`;
      return Number(min) <= 1 && inclusive ? 'Enter at least one item.' : `Enter at least ${count(min, 'item')}.`;
    case 'date': return `Enter a date on or after ${dateText(min)}.`;
    case 'file': return 'The file is too small.';
    default: return inclusive ? `Enter a number of at least ${min}.` : `Enter a number greater than ${min}.`;
  }
}

function tooBig(origin: string, max: Bound, inclusive: boolean, exact: boolean): string {
  switch (origin) {
    case 'string': return exact ? `Enter exactly ${count(max, 'character')}.` : `Enter at most ${count(max, 'character')}.`;
    case 'array': case 'set': return exact ? `Enter exactly ${count(max, 'item')}.` : `Enter at most ${count(max, 'item')}.`;
    case 'date': return `Enter a date on or before ${dateText(max)}.`;
    case 'file': return 'The file is too large.';
    default: return inclusive ? `Enter a number of at most ${max}.` : `Enter a number less than ${max}.`;
  }
}

function invalidFormat(format: string): string {
  switch (format) {
    case 'email': return 'Enter a valid email address.';
    case 'url': return 'Enter a valid web address.';
    case 'uuid': case 'guid': case 'cuid': case 'cuid2': case 'ulid': case 'nanoid': case 'xid': case 'ksuid': return 'Enter a valid id.';
    case 'datetime': return 'Enter a valid date and time.';
    case 'date': return 'Enter a valid date.';
    case 'time': return 'Enter a valid time.';
    case 'e164': return 'Enter a valid phone number.';
    default: return INVALID;
  }
}

function choices(values: readonly unknown[]): string {
  if (values.length === 0 || values.length > MAX_LISTED_CHOICES) return 'Choose one of the allowed values.';
  return `Choose one of: ${values.map((v) => String(v)).join(', ')}.`;
}

const count = (n: Bound, noun: string) => `${n} ${noun}${Number(n) === 1 ? '' : 's'}`;

const dateText = (bound: Bound) => new Date(Number(bound)).toISOString().slice(0, 10);
