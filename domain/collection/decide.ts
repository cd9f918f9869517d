/**
 * A user's collection: the items they own, added from the catalogue, by hand, or by winning and paying for a lot.
 * A won lot joins at most once, ever: a second LotPaid for it (a replayed feed, a crash before the follower moved
 * its checkpoint) or one the owner already removed answers no events. Removing several items is all or nothing.
 */
import { assertNever, type Decider } from '../shared/decider';
import { NotFound, ValidationError } from '../shared/errors';
import type { CollectionCommand } from './commands';
import type { CollectionEvent, CollectionItemDescription } from './events';
import { DISTILLERY_MAX, REMOVE_MAX, REQUIRED, TITLE_MAX, TOO_MANY, checkDay, checkInstant, checkPricePaid } from './rules';

interface CollectionItemState {
  lot_id: string | null;
  price_paid_pence: number | null;
  removed: boolean;
}

interface CollectionState {
  items: Readonly<Record<string, CollectionItemState>>;
  /** Lots that joined as won items (kept after removal: a won lot never re-joins by itself). */
  wonLots: Readonly<Record<string, string>>;
}

const initialCollectionState: CollectionState = Object.freeze({ items: Object.freeze({}), wonLots: Object.freeze({}) });

function evolveCollection(state: CollectionState, event: CollectionEvent): CollectionState {
  switch (event.type) {
    case 'CollectionItemAdded': {
      const d = event.data;
      const item = { lot_id: d.lot_id, price_paid_pence: d.price_paid_pence, removed: false };
      const wonLots = d.source === 'won' && d.lot_id ? { ...state.wonLots, [d.lot_id]: d.item_id } : state.wonLots;
      return { items: { ...state.items, [d.item_id]: item }, wonLots };
    }
    case 'CollectionItemPriceChanged': {
      const d = event.data;
      const item = state.items[d.item_id];
      if (!item) return state;
      return { ...state, items: { ...state.items, [d.item_id]: { ...item, price_paid_pence: d.price_paid_pence } } };
    }
    case 'CollectionItemRemoved': {
      const d = event.data;
      const item = state.items[d.item_id];
      if (!item) return state;
      return { ...state, items: { ...state.items, [d.item_id]: { ...item, removed: true } } };
    }
    default:
      return assertNever(event);
  }
}

function checkDescription(item: CollectionItemDescription): CollectionItemDescription {
  const title = item.title.trim();
  const distillery = item.distillery.trim();
  const errors: Record<string, string[]> = {};
  if (title === '') errors.title = [REQUIRED];
  else if (title.length > TITLE_MAX) errors.title = [`Ensure this field has no more than ${TITLE_MAX} characters.`];
  if (distillery === '') errors.distillery = [REQUIRED];
  else if (distillery.length > DISTILLERY_MAX) errors.distillery = [`Ensure this field has no more than ${DISTILLERY_MAX} characters.`];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return { ...item, title, distillery, subtitle: item.subtitle.trim() };
}

const current = (state: CollectionState, id: string) => {
  const item = state.items[id];
  // Another user's item is simply not in this user's stream: the same answer as an item that never existed.
  if (!item || item.removed) throw new NotFound('Item not found.');
  return item;
};

function decideCollection(command: CollectionCommand, state: CollectionState): CollectionEvent[] {
  const at = checkInstant(command.now);
  switch (command.type) {
    case 'AddCollectionItem':
    case 'JoinWonLot': {
      const won = command.type === 'JoinWonLot';
      if (won && state.wonLots[command.lot_id] !== undefined) return [];
      if (state.items[command.item_id]) return [];
      const item = checkDescription(command.item);
      const price = checkPricePaid(command.price_paid_pence);
      const acquired = checkDay(command.acquired_on, at);
      return [{
        type: 'CollectionItemAdded',
        data: {
          item_id: command.item_id, user_id: command.user_id,
          source: won ? 'won' : command.lot_id === null ? 'manual' : 'catalogue',
          lot_id: command.lot_id, order_id: won ? command.order_id : null,
          item, price_paid_pence: price, acquired_on: acquired, added_at: at,
        },
      }];
    }
    case 'ChangePricePaid': {
      const item = current(state, command.item_id);
      const price = checkPricePaid(command.price_paid_pence);
      if (item.price_paid_pence === price) return [];
      return [{ type: 'CollectionItemPriceChanged', data: { item_id: command.item_id, user_id: command.user_id, price_paid_pence: price, at } }];
    }
    case 'RemoveCollectionItems': {
      const ids = [...new Set(command.item_ids)];
      if (ids.length === 0) throw new ValidationError({ objects: [REQUIRED] });
      if (ids.length > REMOVE_MAX) throw new ValidationError({ objects: [TOO_MANY] });
      for (const id of ids) current(state, id);
      return ids.map((item_id) => ({ type: 'CollectionItemRemoved', data: { item_id, user_id: command.user_id, at } }));
    }
    default:
      return assertNever(command);
  }
}

export const collectionDecider: Decider<CollectionState, CollectionCommand, CollectionEvent> = {
  initialState: initialCollectionState,
  evolve: evolveCollection,
  decide: decideCollection,
};
