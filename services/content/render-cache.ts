/**
 * The demo seed's rendered pictures, kept by content. A demo house is ~580 SVG renders of ~46 ms CPU each, and the
 * seed draws the same SVGs all day (and tests, on their fixed clock, every day): each test app and `npm start` would
 * render them again. One file per picture, named by a sha256 of everything that makes its bytes, in a directory every
 * process on the machine shares (Config.renderCacheDir). Entries unused for UNUSED_FOR_MS are swept, so a machine that
 * seeds a new day's house every day keeps about three days of pictures. Any problem reading or writing only means the
 * picture is rendered: the cache can spare work, never change a picture.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import type { RenderedImage } from './rendered-images';

export type Renderer = (svg: string, width: number) => Promise<RenderedImage>;

export interface RenderCache {
  /** Where the entries are; null renders every time. */
  dir: string | null;
  /** Everything besides the SVG and the width that changes the bytes (encoder options, sizes, library versions). */
  recipe: string;
  render: Renderer;
}

/** A touch on every hit keeps what the seeds still draw; three days covers a weekend without use. */
export const UNUSED_FOR_MS = 3 * 24 * 60 * 60 * 1000;

// An entry: "WRC1", width, height, the two lengths (uint32 BE), a sha256 of both images, then the images.
const MAGIC = Buffer.from('WRC1');
const HEADER = 52;
/** Entries and the temp files they are written as (a temp file a killed process left is swept like an entry). */
const ENTRY_NAME = /^[0-9a-f]{64}\.render(\.[0-9a-z-]+\.tmp)?$/;

/** The entry's name: the SVG, the width and the recipe, each unambiguous (the recipe and width are delimited). */
export function renderKey(recipe: string, svg: string, width: number): string {
  return createHash('sha256').update(JSON.stringify([recipe, width])).update('\n').update(svg).digest('hex');
}

export const entryPath = (dir: string, key: string) => path.join(dir, `${key}.render`);

/** The rendered picture from the cache when a sound entry is there; otherwise rendered and stored for next time. */
export async function cachedRender(cache: RenderCache, svg: string, width: number): Promise<RenderedImage> {
  if (!cache.dir) return cache.render(svg, width);
  await sweepOnce(cache.dir);
  const file = entryPath(cache.dir, renderKey(cache.recipe, svg, width));
  const kept = await readEntry(file);
  if (kept) return kept;
  const image = await cache.render(svg, width);
  await writeEntry(file, image);
  return image;
}

async function readEntry(file: string): Promise<RenderedImage | null> {
  let bytes: Buffer;
  try {
    bytes = await fs.readFile(file);
  } catch {
    return null;
  }
  const image = decode(bytes);
  if (image) {
    const now = new Date();
    await fs.utimes(file, now, now).catch(() => {});
  }
  return image;
}

/** Written whole to a temp file beside it, then renamed over it: readers see the old entry, the new, or none. */
async function writeEntry(file: string, image: RenderedImage): Promise<void> {
  const temp = `${file}.${process.pid}-${randomUUID()}.tmp`;
  try {
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(temp, encode(image));
    await fs.rename(temp, file);
  } catch {
    await fs.rm(temp, { force: true }).catch(() => {});
  }
}

function encode(image: RenderedImage): Buffer {
  const header = Buffer.alloc(HEADER);
  MAGIC.copy(header, 0);
  header.writeUInt32BE(image.width, 4);
  header.writeUInt32BE(image.height, 8);
  header.writeUInt32BE(image.full.length, 12);
  header.writeUInt32BE(image.thumb.length, 16);
  digest(image.full, image.thumb).copy(header, 20);
  return Buffer.concat([header, image.full, image.thumb]);
}

/** Null for anything but a whole, unaltered entry (truncated, padded, another format, a flipped byte). */
function decode(bytes: Buffer): RenderedImage | null {
  if (bytes.length < HEADER || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) return null;
  const fullLength = bytes.readUInt32BE(12);
  const thumbLength = bytes.readUInt32BE(16);
  if (bytes.length !== HEADER + fullLength + thumbLength) return null;
  const full = bytes.subarray(HEADER, HEADER + fullLength);
  const thumb = bytes.subarray(HEADER + fullLength);
  if (!digest(full, thumb).equals(bytes.subarray(20, HEADER))) return null;
  return { full, thumb, width: bytes.readUInt32BE(4), height: bytes.readUInt32BE(8) };
}

const digest = (full: Buffer, thumb: Buffer) => createHash('sha256').update(full).update(thumb).digest();

const swept = new Map<string, Promise<void>>();

/** One sweep per directory per process, before its first use. */
function sweepOnce(dir: string): Promise<void> {
  let sweep = swept.get(dir);
  if (!sweep) {
    sweep = pruneRenderCache(dir);
    swept.set(dir, sweep);
  }
  return sweep;
}

/** Removes the entries (and stray temp files) not used for UNUSED_FOR_MS; other files in the directory stay. */
export async function pruneRenderCache(dir: string, now = Date.now()): Promise<void> {
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  for (const name of names.filter((n) => ENTRY_NAME.test(n))) {
    const file = path.join(dir, name);
    try {
      if (now - (await fs.stat(file)).mtimeMs > UNUSED_FOR_MS) await fs.rm(file, { force: true });
    } catch {
      // Another process swept or replaced it first.
    }
  }
}
