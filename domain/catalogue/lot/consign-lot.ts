/**
 * ConsignLot: staff put a seller's item into an auction. Bad values are ValidationErrors by field, because staff
 * fill a form; a second consignment of the same lot is a Conflict (the stream already exists).
 */
import { Conflict, ValidationError, type FieldErrors } from '../../shared/errors';
import type { ConsignLot } from './commands';
import type { LotConsigned } from './events';
import type { LotState } from './state';
import { DEFAULT_OPENING_BID, MAX_AMOUNT } from './increments';
import { isValidAmount, toIso } from './checks';
import { formatPounds } from './format';

/** Reserve fee per lot with a reserve (0-product.md, "Seller's costs"). */
export const DEFAULT_RESERVE_FEE_PENCE = 500;

export function consignLot(command: ConsignLot, state: LotState): LotConsigned[] {
  if (state.status !== 'initial') throw new Conflict('This lot has already been consigned.');

  const errors: FieldErrors = {};
  const fail = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };

  for (const field of ['lot_id', 'auction_id', 'seller_id', 'reference_no', 'by'] as const) {
    if (typeof command[field] !== 'string' || command[field].trim() === '') fail(field, 'This field is required');
  }
  if (typeof command.item?.title !== 'string' || command.item.title.trim() === '') fail('item.title', 'This field is required');
  if (!isValidAmount(command.item?.estimated_value_pence, true)) fail('item.estimated_value_pence', amountMessage(true));

  const openingBid = command.opening_bid_pence ?? DEFAULT_OPENING_BID;
  if (!isValidAmount(openingBid)) fail('opening_bid_pence', amountMessage(false));
  // 0 and null both mean "no reserve"; keeping a single representation (null) simplifies every reader.
  const reserve = command.reserve_price_pence === 0 ? null : command.reserve_price_pence;
  if (reserve !== null && !isValidAmount(reserve)) fail('reserve_price_pence', amountMessage(true));
  if (!isValidAmount(command.reserve_fee_pence, true)) fail('reserve_fee_pence', amountMessage(true));

  const startsAt = Date.parse(command.starts_at);
  const endsAt = Date.parse(command.ends_at);
  const consignedAt = Date.parse(command.now);
  if (!Number.isFinite(startsAt)) fail('starts_at', 'Enter a valid date and time.');
  if (!Number.isFinite(endsAt)) fail('ends_at', 'Enter a valid date and time.');
  else if (Number.isFinite(startsAt) && endsAt <= startsAt) fail('ends_at', 'The end must be after the start.');
  if (!Number.isFinite(consignedAt)) fail('now', 'Enter a valid date and time.');

  if (Object.keys(errors).length > 0) throw new ValidationError(errors);

  return [
    {
      type: 'LotConsigned',
      data: {
        lot_id: command.lot_id,
        auction_id: command.auction_id,
        seller_id: command.seller_id,
        reference_no: command.reference_no.trim(),
        item: command.item,
        reserve_price_pence: reserve,
        reserve_fee_pence: command.reserve_fee_pence,
        opening_bid_pence: openingBid,
        vat_enabled: command.vat_enabled,
        warehouse: command.warehouse,
        is_group_lot: command.is_group_lot,
        group_items: command.group_items,
        custom_title: command.custom_title,
        custom_subtitle: command.custom_subtitle,
        custom_description: command.custom_description,
        featured: command.featured,
        starts_at: toIso(startsAt),
        ends_at: toIso(endsAt),
        next_minimum_bid: openingBid,
        consigned_by: command.by,
        consigned_at: toIso(consignedAt),
      },
    },
  ];
}

function amountMessage(allowZero: boolean): string {
  const floor = allowZero ? '0' : 'more than 0';
  return `Enter a whole number of pence, ${floor} and at most ${formatPounds(MAX_AMOUNT)}.`;
}
