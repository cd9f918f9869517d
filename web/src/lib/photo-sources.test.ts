import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { photoSrcSet } from './photo-sources';

test('given an uploaded photo\'s full size, when asked for sources, then the thumbnail and the full size are offered by width', () => {
  assert.is(photoSrcSet('/api/article_images/4f0c/?size=full'), '/api/article_images/4f0c/?size=thumb 320w, /api/article_images/4f0c/?size=full 640w');
  assert.is(photoSrcSet('/api/x/1/?v=2&size=full'), '/api/x/1/?v=2&size=thumb 320w, /api/x/1/?v=2&size=full 640w');
});

test('given any other picture (a placeholder, a thumbnail, a look-alike parameter), then no srcset: the one file is used', () => {
  assert.is(photoSrcSet('/images/placeholder-bottle.svg'), undefined);
  assert.is(photoSrcSet('/api/article_images/4f0c/?size=thumb'), undefined);
  assert.is(photoSrcSet('/api/x/?size=fullest'), undefined);
});

test.run();
