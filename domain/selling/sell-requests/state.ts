/** A sell request's state: its owner and each item's progress; the request's status follows from the items. */
import { assertNever } from '../../shared/decider';
import type { SellRequestEvent, SellRequestKind } from './events';

type ItemStatus = 'expected' | 'received' | 'consigned' | 'returned';
type RequestStatus = 'submitted' | 'partly_received' | 'received' | 'consigned' | 'closed';

export interface ItemState { id: string; status: ItemStatus; lotId: string | null; received: boolean }

export interface SellRequestState {
  requestId: string | null;
  userId: string | null;
  kind: SellRequestKind | null;
  items: readonly ItemState[];
}

export const initialSellRequestState: SellRequestState = Object.freeze({ requestId: null, userId: null, kind: null, items: Object.freeze([]) }) as SellRequestState;

const withItem = (state: SellRequestState, itemId: string, change: (item: ItemState) => ItemState): SellRequestState => ({
  ...state, items: state.items.map((i) => (i.id === itemId ? change(i) : i)),
});

export function evolveSellRequest(state: SellRequestState, event: SellRequestEvent): SellRequestState {
  switch (event.type) {
    case 'SellRequestSubmitted': {
      const d = event.data;
      return { requestId: d.request_id, userId: d.user_id, kind: d.kind, items: d.items.map((i) => ({ id: i.item_id, status: 'expected', lotId: null, received: false })) };
    }
    case 'SellRequestItemReceived':
      return withItem(state, event.data.item_id, (i) => ({ ...i, status: 'received', received: true }));
    case 'SellRequestItemConsigned':
      return withItem(state, event.data.item_id, (i) => ({ ...i, status: 'consigned', lotId: event.data.lot_id, received: true }));
    case 'SellRequestItemReturned':
      return withItem(state, event.data.item_id, (i) => ({ ...i, status: 'returned' }));
    default:
      return assertNever(event);
  }
}

/**
 * submitted: nothing in the house yet · partly_received: some items in · received: all in, some still to consign ·
 * consigned: every item consigned (or returned) and at least one consigned · closed: every item returned.
 */
export function requestStatus(items: readonly Pick<ItemState, 'status'>[]): RequestStatus {
  if (items.length === 0) return 'submitted';
  if (items.every((i) => i.status === 'returned')) return 'closed';
  if (items.every((i) => i.status === 'consigned' || i.status === 'returned')) return 'consigned';
  const inHouse = items.filter((i) => i.status !== 'expected').length;
  if (inHouse === 0) return 'submitted';
  return inHouse === items.length ? 'received' : 'partly_received';
}
