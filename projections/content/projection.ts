/**
 * The content read models: articles (likes folded into a count, and who likes what), editor images, CMS entries.
 * The article columns are pure functions (./article-row.ts), shared with answers that cannot wait for this view.
 */
import type { Projection } from '../projection';
import { ARTICLE_EVENT_TYPES, type ArticleEvent, type ArticleImageUploaded } from '../../domain/content/article/events';
import { CMS_EVENT_TYPES, type CmsEvent } from '../../domain/content/cms/events';
import { assertNever } from '../../domain/shared/decider';
import './tables';
import { newArticleRow, writtenColumns } from './article-row';

type ContentEvent = ArticleEvent | ArticleImageUploaded | CmsEvent;

export const contentProjection: Projection = {
  name: 'content',
  tables: ['articles', 'article_likes', 'article_images', 'cms_items'],
  eventTypes: [...ARTICLE_EVENT_TYPES, 'ArticleImageUploaded', ...CMS_EVENT_TYPES],
  async apply(trx, stored) {
    const event = { type: stored.type, data: stored.data } as ContentEvent;
    const version = stored.stream_version;
    switch (event.type) {
      case 'ArticleWritten': {
        await trx.insertInto('articles').values(newArticleRow(event.data, version))
          .onConflict((oc) => oc.column('id').doUpdateSet(writtenColumns(event.data, version)).where('articles.version', '<', version)).execute();
        return;
      }
      case 'ArticleLikeToggled': {
        const d = event.data;
        if (d.liked) {
          await trx.insertInto('article_likes').values({ article_id: d.article_id, user_id: d.user_id }).onConflict((oc) => oc.doNothing()).execute();
        } else {
          await trx.deleteFrom('article_likes').where('article_id', '=', d.article_id).where('user_id', '=', d.user_id).execute();
        }
        await trx.updateTable('articles').set({ likes_count: d.likes_count, version }).where('id', '=', d.article_id).where('version', '<', version).execute();
        return;
      }
      case 'ArticleImageUploaded': {
        const d = event.data;
        await trx.insertInto('article_images').values({ image_id: d.image_id, file: d.file, thumb: d.thumb, content_type: d.content_type })
          .onConflict((oc) => oc.column('image_id').doNothing()).execute();
        return;
      }
      case 'CmsItemSaved': {
        const d = event.data;
        const fields = { kind: d.kind, position: d.position, data: JSON.stringify(d.fields) as never, image_id: d.image_id, updated_at: new Date(d.at) };
        await trx.insertInto('cms_items').values({ id: d.item_id, ...fields }).onConflict((oc) => oc.column('id').doUpdateSet(fields)).execute();
        return;
      }
      case 'CmsItemDeleted':
        await trx.deleteFrom('cms_items').where('id', '=', event.data.item_id).execute();
        return;
      default:
        return assertNever(event);
    }
  },
};
