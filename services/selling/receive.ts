/**
 * POST /api/staff/sell_requests/{id}/items/{itemId}/receive/ (staff): the item is in the house, with a condition note
 * and, optionally, photos. JSON ({condition_note}) or multipart (condition_note and files photo1..photoN, at most 10,
 * each at most 10 MB and an image by its content). The photos are handled as the valuation photos are: streamed to
 * temp files, checked and thumbnailed, moved into place only after the received event is committed; any refusal
 * removes the temp files, so nothing is kept on disk or in the database.
 * GET /api/sell_request_images/{imageId}/?size=thumb|full: a photo, for staff and the request's owner (the shared
 * image route of services/uploads).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answers, messageAnswer } from '../../infra/http/answers';
import type { AppContext } from '../context';
import { ValidationError } from '../../domain/shared/errors';
import { parseBody } from '../../infra/http/validation';
import { requireStaff } from '../../infra/http/auth';
import { idOr404 } from '../catalogue/http';
import { MAX_RECEIVE_PHOTOS, sellRequestDecider } from '../../domain/selling/sell-requests/decide';
import { sellRequestStream, type SellRequestPhoto } from '../../domain/selling/sell-requests/events';
import { SELL_MSG } from '../../domain/selling/sell-requests/messages';
import { checkImage, MAX_IMAGE_BYTES, NOT_AN_IMAGE } from '../uploads/images';
import { receiveUpload, registerUploads, type ReceivedFile, type UploadLimits } from '../uploads/receive';
import { uploadStore, type Move } from '../uploads/store';
import { imageRoute } from '../uploads/image-route';
import { receiveBody } from './schemas';
import { settled } from './common';
import { SELL_REQUEST_IMAGES } from './views';

const PHOTO_AREA = 'sell-requests';
const RECEIVE_LIMITS: UploadLimits = { maxFileBytes: MAX_IMAGE_BYTES, maxFiles: MAX_RECEIVE_PHOTOS, maxFields: 4, maxFieldBytes: 16 * 1024 };

const PHOTO_FIELD = /^photo(\d{1,2})$/;
export const UNEXPECTED_PHOTO_FIELD = (field: string) => `Unexpected file field "${field}": send photos as photo1..photo${MAX_RECEIVE_PHOTOS}.`;
const photoNumber = (f: ReceivedFile) => Number(PHOTO_FIELD.exec(f.field)![1]);

/** Refuses a file under any other field name before it is written (the count is the upload's own limit). */
function guard(field: string): void {
  if (!PHOTO_FIELD.test(field)) throw new ValidationError({}, UNEXPECTED_PHOTO_FIELD(field));
}

interface Receipt { requestId: string; itemId: string; staffId: string }

async function record(ctx: AppContext, request: FastifyRequest, r: Receipt, conditionNote: string, photos: SellRequestPhoto[]) {
  return ctx.commands.handle(sellRequestStream(r.requestId), sellRequestDecider, {
    type: 'ReceiveSellRequestItem', request_id: r.requestId, item_id: r.itemId, condition_note: conditionNote, photos, by: r.staffId, now: ctx.clock.now().toISOString(),
  }, { user_id: r.staffId, request_id: request.id });
}

/** The multipart form: every photo checked before the event; the files kept only once it is committed. */
async function receiveWithPhotos(ctx: AppContext, request: FastifyRequest, r: Receipt): Promise<void> {
  const store = uploadStore(ctx.config.dataDir);
  const upload = await receiveUpload(request, store, RECEIVE_LIMITS, guard);
  const temp = upload.files.map((f) => f.tempPath);
  try {
    const { condition_note } = parseBody(receiveBody, { condition_note: upload.fields.condition_note });
    const photos: SellRequestPhoto[] = [];
    const moves: Move[] = [];
    for (const file of [...upload.files].sort((a, b) => photoNumber(a) - photoNumber(b))) {
      const checked = await checkImage(file.tempPath);
      if (!checked) throw new ValidationError({}, NOT_AN_IMAGE(file.filename));
      temp.push(checked.thumbPath, checked.fullPath);
      const image_id = randomUUID();
      const photo: SellRequestPhoto = {
        image_id, file: `${image_id}.${checked.extension}`, thumb: `${image_id}-thumb.webp`, content_type: checked.contentType, size_bytes: file.size,
      };
      moves.push({ from: checked.fullPath, area: PHOTO_AREA, name: photo.file }, { from: checked.thumbPath, area: PHOTO_AREA, name: photo.thumb });
      photos.push(photo);
    }
    const outcome = await record(ctx, request, r, condition_note, photos);
    // Committed: the files now belong to the item. A failed move is logged (its image then answers 404).
    await store.commit(moves).catch((err) => request.log.error({ err, sell_request_id: r.requestId }, 'moving sell-request photos into place failed'));
    await settled(ctx, outcome.append ? [outcome.append] : []);
  } finally {
    await store.discard(temp);
  }
}

export async function receiveRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Multipart parsing is switched on in this scope only; a JSON body still reaches the route as before.
  await app.register(async (scope) => {
    await registerUploads(scope, RECEIVE_LIMITS);
    scope.withTypeProvider<ZodTypeProvider>().post('/api/staff/sell_requests/:id/items/:itemId/receive/', { schema: { summary: 'Staff: record an item as received (JSON or multipart with photos)', params: z.object({ id: z.string(), itemId: z.string() }), body: receiveBody, response: answers({ 200: messageAnswer }, 400, 401, 403, 404, 409, 413) } }, async (request) => {
      const staff = requireStaff(request);
      const r: Receipt = { requestId: idOr404(request.params.id, SELL_MSG.notFound), itemId: idOr404(request.params.itemId, SELL_MSG.itemNotFound), staffId: staff.id };
      if (request.isMultipart()) {
        await receiveWithPhotos(ctx, request, r);
      } else {
        const { condition_note } = request.body;
        const outcome = await record(ctx, request, r, condition_note, []);
        await settled(ctx, outcome.append ? [outcome.append] : []);
      }
      return { detail: 'Item received.' };
    });
  });

  imageRoute(app, ctx, {
    base: SELL_REQUEST_IMAGES, area: PHOTO_AREA,
    find: (imageId, user) => {
      let q = ctx.db.selectFrom('sell_request_images').select(['file', 'thumb', 'content_type']).where('image_id', '=', imageId);
      if (!user.is_staff) q = q.where('user_id', '=', user.id);
      return q.executeTakeFirst();
    },
  });
}
