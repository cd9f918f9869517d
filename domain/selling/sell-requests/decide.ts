/** The sell-request decider (stream `sell-request-<id>`): submission and staff handling of each item. */
import { assertNever, type Decider } from '../../shared/decider';
import { Conflict, NotFound, RuleBroken, ValidationError, type FieldErrors } from '../../shared/errors';
import type { ConsignSellRequestItem, ReceiveSellRequestItem, ReturnSellRequestItem, SellRequestCommand, SubmitSellRequest } from './commands';
import type { SellRequestEvent } from './events';
import { evolveSellRequest, initialSellRequestState, type ItemState, type SellRequestState } from './state';
import { pickUpDateError } from './pick-up-date';
import { SELL_MSG } from './messages';

/** Photos staff may attach when receiving one item. */
export const MAX_RECEIVE_PHOTOS = 10;

function decideSellRequest(command: SellRequestCommand, state: SellRequestState): SellRequestEvent[] {
  switch (command.type) {
    case 'SubmitSellRequest':
      return submit(command, state);
    case 'ReceiveSellRequestItem':
      return receive(command, state);
    case 'ConsignSellRequestItem':
      return consign(command, state);
    case 'ReturnSellRequestItem':
      return returnItem(command, state);
    default:
      return assertNever(command);
  }
}

function submit(c: SubmitSellRequest, state: SellRequestState): SellRequestEvent[] {
  if (state.requestId !== null) throw new Conflict(SELL_MSG.alreadySubmitted);
  const errors: FieldErrors = {};
  const fail = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  if (c.items.length === 0) fail('items', SELL_MSG.required);
  if (Date.parse(c.now) >= Date.parse(c.auction.bottles_add_deadline)) fail('auction_id', SELL_MSG.deadlinePassed);
  if (c.kind === 'new_items') {
    if (c.delivery === null) fail('type', SELL_MSG.required);
    if (c.delivery === 'courier_collection') {
      const dateError = c.pick_up_date ? pickUpDateError(c.pick_up_date, c.now) : SELL_MSG.required;
      if (dateError) fail('pick_up_date', dateError);
      if (c.boxes === null) fail('boxes', SELL_MSG.required);
    }
  } else {
    for (const item of c.items) if (!c.consigned_lots[item.item_id] || !item.source_lot_id) fail('items', 'Each item needs its stored lot.');
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);

  const courier = c.delivery === 'courier_collection';
  const events: SellRequestEvent[] = [{
    type: 'SellRequestSubmitted',
    data: {
      request_id: c.request_id, reference: c.reference, user_id: c.user_id, kind: c.kind, delivery: c.kind === 'new_items' ? c.delivery : null,
      auction_id: c.auction.id, items: c.items, address: c.address, note: c.note, valuation_id: c.valuation_id,
      payout_method_id: c.payout_method_id, boxes: courier ? c.boxes : null, insurance: courier ? c.insurance ?? false : null,
      pick_up_date: courier ? c.pick_up_date : null, at: c.now,
    },
  }];
  if (c.kind === 'from_storage') {
    for (const item of c.items) {
      events.push({ type: 'SellRequestItemConsigned', data: { request_id: c.request_id, item_id: item.item_id, lot_id: c.consigned_lots[item.item_id], auction_id: c.auction.id, by: c.user_id, at: c.now } });
    }
  }
  return events;
}

function itemOf(state: SellRequestState, requestId: string, itemId: string): ItemState {
  if (state.requestId !== requestId) throw new NotFound(SELL_MSG.notFound);
  const item = state.items.find((i) => i.id === itemId);
  if (!item) throw new NotFound(SELL_MSG.itemNotFound);
  return item;
}

function receive(c: ReceiveSellRequestItem, state: SellRequestState): SellRequestEvent[] {
  const item = itemOf(state, c.request_id, c.item_id);
  if (item.status === 'returned') throw new RuleBroken(SELL_MSG.itemClosed);
  if (item.received) throw new Conflict(SELL_MSG.alreadyReceived);
  if (c.photos.length > MAX_RECEIVE_PHOTOS) throw new ValidationError({ photos: [SELL_MSG.tooManyPhotos(MAX_RECEIVE_PHOTOS)] });
  return [{
    type: 'SellRequestItemReceived',
    data: { request_id: c.request_id, item_id: c.item_id, condition_note: c.condition_note.trim(), photos: c.photos, by: c.by, at: c.now },
  }];
}

function consign(c: ConsignSellRequestItem, state: SellRequestState): SellRequestEvent[] {
  const item = itemOf(state, c.request_id, c.item_id);
  if (item.status === 'returned') throw new RuleBroken(SELL_MSG.itemClosed);
  if (c.relist_of !== null) {
    if (item.status !== 'consigned' || item.lotId !== c.relist_of) throw new RuleBroken(SELL_MSG.notItsLot);
  } else {
    if (item.status === 'consigned') throw new Conflict(SELL_MSG.alreadyConsigned);
    if (!item.received) throw new RuleBroken(SELL_MSG.notReceived);
  }
  return [{ type: 'SellRequestItemConsigned', data: { request_id: c.request_id, item_id: c.item_id, lot_id: c.lot_id, auction_id: c.auction_id, by: c.by, at: c.now } }];
}

function returnItem(c: ReturnSellRequestItem, state: SellRequestState): SellRequestEvent[] {
  const item = itemOf(state, c.request_id, c.item_id);
  if (item.status === 'returned') return [];
  if (item.status === 'consigned' && item.lotId !== c.lot_id) throw new RuleBroken(SELL_MSG.notItsLot);
  return [{ type: 'SellRequestItemReturned', data: { request_id: c.request_id, item_id: c.item_id, note: c.note.trim(), by: c.by, at: c.now } }];
}

export const sellRequestDecider: Decider<SellRequestState, SellRequestCommand, SellRequestEvent> = {
  initialState: initialSellRequestState,
  evolve: evolveSellRequest,
  decide: decideSellRequest,
};
