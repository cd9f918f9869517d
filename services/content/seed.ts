/**
 * The demo content: added by `npm run seed` and on start outside production when the house has no content yet (never
 * in tests). Written through the same commands and events as staff edits, so the read models are built the usual way.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { AppContext } from '../context';
import { articleDecider } from '../../domain/content/article/decide';
import { articleStream } from '../../domain/content/article/events';
import { CMS_KINDS, cmsItemStream } from '../../domain/content/cms/events';
import type { AppendResult } from '../../infra/event-store/types';
import { DEMO_ARTICLES, DEMO_CMS } from './seed-data';
import { addPicture, boundedMap } from './rendered-images';
import { articleCoverSvg, portraitSvg } from './seed-pictures';

const SEEDER = '00000000-0000-0000-0000-000000000000';
const DAY_MS = 24 * 60 * 60 * 1000;

/** Article covers are drawn wide for the article page; portraits small, for the round pictures of /about. */
const COVER_WIDTH = 1280;
const PORTRAIT_WIDTH = 480;

export async function seedContent(ctx: AppContext, now = ctx.clock.now()): Promise<AppendResult | null> {
  let last: AppendResult | null = null;
  // Every article and person gets its picture, recorded as an uploaded image before the content that shows it.
  const covers = await boundedMap(DEMO_ARTICLES, 2, (a) => addPicture(ctx, articleCoverSvg(a), SEEDER, COVER_WIDTH));
  const portraits = await boundedMap(DEMO_CMS.about_us, 2, (p) => addPicture(ctx, portraitSvg(p), SEEDER, PORTRAIT_WIDTH));
  for (const [index, a] of DEMO_ARTICLES.entries()) {
    const id = randomUUID();
    const at = new Date(now.getTime() - a.daysAgo * DAY_MS).toISOString();
    const { daysAgo: _, ...fields } = a;
    const outcome = await ctx.commands.handle(articleStream(id), articleDecider,
      { type: 'WriteArticle', article_id: id, fields: { ...fields, image_id: covers[index].imageId, published: true }, create: true, by: SEEDER, now: at }, { user_id: null });
    last = outcome.append ?? last;
  }
  for (const kind of CMS_KINDS) {
    let position = 0;
    for (const [index, fields] of DEMO_CMS[kind].entries()) {
      const id = randomUUID();
      const image_id = kind === 'about_us' ? portraits[index].imageId : null;
      last = await ctx.store.append(cmsItemStream(id), 'no_stream', [{
        event_id: randomUUID(), type: 'CmsItemSaved', metadata: { user_id: null },
        data: { item_id: id, kind, position: position++, fields, image_id, by: SEEDER, at: now.toISOString() },
      }]);
    }
  }
  return last;
}

export async function seedContentOnStart(ctx: AppContext): Promise<void> {
  if (ctx.config.production || process.env.NODE_ENV === 'test' || process.env.SEED_ON_START === 'false') return;
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM events WHERE type IN ('ArticleWritten', 'CmsItemSaved')`.execute(ctx.db);
  if (rows[0].n > 0) return;
  await seedContent(ctx).then(() => ctx.log.info('Demo seed: added the demo articles and site content'))
    .catch((err) => ctx.log.error({ err }, 'seeding the demo content failed'));
}
