/**
 * POST /api/valuation_requests/: every check comes before anything is kept. The files are streamed to temp names,
 * counted, checked by content and thumbnailed; a signed-out visitor's user_data is checked by the sign-up rules; then
 * the account (if any) and the valuation are committed in one transaction, and only then are the files moved into
 * place. Any refusal or failure removes the temp files, so nothing is left on disk or in the database.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { ValidationError } from '../../domain/shared/errors';
import { MAX_IMAGES_PER_OBJECT, MAX_OBJECTS, MSG, objectErrors, valuationDecider } from '../../domain/valuation/decide';
import type { RequestValuation } from '../../domain/valuation/commands';
import { valuationStream, type ValuationImage, type ValuationObject } from '../../domain/valuation/events';
import type { AppendResult } from '../../infra/event-store/types';
import { parseBody } from '../../infra/http/validation';
import { registrationSchema } from '../accounts/schemas';
import { register } from '../accounts/registration';
import { checkImage, MAX_IMAGE_BYTES, NOT_AN_IMAGE } from '../uploads/images';
import { receiveUpload, type ReceivedFile, type UploadLimits } from '../uploads/receive';
import { uploadStore, type Move } from '../uploads/store';

export const UPLOAD_AREA = 'valuations';
export const VALUATION_LIMITS: UploadLimits = {
  maxFileBytes: MAX_IMAGE_BYTES, maxFiles: MAX_OBJECTS * MAX_IMAGES_PER_OBJECT, maxFields: 40, maxFieldBytes: 16 * 1024,
  /** Ten objects of ten full-size phone photos fit easily; a request of 100 photos of 10 MB does not. */
  maxTotalBytes: 200 * 1024 * 1024,
};
export const USER_DATA_REQUIRED = 'Sign in, or fill in your details to create an account.';
const USER_DATA_INVALID = 'user_data must be a JSON object.';

const FILE_FIELD = /^objects\[(\d+)\]\[image(\d+)\]$/;
const TITLE_FIELD = /^objects\[(\d+)\]\[title\]$/;
const UNEXPECTED_FILE = (field: string) => `Unexpected file field "${field}": send photos as objects[N][imageK].`;

/** Refuses at once, before writing it, a file that would make too many objects or photos. */
function guard(field: string, so_far: ReceivedFile[]): void {
  const match = FILE_FIELD.exec(field);
  if (!match) throw new ValidationError({}, UNEXPECTED_FILE(field));
  const index = Number(match[1]);
  if (index >= MAX_OBJECTS) throw new ValidationError({}, MSG.tooManyObjects);
  if (so_far.filter((f) => FILE_FIELD.exec(f.field)?.[1] === match[1]).length >= MAX_IMAGES_PER_OBJECT) {
    throw new ValidationError({}, MSG.tooManyImages(index + 1));
  }
}

/** Groups the fields and files into objects 0..N; a gap in the numbering is an object without title and photos. */
function groupObjects(fields: Record<string, string>, files: ReceivedFile[]): { title: string; files: ReceivedFile[] }[] {
  let count = 0;
  for (const name of Object.keys(fields)) {
    const m = TITLE_FIELD.exec(name);
    if (m) count = Math.max(count, Number(m[1]) + 1);
  }
  for (const f of files) count = Math.max(count, Number(FILE_FIELD.exec(f.field)![1]) + 1);
  if (count > MAX_OBJECTS) throw new ValidationError({}, MSG.tooManyObjects);
  return Array.from({ length: count }, (_, i) => ({
    title: fields[`objects[${i}][title]`] ?? '',
    files: files.filter((f) => Number(FILE_FIELD.exec(f.field)![1]) === i)
      .sort((a, b) => Number(FILE_FIELD.exec(a.field)![2]) - Number(FILE_FIELD.exec(b.field)![2])),
  }));
}

function parseUserData(ctx: AppContext, raw: string | undefined) {
  if (raw === undefined || raw.trim() === '') throw new ValidationError({}, USER_DATA_REQUIRED);
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    throw new ValidationError({}, USER_DATA_INVALID);
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw new ValidationError({}, USER_DATA_INVALID);
  const d = data as Record<string, unknown>;
  // The contract names the phone `phone`; the sign-up form calls it phone_number. Same rules either way.
  return parseBody(registrationSchema(ctx.clock.now()), { ...d, phone_number: d.phone_number ?? d.phone });
}

export async function submitValuation(ctx: AppContext, request: FastifyRequest): Promise<{ id: string; append: AppendResult }> {
  const store = uploadStore(ctx.config.dataDir);
  const upload = await receiveUpload(request, store, VALUATION_LIMITS, guard);
  const temp = upload.files.map((f) => f.tempPath);
  try {
    const groups = groupObjects(upload.fields, upload.files);
    const errors = objectErrors(groups.map((g) => ({ title: g.title, imageCount: g.files.length })));
    if (errors.length > 0) throw new ValidationError({}, errors[0]);
    const form = request.user ? null : parseUserData(ctx, upload.fields.user_data);

    const moves: Move[] = [];
    const objects: ValuationObject[] = [];
    for (const group of groups) {
      const images: ValuationImage[] = [];
      for (const file of group.files) {
        const checked = await checkImage(file.tempPath);
        if (!checked) throw new ValidationError({}, NOT_AN_IMAGE(file.filename));
        temp.push(checked.thumbPath, checked.fullPath);
        const image_id = randomUUID();
        const image: ValuationImage = {
          image_id, file: `${image_id}.${checked.extension}`, thumb: `${image_id}-thumb.webp`, content_type: checked.contentType, size_bytes: file.size,
        };
        moves.push({ from: checked.fullPath, area: UPLOAD_AREA, name: image.file }, { from: checked.thumbPath, area: UPLOAD_AREA, name: image.thumb });
        images.push(image);
      }
      objects.push({ title: group.title, images });
    }

    const { rows } = await sql<{ n: string }>`SELECT nextval('valuation_numbers') AS n`.execute(ctx.db);
    const id = randomUUID();
    const command = (user_id: string): RequestValuation => ({
      type: 'RequestValuation', valuation_id: id, reference_no: Number(rows[0].n), user_id, objects, now: ctx.clock.now().toISOString(),
    });
    let append: AppendResult | null = null;
    if (request.user) {
      const outcome = await ctx.commands.handle(valuationStream(id), valuationDecider, command(request.user.id), { user_id: request.user.id, request_id: request.id });
      append = outcome.append;
    } else {
      await register(ctx, form!, request, async (trx, userId) => {
        const events = valuationDecider.decide(command(userId), valuationDecider.initialState);
        append = await ctx.store.append(valuationStream(id), 'no_stream',
          events.map((e) => ({ event_id: randomUUID(), type: e.type, data: e.data, metadata: { user_id: userId, request_id: request.id } })), trx);
      });
    }
    if (!append) throw new Error('valuation request appended nothing');
    // Committed: the files now belong to the request. A failed move is logged (its image then answers 404).
    await store.commit(moves).catch((err) => request.log.error({ err, valuation_id: id }, 'moving valuation images into place failed'));
    return { id, append };
  } finally {
    await store.discard(temp);
  }
}
