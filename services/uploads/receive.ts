/**
 * Multipart uploads: `registerUploads` switches multipart parsing on for the routes of one plugin scope only (the
 * rest of the API stays JSON); `receiveUpload` streams each file of a request to a temp file, refusing an oversize
 * file or too many files with a clear message. On any refusal every temp file it wrote is removed before it throws.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ValidationError } from '../../domain/shared/errors';
import { badText } from '../../infra/http/text-guard';
import type { UploadStore } from './store';

export interface UploadLimits {
  maxFileBytes: number;
  maxFiles: number;
  /** Text fields (titles, user_data...). */
  maxFields: number;
  maxFieldBytes: number;
  /** All files of one request together. */
  maxTotalBytes?: number;
}

export interface ReceivedFile { field: string; filename: string; tempPath: string; size: number }
interface ReceivedUpload { fields: Record<string, string>; files: ReceivedFile[] }

const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

export const UPLOAD_MSG = {
  notMultipart: 'Send the form as multipart/form-data.',
  tooLarge: (name: string, max: number) => `"${name}" is larger than ${mb(max)}.`,
  tooManyFiles: (max: number) => `You can send at most ${max} files at once.`,
  tooManyFields: 'The form has too many fields.',
  fieldTooLong: (field: string) => `The field ${field} is too long.`,
  tooLargeTogether: (max: number) => `The files together are larger than ${mb(max)}.`,
};

export async function registerUploads(scope: FastifyInstance, limits: UploadLimits): Promise<void> {
  await scope.register(multipart, {
    throwFileSizeLimit: false,
    limits: {
      fileSize: limits.maxFileBytes, files: limits.maxFiles + 1, fields: limits.maxFields, fieldSize: limits.maxFieldBytes,
      parts: limits.maxFiles + limits.maxFields + 2, fieldNameSize: 200, headerPairs: 100,
    },
  });
}

/**
 * Reads the whole request. `guard` sees each file's field name before it is written and may throw to refuse at once
 * (a seventh object when six are allowed, say), so nothing more of the request is stored.
 */
export async function receiveUpload(
  request: FastifyRequest, store: UploadStore, limits: UploadLimits, guard?: (field: string, filesSoFar: ReceivedFile[]) => void,
): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw new ValidationError({}, UPLOAD_MSG.notMultipart);
  const fields: Record<string, string> = {};
  const files: ReceivedFile[] = [];
  const written: string[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw new ValidationError({}, UPLOAD_MSG.fieldTooLong(part.fieldname));
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        continue;
      }
      if (files.length >= limits.maxFiles) throw new ValidationError({}, UPLOAD_MSG.tooManyFiles(limits.maxFiles));
      guard?.(part.fieldname, files);
      const tempPath = await store.tempPath();
      written.push(tempPath);
      await pipeline(part.file, fs.createWriteStream(tempPath));
      const filename = (part.filename || part.fieldname).slice(0, 120);
      if (part.file.truncated) throw new ValidationError({}, UPLOAD_MSG.tooLarge(filename, limits.maxFileBytes));
      const { size } = await fsp.stat(tempPath);
      files.push({ field: part.fieldname, filename, tempPath, size });
      const total = files.reduce((sum, f) => sum + f.size, 0);
      if (limits.maxTotalBytes !== undefined && total > limits.maxTotalBytes) throw new ValidationError({}, UPLOAD_MSG.tooLargeTogether(limits.maxTotalBytes));
    }
    // Multipart bypasses the JSON text guard: refuse text PostgreSQL cannot store (NUL, lone surrogates) here too.
    const bad = badText({ ...fields, ...Object.fromEntries(files.map((f) => [f.field, f.filename])) });
    if (Object.keys(bad).length > 0) throw new ValidationError(bad);
    return { fields, files };
  } catch (error) {
    await store.discard(written);
    throw translate(error, limits);
  }
}

/** The parser's own limit errors, as the same clear 400s. */
function translate(error: unknown, limits: UploadLimits): unknown {
  const code = (error as { code?: string } | null)?.code;
  if (code === 'FST_FILES_LIMIT') return new ValidationError({}, UPLOAD_MSG.tooManyFiles(limits.maxFiles));
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') return new ValidationError({}, UPLOAD_MSG.tooManyFields);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new ValidationError({}, UPLOAD_MSG.notMultipart);
  return error;
}
