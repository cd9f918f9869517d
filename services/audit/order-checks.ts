/**
 * Orders and sales against the wallets (docs/audit.md "Wallet replay"). Each paid order (folded with the order's
 * evolve) must have exactly the wallet lines its price summary asks for, and the orders read model (what the order
 * pages and the invoice show) its figures. Each paid lot must have credited its seller the hammer the lot closed at,
 * less the fees of the house rule (`chargedSellerFees`, the one the settlement posts from), and the lots read model
 * (what the seller statement prints) must agree.
 */
import { sql } from 'kysely';
import type { Db } from '../../infra/db/database';
import { penceToDecimal } from '../../domain/shared/money';
import { sumOfCharges } from '../../domain/checkout/price-summary';
import { evolveOrder, initialOrderState, type OrderState } from '../../domain/orders/state';
import { orderStream, type LotPaid, type OrderEvent, type OrderPlaced } from '../../domain/orders/events';
import { saleEntryId, walletEntryIds } from '../../domain/orders/settlement/entry-ids';
import { chargedSellerFees } from '../../domain/orders/seller-settlement';
import { sellerCosts } from '../../domain/selling/seller/costs';
import type { LotClosed } from '../../domain/catalogue/lot/events';
import { lotStream } from '../catalogue/streams';
import { walletStream, type WalletEvent } from '../../domain/wallet/events';
import type { AuditCheckResult, AuditDifference, AuditProgress } from './types';
import type { AuditCtx } from './wallet-replay';
import { readStreams, type StoredRow } from './wallet-read';
import '../../projections/orders/tables';
import '../../projections/catalogue/lots/tables';

const BATCH = 200;
const ENTRY_TYPES = ['WalletCredited', 'WalletDebited'];
type EntryEvent = Extract<WalletEvent, { type: 'WalletCredited' | 'WalletDebited' }>;

/**
 * Paid events of one type after `after` in position order: the check's keyset. Ordered by the table's column: a bare
 * `position` would name the output column, the position as text, where "1000" comes before "999" and a batch's last
 * row is not its highest (events were checked twice, or skipped past a full batch).
 */
async function paidBatch<T>(executor: Db, type: string, after: number): Promise<{ position: number; data: T }[]> {
  const { rows } = await sql<{ position: string; data: T }>`
    SELECT position::text, data FROM events WHERE type = ${type} AND position > ${after} ORDER BY events.position LIMIT ${BATCH}`.execute(executor);
  return rows.map((r) => ({ position: Number(r.position), data: r.data }));
}

