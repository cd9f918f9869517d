/**
 * The error answers every route can declare beside its success answer, so the OpenAPI document shows them and Fastify
 * serializes them through the same zod schemas (infra/http/errors.ts builds them; docs/api.md lists the statuses).
 */
import { z } from 'zod';

/** `{"detail": "..."}`: every error but a form's field errors. */
const errorAnswer = z.object({ detail: z.string() }).meta({ id: 'Error', description: 'What went wrong, written for people.' });

/** `{"field": ["message", ...]}`: a form's field errors (`non_field_errors` for the form as a whole). */
const fieldErrorsAnswer = z
  .record(z.string(), z.array(z.string()))
  .meta({ id: 'FieldErrors', description: 'Messages per field, written for people.' });

/** A 400: field errors, or one detail when the whole request is wrong. */
export const badRequestAnswer = z.union([fieldErrorsAnswer, errorAnswer]);

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 503;

/**
 * `response` for a route: its success answers plus the error statuses it can answer. Example:
 * `schema: { response: answers({ 200: walletAnswerSchema }, 401) }`.
 */
export function answers<S extends Record<number, z.ZodType | ContentAnswer>>(success: S, ...errors: ErrorStatus[]): S & Record<number, z.ZodType> {
  const response: Record<number, z.ZodType | ContentAnswer> = { ...success };
  for (const status of errors) response[status] = status === 400 ? badRequestAnswer : errorAnswer;
  return response as S & Record<number, z.ZodType>;
}

/** An answer described by its content type (a file), not by a JSON schema. */
interface ContentAnswer { description: string; content: Record<string, { schema: z.ZodType }> }

/** `{"detail": "..."}` as a success answer (a sentence for people: "You have been logged out."). */
export const messageAnswer = z.object({ detail: z.string() }).meta({ id: 'Message', description: 'What was done, written for people.' });

/** A 204: no body at all (the document shows no content); `reply.status(204).send(null)` (Fastify sends no body on a 204). */
export const noContent = z.null().describe('No content.');

/** Money as the API sends it: pounds as a decimal string with two places ("125.00"). */
export const money = z.string().describe('Pounds, two decimal places, as text ("125.00").');

/**
 * An answer that is no JSON (a PDF, an HTML page, a CSV file): described by its content type. The schema is for the
 * document; the payload is a Buffer or a string, which Fastify sends as it is.
 */
export function fileAnswer(contentType: string, description: string): ContentAnswer {
  return { description, content: { [contentType]: { schema: z.string().meta({ format: 'binary' }) } } };
}

/**
 * A JSON answer that can also be downloaded as a file of another type (`?format=csv`): both under one status. The
 * JSON is checked against `schema`; the file is sent as it is.
 */
export function jsonOrFileAnswer(schema: z.ZodType, contentType: string, description: string): ContentAnswer {
  return { description, content: { 'application/json': { schema }, [contentType]: { schema: z.string().meta({ format: 'binary' }) } } };
}

/** A document as JSON (what the client saves): the file in base64, its name and its type. */
export const base64FileAnswer = z.object({ file: z.string().describe('The file, base64.'), filename: z.string(), mime_type: z.string() });
