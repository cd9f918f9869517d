/** Watching-list commands: the user comes from the session, time from the server clock. */

interface AddLotToWatchingList {
  type: 'AddLotToWatchingList';
  user_id: string;
  lot_id: string;
  now: string;
}

interface RemoveLotFromWatchingList {
  type: 'RemoveLotFromWatchingList';
  user_id: string;
  lot_id: string;
  now: string;
}

export type WatchingCommand = AddLotToWatchingList | RemoveLotFromWatchingList;
