import { z } from 'zod';
import { ValidationError, type FieldErrors } from '../../domain/shared/errors';
import { peopleMessage } from './zod-messages';

/** Turns zod issues into the API's field-error shape: `{field: ["message", ...]}`. */
export function toFieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : 'non_field_errors';
    fields[key] = [...(fields[key] ?? []), issue.message];
  }
  return fields;
}

/** Parses with the people's messages (services/http/zod-messages.ts) wherever a schema names none of its own. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value ?? {}, { error: peopleMessage });
  if (!result.success) throw new ValidationError(toFieldErrors(result.error));
  return result.data;
}

export const parseBody = parseWith;
export const parseQuery = parseWith;
export const parseParams = parseWith;

/**
 * Query values may come once or repeated (`distillery=a&distillery=b`): always an array. The default (rather than
 * the preprocess) answers a missing value so the API document (services/http/openapi.ts) shows the key as optional.
 */
export const repeated = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (Array.isArray(v) ? v : [v]), z.array(item)).default(() => []);

/** "true"/"false"/"1"/"0" query flags. */
export const queryBool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'True', 'False'])])
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'True');

export const idParam = z.object({ id: z.string().uuid({ message: 'Not found.' }) });
