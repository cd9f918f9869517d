/**
 * Item-alert and keyword events, on the stream `alerts-<user_id>`: plain JSON, instants as ISO strings.
 * A followed item carries its title and distillery as shown when it was followed, for the list of followed items.
 */

interface ItemFollowed {
  type: 'ItemFollowed';
  data: { user_id: string; item_id: string; title: string; distillery: string; followed_at: string };
}

interface ItemUnfollowed {
  type: 'ItemUnfollowed';
  data: { user_id: string; item_id: string; unfollowed_at: string };
}

export interface KeywordAdded {
  type: 'KeywordAdded';
  data: { user_id: string; keyword_id: string; word: string; added_at: string };
}

interface KeywordRemoved {
  type: 'KeywordRemoved';
  data: { user_id: string; keyword_id: string; removed_at: string };
}

export type AlertsEvent = ItemFollowed | ItemUnfollowed | KeywordAdded | KeywordRemoved;

export const ALERTS_EVENT_TYPES: readonly AlertsEvent['type'][] = ['ItemFollowed', 'ItemUnfollowed', 'KeywordAdded', 'KeywordRemoved'];

export const alertsStream = (userId: string) => `alerts-${userId}`;

/**
 * Who was interested in a newly consigned lot when it was consigned, decided once by the alerts slice's interest
 * matcher (services/alerts/interest-matcher.ts) on the stream `lot-interests-<lot_id>` (appended with `no_stream`,
 * so at most once per lot). The notification engine turns each match into a `lots_that_match_my_interest`
 * notification from this event alone, so a rebuild decides exactly as the live run did. Not on `alerts-<user>`.
 */
interface InterestMatch { user_id: string; reason: 'keyword' | 'item'; word?: string }
export interface LotMatchedInterests {
  type: 'LotMatchedInterests';
  data: { lot_id: string; auction_id: string; title: string; matches: InterestMatch[]; at: string };
}

export const lotInterestsStream = (lotId: string) => `lot-interests-${lotId}`;
