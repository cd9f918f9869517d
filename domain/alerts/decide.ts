/**
 * A user's item alerts and keywords (one stream per user, so nobody can touch another user's). Following a
 * followed item or unfollowing an unfollowed one answers no events, so a double click or a retry changes nothing.
 * Keywords: 2 to 50 characters once trimmed, at least one letter or digit, no duplicate (case-insensitive, spaces
 * collapsed), at most 100. Whether an item exists is checked by the service (a read model).
 */
import { assertNever, type Decider } from '../shared/decider';
import { NotFound, ValidationError } from '../shared/errors';
import type { AlertsCommand, AddKeyword } from './commands';
import type { AlertsEvent } from './events';

const KEYWORD_MIN = 2;
const KEYWORD_MAX = 50;
export const KEYWORDS_PER_USER = 100;

interface AlertsState {
  /** Followed item keys. */
  items: Readonly<Record<string, true>>;
  /** Keyword id -> the word's comparison form. */
  keywords: Readonly<Record<string, string>>;
}

const initialAlertsState: AlertsState = Object.freeze({ items: Object.freeze({}), keywords: Object.freeze({}) });

/** Trimmed, inner whitespace collapsed: how a keyword is stored. */
const cleanKeyword = (word: string) => word.trim().replace(/\s+/g, ' ');
const comparable = (word: string) => cleanKeyword(word).toLowerCase();

function without<T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> {
  const { [key]: _gone, ...rest } = record;
  return rest;
}

function evolveAlerts(state: AlertsState, event: AlertsEvent): AlertsState {
  switch (event.type) {
    case 'ItemFollowed':
      return { ...state, items: { ...state.items, [event.data.item_id]: true } };
    case 'ItemUnfollowed':
      return { ...state, items: without(state.items, event.data.item_id) };
    case 'KeywordAdded':
      return { ...state, keywords: { ...state.keywords, [event.data.keyword_id]: comparable(event.data.word) } };
    case 'KeywordRemoved':
      return { ...state, keywords: without(state.keywords, event.data.keyword_id) };
    default:
      return assertNever(event);
  }
}

function addKeyword(command: AddKeyword, state: AlertsState, at: string): AlertsEvent[] {
  const word = cleanKeyword(command.word);
  const fail = (message: string) => new ValidationError({ word: [message] });
  if (word.length < KEYWORD_MIN) throw fail(`Ensure this field has at least ${KEYWORD_MIN} characters.`);
  if (word.length > KEYWORD_MAX) throw fail(`Ensure this field has no more than ${KEYWORD_MAX} characters.`);
  if (!/[\p{L}\p{N}]/u.test(word)) throw fail('A keyword needs at least one letter or digit.');
  if (state.keywords[command.keyword_id] !== undefined) return [];
  const mine = Object.values(state.keywords);
  if (mine.includes(word.toLowerCase())) throw fail('You already have this keyword.');
  if (mine.length >= KEYWORDS_PER_USER) throw fail(`You can have at most ${KEYWORDS_PER_USER} keywords. Delete one first.`);
  return [{ type: 'KeywordAdded', data: { user_id: command.user_id, keyword_id: command.keyword_id, word, added_at: at } }];
}

function decideAlerts(command: AlertsCommand, state: AlertsState): AlertsEvent[] {
  const now = Date.parse(command.now);
  if (!Number.isFinite(now)) throw new ValidationError({ now: ['Enter a valid date and time.'] });
  const at = new Date(now).toISOString();
  switch (command.type) {
    case 'FollowItems': {
      const seen = new Set<string>();
      return command.items
        .filter((i) => state.items[i.item_id] !== true && !seen.has(i.item_id) && seen.add(i.item_id))
        .map((i) => ({ type: 'ItemFollowed', data: { user_id: command.user_id, item_id: i.item_id, title: i.title, distillery: i.distillery, followed_at: at } }));
    }
    case 'UnfollowItems':
      return [...new Set(command.item_ids)]
        .filter((id) => state.items[id] === true)
        .map((id) => ({ type: 'ItemUnfollowed', data: { user_id: command.user_id, item_id: id, unfollowed_at: at } }));
    case 'AddKeyword':
      return addKeyword(command, state, at);
    case 'RemoveKeyword':
      if (state.keywords[command.keyword_id] === undefined) throw new NotFound('Keyword not found.');
      return [{ type: 'KeywordRemoved', data: { user_id: command.user_id, keyword_id: command.keyword_id, removed_at: at } }];
    default:
      return assertNever(command);
  }
}

export const alertsDecider: Decider<AlertsState, AlertsCommand, AlertsEvent> = {
  initialState: initialAlertsState,
  evolve: evolveAlerts,
  decide: decideAlerts,
};
