/**
 * Text PostgreSQL cannot store is refused at the edge, for every route at once: a NUL character (text columns and
 * jsonb both reject it) and an unpaired UTF-16 surrogate (jsonb rejects its `\ud800` escape; events are jsonb). Any
 * field may reach an event or a query, so a per-schema rule would be one forgotten field away from a 500. Runs before
 * the handlers on the parsed body, the query and the path parameters; answers 400 with the API's field errors.
 */
import type { FastifyInstance } from 'fastify';
import { ValidationError, type FieldErrors } from '../../domain/shared/errors';

export const TEXT_GUARD_MESSAGES = {
  nul: 'Null characters are not allowed.',
  surrogate: 'Invalid unicode characters are not allowed.',
};

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function problemOf(text: string): string | null {
  if (text.includes('\u0000')) return TEXT_GUARD_MESSAGES.nul;
  return LONE_SURROGATE.test(text) ? TEXT_GUARD_MESSAGES.surrogate : null;
}

/**
 * Field errors for every bad string in `value` (keys too), by dotted path. Walks JSON-like data only (Fastify's query
 * and params objects have null prototypes); each object once, so a cyclic value cannot loop.
 */
export function badText(value: unknown, path = '', errors: FieldErrors = {}, seen = new WeakSet<object>()): FieldErrors {
  if (typeof value === 'string') {
    const problem = problemOf(value);
    if (problem) addError(errors, path, problem);
    return errors;
  }
  if (!value || typeof value !== 'object' || seen.has(value) || ArrayBuffer.isView(value) || value instanceof Date) return errors;
  seen.add(value);
  for (const [key, item] of Object.entries(value)) {
    const keyProblem = problemOf(key);
    if (keyProblem) addError(errors, path, keyProblem);
    else badText(item, path ? `${path}.${key}` : key, errors, seen);
  }
  return errors;
}

function addError(errors: FieldErrors, path: string, message: string): void {
  const field = path || 'non_field_errors';
  errors[field] = [...(errors[field] ?? []), message];
}

export function installTextGuard(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every request (bids included), and an async hook costs a promise.
  app.addHook('preValidation', (request, _reply, done) => {
    // Plain JSON bodies only: multipart uploads and raw buffers are not text fields.
    const errors = { ...badText(request.params), ...badText(request.query), ...badText(request.body) };
    done(Object.keys(errors).length > 0 ? new ValidationError(errors) : undefined);
  });
}
