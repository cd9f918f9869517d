/**
 * Personal collection events, on the stream `collection-<user_id>` (one stream per user: a user only ever writes to
 * their own, so nobody can touch another person's collection). Plain JSON: pence as integers, instants as ISO
 * strings, the purchase date as YYYY-MM-DD.
 */

/** Where an item came from: a lot the user won and paid for, an item picked from the catalogue, or typed in by hand. */
type CollectionSource = 'won' | 'catalogue' | 'manual';

/** Cask details (cask items only). RLA (litres of alcohol) is not stored: it is computed from litres and ABV. */
interface CaskDetails {
  cask_type: string | null;
  cask_number: string | null;
  bulk_litres: number | null;
  abv: number | null;
  /** YYYY-MM-DD. */
  regauge_date: string | null;
}

/** What the item is, copied when it is added (a catalogue lot may change later; the owner's bottle does not). */
export interface CollectionItemDescription {
  title: string;
  subtitle: string;
  distillery: string;
  /** 'bottle' | 'cask' | ... (the catalogue's item types); manual items default to 'bottle'. */
  type: string;
  age: number | null;
  volume_ml: number | null;
  abv: number | null;
  /** The bottling: the year it was bottled, when known (part of the "same bottle" test of the valuation). */
  bottled_year: number | null;
  /** The catalogue estimate of the lot it came from (the valuation's fallback); null for manual items. */
  estimate_pence: number | null;
  photo: string | null;
  cask: CaskDetails | null;
}

interface CollectionItemAdded {
  type: 'CollectionItemAdded';
  data: {
    item_id: string;
    user_id: string;
    source: CollectionSource;
    /** The lot won, or the catalogue item picked (an item's id is its lot's id); null for manual items. */
    lot_id: string | null;
    /** The paid order (won items only). */
    order_id: string | null;
    item: CollectionItemDescription;
    price_paid_pence: number | null;
    /** YYYY-MM-DD: when the user bought it. */
    acquired_on: string;
    added_at: string;
  };
}

interface CollectionItemPriceChanged {
  type: 'CollectionItemPriceChanged';
  data: { item_id: string; user_id: string; price_paid_pence: number | null; at: string };
}

interface CollectionItemRemoved {
  type: 'CollectionItemRemoved';
  data: { item_id: string; user_id: string; at: string };
}

export type CollectionEvent = CollectionItemAdded | CollectionItemPriceChanged | CollectionItemRemoved;

export const COLLECTION_EVENT_TYPES: readonly CollectionEvent['type'][] = ['CollectionItemAdded', 'CollectionItemPriceChanged', 'CollectionItemRemoved'];

export const collectionStream = (userId: string) => `collection-${userId}`;
