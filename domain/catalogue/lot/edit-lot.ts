/**
 * EditLot: staff correct a consigned lot (item fields, estimate, opening bid, reserve) until it starts. Once bidding
 * may have begun the terms are fixed: bidders bid on what they saw. Only the given fields change; setting values
 * equal to the current ones decides nothing. Bad values are ValidationErrors by field (staff fill a form).
 */
import { NotFound, RuleBroken, ValidationError, type FieldErrors } from '../../shared/errors';
import type { EditLot } from './commands';
import type { LotEdited, LotItem } from './events';
import type { LotState } from './state';
import { MAX_AMOUNT } from './increments';
import { isValidAmount, parseInstant, toIso } from './checks';
import { formatPounds } from './format';

const EDIT_MESSAGES = {
  started: 'This lot can no longer be edited: its auction has started.',
  withdrawn: 'This lot can no longer be edited: it has been withdrawn.',
} as const;

export function editLot(command: EditLot, state: LotState): LotEdited[] {
  if (state.status === 'initial' || state.item === null) throw new NotFound('Lot not found.');
  const nowMs = parseInstant(command.now, 'now');
  if (state.withdrawn) throw new RuleBroken(EDIT_MESSAGES.withdrawn);
  if (state.status === 'closed' || nowMs >= state.startsAtMs) throw new RuleBroken(EDIT_MESSAGES.started);

  const errors: FieldErrors = {};
  const fail = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  const patch = command.item ?? {};
  const item: LotItem = { ...state.item, ...stripUndefined(patch) };
  if (typeof item.title !== 'string' || item.title.trim() === '') fail('item.title', 'This field is required');
  if (!isValidAmount(item.estimated_value_pence, true)) fail('item.estimated_value_pence', amountMessage(true));
  const openingBid = command.opening_bid_pence ?? state.openingBid;
  if (!isValidAmount(openingBid)) fail('opening_bid_pence', amountMessage(false));
  // 0 and null both mean "no reserve" (as in ConsignLot); undefined means "leave it".
  const reserve = command.reserve_price_pence === undefined ? state.reservePrice : command.reserve_price_pence === 0 ? null : command.reserve_price_pence;
  if (reserve !== null && !isValidAmount(reserve)) fail('reserve_price_pence', amountMessage(true));
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);

  const changed: string[] = [];
  for (const key of Object.keys(item) as Array<keyof LotItem>) {
    if (JSON.stringify(item[key]) !== JSON.stringify(state.item[key])) changed.push(`item.${key}`);
  }
  if (openingBid !== state.openingBid) changed.push('opening_bid_pence');
  if (reserve !== state.reservePrice) changed.push('reserve_price_pence');
  if (changed.length === 0) return [];

  return [
    {
      type: 'LotEdited',
      data: {
        lot_id: state.lotId,
        item,
        opening_bid_pence: openingBid,
        reserve_price_pence: reserve,
        // Before the start nobody has bid, so the next acceptable bid is the opening bid.
        next_minimum_bid: openingBid,
        changed,
        edited_by: command.by,
        edited_at: toIso(nowMs),
      },
    },
  ];
}

function stripUndefined(patch: Partial<LotItem>): Partial<LotItem> {
  return Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<LotItem>;
}

function amountMessage(allowZero: boolean): string {
  const floor = allowZero ? '0' : 'more than 0';
  return `Enter a whole number of pence, ${floor} and at most ${formatPounds(MAX_AMOUNT)}.`;
}