async function countOf(executor: Db, type: string): Promise<number> {
  const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM events WHERE type = ${type}`.execute(executor);
  return Number(rows[0].n);
}

/** Wallet entries of these wallets by wallet stream and entry id (signed: credits +, debits -). */
async function walletLines(executor: Db, userIds: string[]): Promise<Map<string, Map<string, number>>> {
  const streams = await readStreams<EntryEvent>(executor, [...new Set(userIds)].map(walletStream), ENTRY_TYPES);
  const out = new Map<string, Map<string, number>>();
  for (const [stream, rows] of streams) {
    out.set(stream, new Map(rows.map((r) => [r.data.entry_id, r.type === 'WalletCredited' ? r.data.amount_pence : -r.data.amount_pence])));
  }
  return out;
}

const fold = (rows: StoredRow[] | undefined): OrderState =>
  (rows ?? []).reduce((s, e) => evolveOrder(s, { type: e.type, data: e.data } as OrderEvent), initialOrderState);

const money = (p: number | undefined | null) => (p === undefined || p === null ? '(none)' : penceToDecimal(p));

export async function verifyPaidOrders(_ctx: AuditCtx, executor: Db, onProgress?: AuditProgress): Promise<AuditCheckResult> {
  const check = 'order';
  const total = await countOf(executor, 'OrderPaid');
  const differences: AuditDifference[] = [];
  let checked = 0;
  let after = 0;
  for (;;) {
    const batch = await paidBatch<{ order_id: string }>(executor, 'OrderPaid', after);
    if (batch.length === 0) break;
    after = batch[batch.length - 1].position;
    const ids = [...new Set(batch.map((b) => b.data.order_id))];
    const streams = await readStreams(executor, ids.map(orderStream));
    const orders = ids.map((id) => ({ id, state: fold(streams.get(orderStream(id))) }));
    const lines = await walletLines(executor, orders.flatMap((o) => (o.state.order ? [o.state.order.user_id] : [])));
    const rows = new Map((await executor.selectFrom('orders').select(['id', 'status', 'total_pence', 'amount_due_pence', 'summary']).where('id', 'in', ids).execute()).map((r) => [r.id, r]));
    for (const { id, state } of orders) {
      const diff = (field: string, expected: string, found: string, message: string) => differences.push({ check, subject: id, field, expected, found, message });
      const order = state.order;
      if (!order) {
        diff('order', 'OrderPlaced', '(none)', `The order ${id} was paid but never placed.`);
        continue;
      }
      const s = order.summary;
      if (sumOfCharges(s) !== s.total) diff('summary.total', money(sumOfCharges(s)), money(s.total), `Order ${order.order_number}: the price lines do not add up to the total.`);
      const toPay = s.total - s.voucher_discount_amount - s.used_from_wallet + s.credit_card_surcharge_amount;
      if (toPay !== s.credit_debit_card) diff('summary.credit_debit_card', money(toPay), money(s.credit_debit_card), `Order ${order.order_number}: total - voucher - wallet + surcharge is not what the card pays.`);
      const mine = lines.get(walletStream(order.user_id)) ?? new Map<string, number>();
      const entry = walletEntryIds(id);
      const want: [string, number, string][] = [
        [entry.use, -s.used_from_wallet, 'wallet use'],
        [entry.refund, 0, 'wallet refund (a paid order is never refunded)'],
        [entry.voucherRemainder, order.voucher_code ? s.voucher_remainder_amount : 0, 'voucher remainder'],
        [entry.settlement, order.service === 'wallet_settle' ? s.debt : 0, 'debt settled'],
      ];
      for (const [entryId, amount, words] of want) {
        const found = mine.get(entryId);
        if ((found ?? 0) !== amount || (amount === 0 && found !== undefined)) {
          diff(`wallet ${entryId}`, amount === 0 ? '(none)' : money(amount), money(found), `Order ${order.order_number}: the buyer's wallet ${words} line is not what the price summary says.`);
        }
      }
      differences.push(...compareOrderRow(id, order, rows.get(id)));
    }
    checked += ids.length;
    onProgress?.(check, checked, total);
  }
  return { check, checked, differences };
}

type OrderRow = { status: string; total_pence: number; amount_due_pence: number; summary: OrderPlaced['data']['summary'] };

/** The orders read model against the placed order: what the order pages and the invoice print. */
function compareOrderRow(id: string, order: OrderPlaced['data'], row: OrderRow | undefined): AuditDifference[] {
  const out: AuditDifference[] = [];
  const diff = (field: string, expected: string, found: string) => out.push({ check: 'order', subject: id, field, expected, found, message: `Order ${order.order_number}: the orders read model's ${field} is not what the order's events say.` });
  if (!row) {
    diff('orders', 'a row', '(none)');
    return out;
  }
  const s = order.summary;
  if (Number(row.total_pence) !== s.credit_debit_card + s.used_from_wallet) diff('total_pence', money(s.credit_debit_card + s.used_from_wallet), money(Number(row.total_pence)));
  if (Number(row.amount_due_pence) !== 0) diff('amount_due_pence', money(0), money(Number(row.amount_due_pence)));
  if (row.status === 'awaiting_payment' || row.status === 'cancelled') diff('status', 'paid (or later)', row.status);
  for (const key of Object.keys(s) as (keyof typeof s)[]) {
    if (JSON.stringify(row.summary?.[key]) !== JSON.stringify(s[key])) diff(`summary.${key}`, String(s[key]), String(row.summary?.[key] ?? '(none)'));
  }
  return out;
}

