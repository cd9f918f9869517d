/**
 * One contract per route: the zod schemas a route declares (`params`, `querystring`, `body`, `response`) are what
 * Fastify validates the request with and checks the answer against, and what the API document shows
 * (infra/http/openapi.ts; docs/api.md, "API reference").
 *
 * Requests. Every declared part is parsed with the people's messages (infra/http/zod-messages.ts) into the
 * API's `{field: [messages]}` shape, and the handler receives the parsed value (transforms and defaults applied).
 * A part that fails is not answered at once: the handler gets a stand-in that throws the ValidationError the first
 * time the handler reads it. So a route answers exactly as when it parsed the part itself: its own checks that come
 * first (signed in, staff, the caller's own object) still answer 401, 403 or 404 before a 400. A handler therefore
 * reads (destructures or spreads) each part before any work, where it used to parse it.
 *
 * Answers. A declared answer is sent as the handler built it (the schema never strips or rewrites it) after a check
 * against the schema. A mismatch is a bug of ours, not of the caller: in production it is logged and the answer is
 * sent anyway (a committed write must never turn into a 5xx); everywhere else it fails the request with a 500, so
 * a test that reaches it fails.
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify/types/schema';
import { z } from 'zod';
import { ValidationError, type FieldErrors } from '../../domain/shared/errors';
import { peopleMessage } from './zod-messages';

/** What the route's schema made of a request part: the schema, the value sent, and the error when it was refused. */
interface Parsed { schema: z.ZodType; sent: unknown; refusal?: ValidationError }
/** Parsed parts (and the stand-ins of refused ones), so a handler that still parses a part itself gets the same. */
const parts = new WeakMap<object, Parsed>();
/** The body as the client sent it, before parsing (the Idempotency-Key digest is of what was sent). */
const sentBodies = new WeakMap<FastifyRequest, unknown>();

/** Turns zod issues into the API's field-error shape: `{field: ["message", ...]}`. */
export function toFieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : 'non_field_errors';
    fields[key] = [...(fields[key] ?? []), issue.message];
  }
  return fields;
}

/** Parses one request part; a failure becomes a stand-in that throws when read. */
function parsePart(schema: z.ZodType, sent: unknown): unknown {
  const result = schema.safeParse(sent ?? {}, { error: peopleMessage });
  if (!result.success) return refused({ schema, sent, refusal: new ValidationError(toFieldErrors(result.error)) });
  if (typeof result.data === 'object' && result.data !== null) parts.set(result.data, { schema, sent });
  return result.data;
}

/** What a route's schema made of `value` when it is a parsed or refused request part. */
export function parsedPart(value: unknown): Parsed | undefined {
  return typeof value === 'object' && value !== null ? parts.get(value) : undefined;
}

function refused(parsed: Parsed): object {
  const fail = (): never => { throw parsed.refusal; };
  const standIn = new Proxy({}, { get: fail, has: fail, ownKeys: fail, getOwnPropertyDescriptor: fail });
  parts.set(standIn, parsed);
  return standIn;
}

export function sentBody(request: FastifyRequest): unknown {
  return sentBodies.has(request) ? sentBodies.get(request) : request.body;
}

const isZod = (schema: unknown): schema is z.ZodType => schema instanceof z.ZodType;

const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema }) => (data) => {
  if (!isZod(schema)) return { value: data };
  return { value: parsePart(schema, data) };
};

/**
 * In production a route's answers are checked the first `PRODUCTION_CHECK_EVERY` times and then one in that many:
 * a full zod parse of every bid answer was work on the hot path for a check whose failure only logs. A drift that
 * only some data shows is still found, at a hundredth of the cost. Tests and development check every answer.
 */
export const PRODUCTION_CHECK_EVERY = 100;

/** `strict`: a mismatching answer fails the request (tests, development); otherwise it is logged and sent. */
function serializerCompiler(log: FastifyBaseLogger, strict: boolean): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url, httpStatus }) => {
    let sent = 0; // this route's answers of this status, in this process
    return (data) => {
      sent++;
      if (isZod(schema) && (strict || sent <= PRODUCTION_CHECK_EVERY || sent % PRODUCTION_CHECK_EVERY === 0)) {
        checkAnswer(schema, data, strict, log, `${method} ${url}`, httpStatus);
      }
      return JSON.stringify(data);
    };
  };
}

function checkAnswer(schema: z.ZodType, data: unknown, strict: boolean, log: FastifyBaseLogger, route: string, status: string | undefined): void {
  const result = schema.safeParse(data);
  if (result.success) return;
  // Paths and codes only: the values may be personal data.
  const issues = result.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), code: issue.code, message: issue.message }));
  if (strict) throw new Error(`The ${status} answer of ${route} does not match its schema: ${JSON.stringify(issues)}`);
  log.warn({ route, status, issues }, 'answer does not match its declared schema');
}

/** Installs the contract on the root instance, before any route is added. */
export function installContract(app: FastifyInstance, strictAnswers: boolean): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler(app.log, strictAnswers));
  // A callback hook, not an async one: it runs on every request (bids included), and an async hook costs a promise.
  app.addHook('preValidation', (request, _reply, done) => {
    sentBodies.set(request, request.body);
    done();
  });
}
