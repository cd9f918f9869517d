/** Collection commands: the user comes from the session (or the paid order); ids and the time from the server. */
import type { CollectionItemDescription } from './events';

/** Add an item from the catalogue (lot_id set) or described by hand (lot_id null). */
interface AddCollectionItem {
  type: 'AddCollectionItem';
  user_id: string;
  item_id: string;
  lot_id: string | null;
  item: CollectionItemDescription;
  price_paid_pence: number | null;
  acquired_on: string;
  now: string;
}

/** A lot the user won and paid for joins the collection by itself, once per lot (even if later removed). */
interface JoinWonLot {
  type: 'JoinWonLot';
  user_id: string;
  item_id: string;
  lot_id: string;
  order_id: string;
  item: CollectionItemDescription;
  price_paid_pence: number;
  acquired_on: string;
  now: string;
}

interface ChangePricePaid {
  type: 'ChangePricePaid';
  user_id: string;
  item_id: string;
  price_paid_pence: number | null;
  now: string;
}

/** Remove one or several items: all of them are the caller's current items, or nothing changes. */
interface RemoveCollectionItems {
  type: 'RemoveCollectionItems';
  user_id: string;
  item_ids: string[];
  now: string;
}

export type CollectionCommand = AddCollectionItem | JoinWonLot | ChangePricePaid | RemoveCollectionItems;
