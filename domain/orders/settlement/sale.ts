/**
 * A sold lot settled with its seller once the buyer has paid: the hammer credited as seller proceeds, then a debit
 * line per fee (kind 'fee', reference = the lot id), as the one fee rule says (domain/orders/seller-settlement.ts). A lot
 * with nothing to credit writes nothing.
 */
import type { OrderLot } from '../events';
import { sellerSettlement } from '../seller-settlement';
import { saleEntryId } from './entry-ids';
import { SYSTEM, toWallet, type SettlementOutput } from './outputs';

export function saleLines(lot: OrderLot, now: string): SettlementOutput[] {
  const seller = lot.seller_id;
  const { proceeds, fees } = sellerSettlement(lot);
  if (proceeds.amount_pence <= 0) return [];
  const credit = toWallet({
    type: 'CreditWallet', user_id: seller, entry_id: saleEntryId(lot.lot_id, 'proceeds'), amount_pence: proceeds.amount_pence,
    kind: 'seller_proceeds', description: proceeds.description, reference: lot.lot_id, by: SYSTEM, reason: null, now,
  });
  const debits = fees.map((fee) => toWallet({
    type: 'DebitWallet', user_id: seller, entry_id: saleEntryId(lot.lot_id, fee.kind), amount_pence: fee.amount_pence, kind: 'fee',
    description: fee.description, reference: lot.lot_id, by: SYSTEM, reason: null, now,
  }));
  return [credit, ...debits];
}