export async function verifySellerCredits(_ctx: AuditCtx, executor: Db, onProgress?: AuditProgress): Promise<AuditCheckResult> {
  const check = 'seller-credit';
  const total = await countOf(executor, 'LotPaid');
  const differences: AuditDifference[] = [];
  let checked = 0;
  let after = 0;
  for (;;) {
    const batch = await paidBatch<LotPaid['data']>(executor, 'LotPaid', after);
    if (batch.length === 0) break;
    after = batch[batch.length - 1].position;
    const paid = [...new Map(batch.map((b) => [b.data.lot_id, b.data])).values()];
    const orderStreams = await readStreams(executor, [...new Set(paid.map((p) => orderStream(p.order_id)))]);
    const closes = await readStreams<LotClosed>(executor, paid.map((p) => lotStream(p.lot_id)), ['LotClosed']);
    const lotRows = new Map((await executor.selectFrom('lots').select(['id', 'hammer_price_pence', 'reserve_fee_pence']).where('id', 'in', paid.map((p) => p.lot_id)).execute()).map((r) => [r.id, r]));
    const sold = paid.map((p) => ({ paid: p, lot: fold(orderStreams.get(orderStream(p.order_id))).order?.lots.find((l) => l.lot_id === p.lot_id) }));
    const lines = await walletLines(executor, sold.flatMap((s) => (s.lot ? [s.lot.seller_id] : [])));
    for (const { paid: p, lot } of sold) {
      const diff = (field: string, expected: string, found: string, message: string) => differences.push({ check, subject: p.lot_id, field, expected, found, message });
      if (!lot) {
        diff('order', `lot in order ${p.order_id}`, '(none)', `The lot ${p.lot_id} was paid by an order that does not list it.`);
        continue;
      }
      const closed = closes.get(lotStream(p.lot_id))?.at(-1)?.data;
      if (closed?.outcome !== 'sold' || closed.hammer_price !== lot.hammer_pence) {
        diff('hammer_price', money(closed?.hammer_price), money(lot.hammer_pence), `Lot ${lot.reference_no}: the order charged another hammer than the lot closed at.`);
      }
      if (closed && closed.seller_id !== lot.seller_id) diff('seller_id', closed.seller_id, lot.seller_id, `Lot ${lot.reference_no}: the order credits another seller than the lot's.`);
      const hammer = closed?.hammer_price ?? lot.hammer_pence;
      const mine = lines.get(walletStream(lot.seller_id)) ?? new Map<string, number>();
      const { fees } = chargedSellerFees(hammer, lot.reserve_fee_pence);
      const want: [string, number][] = [[saleEntryId(p.lot_id, 'proceeds'), hammer], ...fees.map((f): [string, number] => [saleEntryId(p.lot_id, f.kind), -f.amount_pence])];
      for (const [entryId, amount] of want) {
        const found = mine.get(entryId);
        if ((found ?? 0) !== amount || (amount === 0 && found !== undefined)) {
          diff(`wallet ${entryId}`, amount === 0 ? '(none)' : money(amount), money(found), `Lot ${lot.reference_no}: the seller's wallet line is not the hammer less the house's fees.`);
        }
      }
      const row = lotRows.get(p.lot_id);
      const printed = row?.hammer_price_pence === null || row?.hammer_price_pence === undefined ? null : sellerCosts({ hammer_pence: Number(row.hammer_price_pence), reserve_fee_pence: Number(row.reserve_fee_pence) });
      const net = want.reduce((sum, [, amount]) => sum + amount, 0);
      if (!printed || printed.net_proceeds !== net) {
        diff('net_proceeds', money(net), money(printed?.net_proceeds), `Lot ${lot.reference_no}: the seller statement's net (from the lots read model) is not what the wallet was credited.`);
      }
    }
    checked += paid.length;
    onProgress?.(check, checked, total);
  }
  return { check, checked, differences };
}
