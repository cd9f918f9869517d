/**
 * Image checks by content (never by name or declared type): sharp must read the file as JPEG, PNG, WebP or HEIF and
 * decode it whole while making the thumbnail, so a renamed text file or a truncated image is refused. HEIF is only
 * accepted when the installed libvips can decode it; its full size is kept as JPEG so every browser shows it.
 */
import fs from 'node:fs/promises';
import { onDemand } from '../../infra/on-demand';

/** sharp (libvips), loaded by the first picture checked or drawn. */
export const loadSharp = onDemand<typeof import('sharp').default>('sharp');

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const THUMB_SIZE = 400;

const CONTENT_TYPES: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

interface CheckedImage {
  /** The file to keep as the full image (the upload itself, or its JPEG conversion). */
  fullPath: string;
  contentType: string;
  extension: string;
  thumbPath: string;
  width: number;
  height: number;
}

export const NOT_AN_IMAGE = (name: string) => `"${name}" is not a JPEG, PNG or WebP image.`;

/** Answers null when the file is not an accepted, readable image. Writes the thumbnail (and a conversion) beside it. */
export async function checkImage(tempPath: string): Promise<CheckedImage | null> {
  const sharp = loadSharp();
  let format: string | undefined;
  let width = 0;
  let height = 0;
  try {
    const meta = await sharp(tempPath).metadata();
    format = meta.format;
    width = meta.width ?? 0;
    height = meta.height ?? 0;
  } catch {
    return null;
  }
  if (!format || !(format in CONTENT_TYPES || format === 'heif') || width === 0 || height === 0) return null;
  const thumbPath = `${tempPath}.thumb.webp`;
  let fullPath = tempPath;
  try {
    await sharp(tempPath, { failOn: 'error' }).rotate().resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 }).toFile(thumbPath);
    if (format === 'heif') {
      fullPath = `${tempPath}.full.jpg`;
      await sharp(tempPath).rotate().jpeg({ quality: 90 }).toFile(fullPath);
    }
  } catch {
    await fs.rm(thumbPath, { force: true });
    if (fullPath !== tempPath) await fs.rm(fullPath, { force: true });
    return null;
  }
  const heif = format === 'heif';
  return {
    fullPath, thumbPath, width, height,
    contentType: heif ? 'image/jpeg' : CONTENT_TYPES[format],
    extension: heif || format === 'jpeg' ? 'jpg' : format,
  };
}
