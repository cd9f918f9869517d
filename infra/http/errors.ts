import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { DomainError, ValidationError, type FieldErrors } from '../../domain/shared/errors';
import { WrongExpectedVersion } from '../event-store/types';
import { isDatabaseUnavailable } from '../db/unavailable';
import { answerAfterCommit } from './idempotency-keys';

/** Seconds a client is told to wait when the database is unreachable (a restart takes a few seconds). */
const UNAVAILABLE_RETRY_AFTER = 5;

/** The whole body of every 5xx: nothing about the cause reaches the caller. */
const SERVER_ERROR = 'Server error';

const STATUS: Record<DomainError['kind'], number> = {
  validation: 400,
  rule_broken: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  throttled: 429,
  unavailable: 503,
};

/** What a domain error answers: its status, its body (`{field: [...]}` or `{detail}`) and, for a wait, Retry-After. */
interface DomainAnswer { status: number; body: FieldErrors | { detail: string }; retryAfterSeconds: number | null }

function domainAnswer(error: DomainError): DomainAnswer {
  if (error instanceof ValidationError) {
    const fields = Object.keys(error.fields);
    return { status: 400, body: fields.length > 0 ? error.fields : { detail: error.message }, retryAfterSeconds: null };
  }
  const retryAfterSeconds = 'retryAfterSeconds' in error && typeof error.retryAfterSeconds === 'number' ? error.retryAfterSeconds : null;
  return { status: STATUS[error.kind], body: { detail: error.message }, retryAfterSeconds };
}

/** What the error handler's answers are sent as (Fastify's type for a JSON answer). */
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * A domain error a route returns as a value instead of throwing it (a refused bid: most of a hot lot's answers):
 * the error handler's answer, the same status, headers and bytes, without Fastify's error path. The body is
 * serialized here, once: a string sent with the JSON type goes out as it is (no serializer, no check against the
 * route's schema, which the shape above satisfies by construction; errors.test.ts checks it).
 */
export function sendDomainError(reply: FastifyReply, error: DomainError): FastifyReply {
  const answer = domainAnswer(error);
  if (answer.retryAfterSeconds !== null) reply.header('Retry-After', String(answer.retryAfterSeconds));
  return reply.status(answer.status).type(JSON_TYPE).send(JSON.stringify(answer.body));
}

/** The one place where error kinds become HTTP answers. A 5xx never carries internals. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof DomainError) {
      const answer = domainAnswer(error);
      if (answer.retryAfterSeconds !== null) reply.header('Retry-After', String(answer.retryAfterSeconds));
      return reply.status(answer.status).send(answer.body);
    }
    if (error instanceof WrongExpectedVersion) {
      return reply.status(409).send({ detail: 'This was changed by someone else at the same time. Please try again.' });
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.statusCode && fastifyError.statusCode < 500) {
      // Framework errors (malformed JSON, body too large, unsupported media type): safe, short messages.
      return reply.status(fastifyError.statusCode).send({ detail: publicFrameworkMessage(fastifyError) });
    }
    if (answerAfterCommit(request, reply)) {
      request.log.error({ err: error }, 'request failed after its effect committed: answered as carried out');
      return reply;
    }
    if (isDatabaseUnavailable(error)) {
      // PostgreSQL is down or restarting: temporary, the pool reconnects by itself. Nothing about the cause leaks.
      request.log.warn({ err: error }, 'request failed: database unavailable');
      reply.header('Retry-After', String(UNAVAILABLE_RETRY_AFTER));
      return reply.status(503).send({ detail: 'The service is temporarily unavailable. Please try again in a moment.' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ detail: SERVER_ERROR });
  });
}

/**
 * Fastify's `frameworkErrors`: URLs the router refuses before any route or hook runs (a malformed percent-encoding,
 * a path parameter over maxParamLength) get the API's `{detail}` shape too instead of Fastify's own body.
 */
export function answerFrameworkError(error: FastifyError, reply: FastifyReply): void {
  const status = error.statusCode ?? 400;
  void reply.status(status).send({ detail: status >= 500 ? SERVER_ERROR : publicFrameworkMessage(error) });
}

/**
 * The detail of each status when nothing more specific is known: framework and protocol errors (Fastify's, the
 * HTTP parser's in infra/http/client-errors.ts, the router's 404 and 405). Written for people; no internals.
 */
const STATUS_DETAIL: Record<number, string> = {
  400: 'The request could not be read.',
  404: 'Not found.',
  405: 'This method is not allowed here.',
  406: 'This address cannot answer in the format asked for.',
  408: 'The request took too long to arrive. Please try again.',
  411: 'A request with a body needs a Content-Length header.',
  413: 'Request body is too large.',
  414: 'The URL is too long.',
  415: 'This content type is not accepted here.',
  429: 'Too many requests.',
  431: 'The request headers are too large.',
  503: 'The server is restarting. Please try again in a moment.',
};

export function detailForStatus(status: number): string {
  return STATUS_DETAIL[status] ?? (status >= 500 ? SERVER_ERROR : STATUS_DETAIL[400]);
}

function publicFrameworkMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return 'Malformed URL.';
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return detailForStatus(414);
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'Malformed JSON body.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The JSON body is empty.';
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'The Content-Length header does not match the body.';
    default:
      return detailForStatus(error.statusCode ?? 400);
  }
}
