import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { DomainError, ValidationError } from '../../domain/shared/errors';
import { WrongExpectedVersion } from '../event-store/types';
import { isDatabaseUnavailable } from '../db/unavailable';

/** Seconds a client is told to wait when the database is unreachable (a restart takes a few seconds). */
export const UNAVAILABLE_RETRY_AFTER = 5;

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

/** The one place where error kinds become HTTP answers. A 5xx never carries internals. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof ValidationError) {
      const fields = Object.keys(error.fields);
      return reply.status(400).send(fields.length > 0 ? error.fields : { detail: error.message });
    }
    if (error instanceof DomainError) {
      if ('retryAfterSeconds' in error && typeof error.retryAfterSeconds === 'number') reply.header('Retry-After', String(error.retryAfterSeconds));
      return reply.status(STATUS[error.kind]).send({ detail: error.message });
    }
    if (error instanceof WrongExpectedVersion) {
      return reply.status(409).send({ detail: 'This was changed by someone else at the same time. Please try again.' });
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.statusCode && fastifyError.statusCode < 500) {
      // Framework errors (malformed JSON, body too large, unsupported media type): safe, short messages.
      return reply.status(fastifyError.statusCode).send({ detail: publicFrameworkMessage(fastifyError) });
    }
    if (isDatabaseUnavailable(error)) {
      // PostgreSQL is down or restarting: temporary, the pool reconnects by itself. Nothing about the cause leaks.
      request.log.warn({ err: error }, 'request failed: database unavailable');
      reply.header('Retry-After', String(UNAVAILABLE_RETRY_AFTER));
      return reply.status(503).send({ detail: 'The service is temporarily unavailable. Please try again in a moment.' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ detail: 'Server error' });
  });
}

/**
 * Fastify's `frameworkErrors`: URLs the router refuses before any route or hook runs (a malformed percent-encoding,
 * a path parameter over maxParamLength) get the API's `{detail}` shape too instead of Fastify's own body.
 */
export function answerFrameworkError(error: FastifyError, reply: FastifyReply): void {
  const status = error.statusCode ?? 400;
  void reply.status(status).send({ detail: status >= 500 ? 'Server error' : publicFrameworkMessage(error) });
}

function publicFrameworkMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return 'Malformed URL.';
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return 'The URL is too long.';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Malformed JSON body.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported media type.';
    default:
      return error.statusCode === 429 ? 'Too many requests.' : 'Bad request.';
  }
}
