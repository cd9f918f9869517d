/**
 * Pictures the demo house draws for itself (lot photographs, article and about-page pictures): an SVG rendered by
 * sharp to WebP and kept exactly as a staff upload through POST /api/staff/article_images/ is: the full image and
 * its thumbnail (at most THUMB_SIZE, WebP, as services/uploads makes them) in the `articles` upload area, files
 * first, then an `ArticleImageUploaded` event, so every page and the image route use them like any upload.
 */
import fs from 'node:fs/promises';
import { createHash, randomUUID } from 'node:crypto';
import type { AppContext } from '../context';
import { articleImageStream } from '../../domain/content/article/events';
import { loadSharp, THUMB_SIZE } from '../uploads/images';
import { uploadStore } from '../uploads/store';
import type { NewEvent } from '../../infra/event-store/types';
import { ARTICLE_UPLOAD_AREA } from './article-routes';
import { imageUrl } from './article-views';
import { cachedRender } from './render-cache';

/** The full image's width for lot photographs (4:5 drawings, 800 x 1000 units, shown at most about 600 px wide). */
const RENDER_WIDTH = 640;

export interface RenderedImage { full: Buffer; thumb: Buffer; width: number; height: number }

const FULL_WEBP = { quality: 82, effort: 2 };
const THUMB_WEBP = { quality: 80, effort: 2 };
/** Bump when renderSvg's steps change in a way its options below do not show (the cache keys on this recipe). */
const RENDER_STEPS = 1;
let recipe: string | undefined;

/** Everything besides the SVG and width that makes renderSvg's bytes: the cached pictures are keyed on it. */
export function renderRecipe(): string {
  recipe ??= JSON.stringify({ steps: RENDER_STEPS, full: FULL_WEBP, thumb: THUMB_WEBP, thumbSize: THUMB_SIZE, libraries: loadSharp().versions });
  return recipe;
}

/**
 * The SVG as WebP `width` pixels wide, and its thumbnail: the same drawing gives the same bytes. The drawing is
 * rasterised once and both sizes are encoded from those pixels (rasterising is most of the cost).
 */
export async function renderSvg(svg: string, width = RENDER_WIDTH): Promise<RenderedImage> {
  const sharp = loadSharp();
  const { width: drawn = 800 } = await sharp(Buffer.from(svg)).metadata();
  const pixels = await sharp(Buffer.from(svg), { density: (72 * width) / drawn }).raw().toBuffer({ resolveWithObject: true });
  const raw = { raw: pixels.info };
  const full = await sharp(pixels.data, raw).webp(FULL_WEBP).toBuffer();
  const thumb = await sharp(pixels.data, raw).resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside', withoutEnlargement: true }).webp(THUMB_WEBP).toBuffer();
  return { full, thumb, width: pixels.info.width, height: pixels.info.height };
}

/**
 * renderSvg's picture, from the machine's cache of rendered pictures in `cacheDir` when it has drawn this SVG at this
 * width before (null: always rendered). The seed uses it; the bytes are the same either way (render-cache.ts).
 */
export function renderSvgCached(cacheDir: string | null, svg: string, width = RENDER_WIDTH): Promise<RenderedImage> {
  return cachedRender({ dir: cacheDir, recipe: renderRecipe(), render: renderSvg }, svg, width);
}

interface StoredPicture { imageId: string; url: string; event: NewEvent }

/**
 * Writes a rendered picture's files into the uploads area and answers the `ArticleImageUploaded` event naming them
 * (the caller appends it, alone or with the events that use the picture, so no event names a missing file).
 */
export async function storePicture(ctx: AppContext, image: RenderedImage, by: string, imageId: string = randomUUID()): Promise<StoredPicture> {
  const store = uploadStore(ctx.config.dataDir);
  const data = { image_id: imageId, file: `${imageId}.webp`, thumb: `${imageId}-thumb.webp`, content_type: 'image/webp', by, at: ctx.clock.now().toISOString() };
  const fullTemp = await store.tempPath('.webp');
  const thumbTemp = await store.tempPath('.thumb.webp');
  try {
    await fs.writeFile(fullTemp, image.full);
    await fs.writeFile(thumbTemp, image.thumb);
    await store.commit([{ from: fullTemp, area: ARTICLE_UPLOAD_AREA, name: data.file }, { from: thumbTemp, area: ARTICLE_UPLOAD_AREA, name: data.thumb }]);
  } finally {
    await store.discard([fullTemp, thumbTemp]);
  }
  return { imageId, url: imageUrl(imageId)!, event: { event_id: randomUUID(), type: 'ArticleImageUploaded', data, metadata: { user_id: by, source: 'demo-seed' } } };
}

/** Renders, stores and records one picture on its own stream (for pictures no other event waits on). */
export async function addPicture(ctx: AppContext, svg: string, by: string, width = RENDER_WIDTH): Promise<StoredPicture> {
  const picture = await storePicture(ctx, await renderSvgCached(ctx.config.renderCacheDir, svg, width), by);
  await ctx.store.append(articleImageStream(picture.imageId), 'no_stream', [picture.event]);
  return picture;
}

/** A short digest of a drawing (tests compare pictures by it). */
export const digestOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Runs `work` over `items`, at most `limit` at a time: rendering is CPU work in libvips threads, so a small bound
 * keeps the seed from swamping a small machine while still using its cores.
 */
export async function boundedMap<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) results[i] = await work(items[i]!, i);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
