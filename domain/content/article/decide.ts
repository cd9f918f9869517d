/**
 * One article: staff write it (create or edit, published or draft), signed-in readers like it. A like is a toggle:
 * the same user liking again takes the like back. Only a published article can be liked.
 */
import { assertNever, type Decider } from '../../shared/decider';
import { NotFound, ValidationError } from '../../shared/errors';
import { ARTICLE_TYPES, type ArticleEvent, type ArticleFields } from './events';

const TITLE_MAX = 200;
const SUMMARY_MAX = 500;
const CONTENT_MAX = 50_000;

export const MSG = {
  notFound: 'Article not found.',
  titleRequired: 'Enter a title.',
  titleTooLong: `The title can have at most ${TITLE_MAX} characters.`,
  summaryTooLong: `The short description can have at most ${SUMMARY_MAX} characters.`,
  contentRequired: 'Write the article.',
  contentTooLong: `The article can have at most ${CONTENT_MAX} characters.`,
  type: `Choose one of: ${ARTICLE_TYPES.map((t) => t.id).join(', ')}.`,
} as const;

interface WriteArticle { type: 'WriteArticle'; article_id: string; fields: ArticleFields; create: boolean; by: string; now: string }
interface ToggleLike { type: 'ToggleLike'; article_id: string; user_id: string; now: string }
type ArticleCommand = WriteArticle | ToggleLike;

interface ArticleState { exists: boolean; published: boolean; publishedAt: string | null; likers: ReadonlySet<string> }

const initialArticleState: ArticleState = Object.freeze({ exists: false, published: false, publishedAt: null, likers: new Set<string>() });

/** Field errors of an article as typed (trimmed first); empty when it may be saved. */
function articleErrors(f: ArticleFields): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const title = f.title.trim();
  if (!title) errors.title = [MSG.titleRequired];
  else if (title.length > TITLE_MAX) errors.title = [MSG.titleTooLong];
  if (f.short_description.trim().length > SUMMARY_MAX) errors.short_description = [MSG.summaryTooLong];
  if (!f.content.trim()) errors.content = [MSG.contentRequired];
  else if (f.content.length > CONTENT_MAX) errors.content = [MSG.contentTooLong];
  if (!ARTICLE_TYPES.some((t) => t.id === f.type)) errors.type = [MSG.type];
  return errors;
}

function evolveArticle(state: ArticleState, event: ArticleEvent): ArticleState {
  switch (event.type) {
    case 'ArticleWritten':
      return { ...state, exists: true, published: event.data.published, publishedAt: event.data.published_at };
    case 'ArticleLikeToggled': {
      const likers = new Set(state.likers);
      if (event.data.liked) likers.add(event.data.user_id);
      else likers.delete(event.data.user_id);
      return { ...state, likers };
    }
    default:
      return assertNever(event);
  }
}

function decide(command: ArticleCommand, state: ArticleState): ArticleEvent[] {
  switch (command.type) {
    case 'WriteArticle': {
      if (!command.create && !state.exists) throw new NotFound(MSG.notFound);
      const f = command.fields;
      const errors = articleErrors(f);
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);
      const published_at = state.publishedAt ?? (f.published ? command.now : null);
      return [{
        type: 'ArticleWritten',
        data: {
          article_id: command.article_id, title: f.title.trim(), type: f.type, short_description: f.short_description.trim(),
          content: f.content, image_id: f.image_id, published: f.published, published_at, by: command.by, at: command.now,
        },
      }];
    }
    case 'ToggleLike': {
      if (!state.exists || !state.published) throw new NotFound(MSG.notFound);
      const liked = !state.likers.has(command.user_id);
      const likes_count = state.likers.size + (liked ? 1 : -1);
      return [{ type: 'ArticleLikeToggled', data: { article_id: command.article_id, user_id: command.user_id, liked, likes_count, at: command.now } }];
    }
    default:
      return assertNever(command);
  }
}

export const articleDecider: Decider<ArticleState, ArticleCommand, ArticleEvent> = {
  initialState: initialArticleState, evolve: evolveArticle, decide,
};
