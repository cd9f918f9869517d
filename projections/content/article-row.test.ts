/** The article fold: the projection's row (created once, updated by newer writes, the like count carried) and likers. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { articleFrom } from './article-row';

const ID = '00000000-0000-4000-8000-000000000002';
const written = (v: number, title: string, at: string, published_at: string | null = null) => ({
  type: 'ArticleWritten', stream_version: v,
  data: { article_id: ID, title, type: 'news', short_description: '', content: 'c', image_id: null, published: published_at !== null, published_at, by: 'ann', at },
});
const like = (v: number, user_id: string, liked: boolean, likes_count: number) =>
  ({ type: 'ArticleLikeToggled', stream_version: v, data: { article_id: ID, user_id, liked, likes_count, at: '2026-01-09T00:00:00.000Z' } });

test('nothing written, no row', () => {
  assert.equal(articleFrom([]), { row: null, likers: new Set() });
});

test('written, liked, unliked, rewritten: created_at kept, count and likers carried', () => {
  const { row, likers } = articleFrom([
    written(1, 'a', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'), like(2, 'u1', true, 1), like(3, 'u2', true, 2),
    like(4, 'u1', false, 1), written(5, 'b', '2026-01-05T00:00:00.000Z', '2026-01-01T00:00:00.000Z'),
  ]);
  assert.equal(row, {
    id: ID, title: 'b', type: 'news', short_description: '', content: 'c', image_id: null, published: true,
    published_at: new Date('2026-01-01T00:00:00.000Z'), updated_at: new Date('2026-01-05T00:00:00.000Z'), version: 5,
    created_at: new Date('2026-01-01T00:00:00.000Z'), likes_count: 1,
  });
  assert.equal([...likers], ['u2']);
});

test.run();
