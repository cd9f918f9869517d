import { z } from 'zod';
import { NotFound, ValidationError } from '../../domain/shared/errors';
import { parsedPart, toFieldErrors } from './contract';
import { peopleMessage } from './zod-messages';

/**
 * Parses with the people's messages (infra/http/zod-messages.ts) wherever a schema names none of its own. Route
 * parts are parsed by the route's schema already (infra/http/contract.ts): this is for values that are no route
 * part (a websocket message, a multipart field). Given a route part, the part as parsed by the same schema comes back
 * as it is (or its error is thrown); another schema parses what the client sent.
 */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const part = parsedPart(value);
  if (part?.schema === schema) {
    if (part.refusal) throw part.refusal;
    return value as z.infer<S>;
  }
  const result = schema.safeParse((part ? part.sent : value) ?? {}, { error: peopleMessage });
  if (!result.success) throw new ValidationError(toFieldErrors(result.error));
  return result.data;
}

/**
 * Reads a route part whose refusal means "no such object" (an id that is no uuid names nothing): 404 instead of the
 * part's 400. `orNotFound(() => request.params.id, 'Lot not found.')`.
 */
export function orNotFound<T>(read: () => T, message?: string): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof ValidationError) throw new NotFound(message);
    throw error;
  }
}

export const parseBody = parseWith;
export const parseQuery = parseWith;

/**
 * Query values may come once or repeated (`distillery=a&distillery=b`): always an array. The default (rather than
 * the preprocess) answers a missing value so the API document (infra/http/openapi.ts) shows the key as optional.
 */
export const repeated = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (Array.isArray(v) ? v : [v]), z.array(item)).default(() => []);

/** "true"/"false"/"1"/"0" query flags. */
export const queryBool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'True', 'False'])])
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'True');

export const idParam = z.object({ id: z.string().uuid({ message: 'Not found.' }) });
