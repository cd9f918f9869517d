/** Watching-list events, on the stream `watching-<user_id>`: plain JSON, instants as ISO strings. */

interface WatchingListLotAdded {
  type: 'WatchingListLotAdded';
  data: { user_id: string; lot_id: string; added_at: string };
}

interface WatchingListLotRemoved {
  type: 'WatchingListLotRemoved';
  data: { user_id: string; lot_id: string; removed_at: string };
}

export type WatchingEvent = WatchingListLotAdded | WatchingListLotRemoved;

export const WATCHING_EVENT_TYPES: readonly WatchingEvent['type'][] = ['WatchingListLotAdded', 'WatchingListLotRemoved'];

export const watchingStream = (userId: string) => `watching-${userId}`;
