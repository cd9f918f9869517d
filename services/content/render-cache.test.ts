import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../../infra/config/config';
import { cachedRender, entryPath, pruneRenderCache, renderKey, UNUSED_FOR_MS, type RenderCache } from './render-cache';
import { renderRecipe, renderSvg, renderSvgCached } from './rendered-images';

const RENDER_RECIPE = renderRecipe();

// A small drawing keeps the real renders cheap.
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="80" height="100"><rect width="80" height="100" fill="#7a4a1c"/><circle cx="40" cy="50" r="25" fill="#e8c170"/></svg>';
const WIDTH = 64;

const tempDir = () => fs.mkdtemp(path.join(os.tmpdir(), 'render-cache-'));

/** The real renderer, counted: how many calls were not answered from the cache. */
function counting(dir: string | null): RenderCache & { renders: number } {
  const cache = { dir, recipe: RENDER_RECIPE, renders: 0, render: (svg: string, width: number) => {
    cache.renders += 1;
    return renderSvg(svg, width);
  } };
  return cache;
}

const bytesOf = (i: { full: Buffer; thumb: Buffer; width: number; height: number }) => [i.full.toString('base64'), i.thumb.toString('base64'), i.width, i.height];

test('a cached picture is byte for byte the uncached one, when rendered and when read back', async () => {
  const dir = await tempDir();
  const fresh = await renderSvg(SVG, WIDTH);
  const first = await renderSvgCached(dir, SVG, WIDTH);
  const second = await renderSvgCached(dir, SVG, WIDTH);
  assert.equal(bytesOf(first), bytesOf(fresh));
  assert.equal(bytesOf(second), bytesOf(fresh));
  assert.equal([fresh.width, fresh.height], [64, 80]);
  await fs.rm(dir, { recursive: true });
});

test('the second call reads the entry instead of rendering', async () => {
  const dir = await tempDir();
  const cache = counting(dir);
  await cachedRender(cache, SVG, WIDTH);
  await fs.access(entryPath(dir, renderKey(RENDER_RECIPE, SVG, WIDTH)));
  await cachedRender(cache, SVG, WIDTH);
  assert.is(cache.renders, 1);
  await fs.rm(dir, { recursive: true });
});

test('another width, drawing or recipe is another entry', async () => {
  const dir = await tempDir();
  const cache = counting(dir);
  await cachedRender(cache, SVG, WIDTH);
  await cachedRender(cache, SVG, 48);
  await cachedRender(cache, SVG.replace('#e8c170', '#ffffff'), WIDTH);
  await cachedRender({ ...cache, recipe: `${RENDER_RECIPE} ` }, SVG, WIDTH);
  assert.is(cache.renders, 4, 'the copy with another recipe renders through the same counted renderer');
  assert.is((await fs.readdir(dir)).length, 4);
  await cachedRender(cache, SVG, 48);
  assert.is(cache.renders, 4);
  await fs.rm(dir, { recursive: true });
});

test('a truncated or altered entry is never served: it is rendered again and replaced', async () => {
  const dir = await tempDir();
  const cache = counting(dir);
  const good = await cachedRender(cache, SVG, WIDTH);
  const file = entryPath(dir, renderKey(RENDER_RECIPE, SVG, WIDTH));
  const whole = await fs.readFile(file);
  const flipped = Buffer.from(whole);
  flipped[flipped.length - 10] = flipped[flipped.length - 10]! ^ 0xff;
  for (const [n, broken] of [whole.subarray(0, whole.length - 100), flipped, Buffer.from('not an entry')].entries()) {
    await fs.writeFile(file, broken);
    assert.equal(bytesOf(await cachedRender(cache, SVG, WIDTH)), bytesOf(good));
    assert.is(cache.renders, n + 2);
    assert.ok((await fs.readFile(file)).equals(whole), 'the entry is whole again');
  }
  await cachedRender(cache, SVG, WIDTH);
  assert.is(cache.renders, 4, 'the replaced entry is read');
  await fs.rm(dir, { recursive: true });
});

test('without a usable directory every call renders, and the picture is still given', async () => {
  const dir = await tempDir();
  const notADir = path.join(dir, 'a-file');
  await fs.writeFile(notADir, 'x');
  for (const cache of [counting(null), counting(notADir)]) {
    const image = await cachedRender(cache, SVG, WIDTH);
    await cachedRender(cache, SVG, WIDTH);
    assert.is(cache.renders, 2);
    assert.equal([image.width, image.height], [64, 80]);
  }
  await fs.rm(dir, { recursive: true });
});

test('the sweep removes entries and stray temp files unused for three days, and nothing else', async () => {
  const dir = await tempDir();
  const key = (c: string) => c.repeat(64);
  const now = Date.now();
  const files = {
    [`${key('a')}.render`]: now - UNUSED_FOR_MS - 60_000,
    [`${key('b')}.render.123-abc.tmp`]: now - UNUSED_FOR_MS - 60_000,
    [`${key('c')}.render`]: now - UNUSED_FOR_MS + 60_000,
    'notes.txt': now - 10 * UNUSED_FOR_MS,
  };
  for (const [name, at] of Object.entries(files)) {
    await fs.writeFile(path.join(dir, name), 'x');
    await fs.utimes(path.join(dir, name), new Date(at), new Date(at));
  }
  await pruneRenderCache(dir, now);
  assert.equal((await fs.readdir(dir)).sort(), [`${key('c')}.render`, 'notes.txt']);
  await fs.rm(dir, { recursive: true });
});

test('a hit marks the entry used, so the sweep keeps it', async () => {
  const dir = await tempDir();
  const cache = counting(dir);
  await cachedRender(cache, SVG, WIDTH);
  const file = entryPath(dir, renderKey(RENDER_RECIPE, SVG, WIDTH));
  const old = new Date(Date.now() - UNUSED_FOR_MS - 60_000);
  await fs.utimes(file, old, old);
  await cachedRender(cache, SVG, WIDTH);
  await pruneRenderCache(dir);
  await fs.access(file);
  assert.is(cache.renders, 1);
  await fs.rm(dir, { recursive: true });
});

test('the cache is outside node_modules by default (npm ci empties that), where XDG says, and can be turned off', () => {
  const home = path.join(os.homedir(), '.cache', 'whisky-auction', 'renders');
  assert.is(loadConfig({}).renderCacheDir, home);
  assert.is(loadConfig({ XDG_CACHE_HOME: '/var/cache/ci' }).renderCacheDir, '/var/cache/ci/whisky-auction/renders');
  assert.is(loadConfig({ XDG_CACHE_HOME: 'relative/cache' }).renderCacheDir, home, 'a relative XDG_CACHE_HOME is ignored');
  assert.is(loadConfig({ RENDER_CACHE_DIR: '/srv/renders' }).renderCacheDir, '/srv/renders');
  assert.is(loadConfig({ RENDER_CACHE_DIR: 'off' }).renderCacheDir, null);
});

test.run();
