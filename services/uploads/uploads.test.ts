/** The shared upload blocks: image checks by content, thumbnails, and the store's safe paths and temp sweep. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import sharp from 'sharp';
import { checkImage, THUMB_SIZE } from './images';
import { UploadStore } from './store';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wa-uploads-'));
const store = new UploadStore(dir);
const write = async (data: Buffer) => {
  const p = await store.tempPath();
  fs.writeFileSync(p, data);
  return p;
};
const base = () => sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 200, g: 100, b: 0 } } });

test.after(() => fs.rmSync(dir, { recursive: true, force: true }));

test('JPEG, PNG and WebP pass with a bounded WebP thumbnail', async () => {
  for (const [buf, type] of [[await base().jpeg().toBuffer(), 'image/jpeg'], [await base().png().toBuffer(), 'image/png'], [await base().webp().toBuffer(), 'image/webp']] as const) {
    const checked = await checkImage(await write(buf));
    assert.ok(checked);
    assert.is(checked!.contentType, type);
    const thumb = await sharp(checked!.thumbPath).metadata();
    assert.is(thumb.format, 'webp');
    assert.is(thumb.width, THUMB_SIZE);
  }
});

test('a renamed text file, a truncated image and a GIF are refused and leave no thumbnail', async () => {
  const png = await base().png().toBuffer();
  for (const data of [Buffer.from('hello, I am text'), png.subarray(0, Math.floor(png.length / 2)), await base().gif().toBuffer()]) {
    const p = await write(data);
    assert.is(await checkImage(p), null);
    assert.not.ok(fs.existsSync(`${p}.thumb.webp`));
  }
});

test('the store keeps names inside its folders and sweeps old temp files', async () => {
  assert.throws(() => store.pathOf('valuations', '../secret'));
  assert.throws(() => store.pathOf('../x', 'a.png'));
  assert.is(store.pathOf('valuations', 'a.png'), path.join(dir, 'valuations', 'a.png'));
  const p = await write(Buffer.from('x'));
  await store.commit([{ from: p, area: 'valuations', name: 'kept.png' }]);
  assert.ok(fs.existsSync(path.join(dir, 'valuations', 'kept.png')));
  await write(Buffer.from('old'));
  assert.ok((await store.sweepTemp(0, Date.now() + 1000)) >= 1);
  assert.equal(fs.readdirSync(path.join(dir, 'tmp')), []);
});

test.run();
