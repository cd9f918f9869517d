/** Item-alert and keyword commands: the user comes from the session, ids and time from the server. */

interface FollowableItem {
  item_id: string;
  title: string;
  distillery: string;
}

interface FollowItems {
  type: 'FollowItems';
  user_id: string;
  items: FollowableItem[];
  now: string;
}

interface UnfollowItems {
  type: 'UnfollowItems';
  user_id: string;
  item_ids: string[];
  now: string;
}

export interface AddKeyword {
  type: 'AddKeyword';
  user_id: string;
  keyword_id: string;
  /** As typed; the decider trims and checks it. */
  word: string;
  now: string;
}

interface RemoveKeyword {
  type: 'RemoveKeyword';
  user_id: string;
  keyword_id: string;
  now: string;
}

export type AlertsCommand = FollowItems | UnfollowItems | AddKeyword | RemoveKeyword;
