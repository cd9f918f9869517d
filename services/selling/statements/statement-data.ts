/**
 * What a seller's statement for one auction holds (docs/selling.md "Seller statement"): the seller, the auction,
 * each of the seller's lots in it with its outcome, costs and payment status, and the totals. Only the caller's
 * own lots are ever read: another seller's lots in the same auction are not in the statement.
 */
import type { Db } from '../../../infra/db/database';
import { loadLotSales, type LotSale } from './sale-status';

export interface StatementLine {
  lot_id: string;
  reference_no: string;
  title: string;
  outcome: 'sold' | 'unsold' | 'open';
  sale: LotSale;
}

interface StatementTotals {
  hammer: number;
  commission: number;
  listing_fee: number;
  reserve_fee: number;
  total_fees: number;
  net_proceeds: number;
  vat_in_fees: number;
  /** Net proceeds already credited to the wallet, and the net still awaiting the buyers' payments. */
  paid_to_wallet: number;
  awaiting_buyer_payment: number;
}

export interface SellerStatement {
  seller: { first_name: string; last_name: string; email: string };
  auction: { id: string; year: number; sequence_no: number; start_date: Date; end_date: Date };
  lines: StatementLine[];
  totals: StatementTotals;
}

/** The most recent auction, by end, in which the seller had a closed lot (the seller area's "recent" auction). */
export async function lastAuctionIdOf(db: Db, sellerId: string): Promise<string | null> {
  const row = await db
    .selectFrom('lots')
    .innerJoin('auctions', 'auctions.id', 'lots.auction_id')
    .select('auctions.id')
    .where('lots.seller_id', '=', sellerId)
    .where('lots.outcome', 'is not', null)
    .orderBy('auctions.end_date', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

function statementTotals(lines: StatementLine[]): StatementTotals {
  const t: StatementTotals = {
    hammer: 0, commission: 0, listing_fee: 0, reserve_fee: 0, total_fees: 0, net_proceeds: 0, vat_in_fees: 0, paid_to_wallet: 0, awaiting_buyer_payment: 0,
  };
  for (const { sale } of lines) {
    const c = sale.costs;
    if (!c) continue;
    t.hammer += c.hammer;
    t.commission += c.commission;
    t.listing_fee += c.listing_fee;
    t.reserve_fee += c.reserve_fee;
    t.total_fees += c.total_fees;
    t.net_proceeds += c.net_proceeds;
    // The sum of each lot's VAT, as each lot's fees are their own supply.
    t.vat_in_fees += c.vat_in_fees;
    if (sale.payment_status === 'paid_to_wallet') t.paid_to_wallet += c.net_proceeds;
    else t.awaiting_buyer_payment += c.net_proceeds;
  }
  return t;
}

/** The seller's statement for the auction: null when the auction is unknown or the seller had no lots in it. */
export async function loadStatement(db: Db, sellerId: string, auctionId: string): Promise<SellerStatement | null> {
  const [auction, lots, seller] = await Promise.all([
    db.selectFrom('auctions').select(['id', 'year', 'sequence_no', 'start_date', 'end_date']).where('id', '=', auctionId).executeTakeFirst(),
    db.selectFrom('lots').select(['id', 'reference_no', 'title', 'custom_title', 'outcome'])
      .where('auction_id', '=', auctionId).where('seller_id', '=', sellerId)
      .orderBy('consign_position', 'asc').execute(),
    db.selectFrom('users').select(['first_name', 'last_name', 'email']).where('id', '=', sellerId).executeTakeFirst(),
  ]);
  if (!auction || lots.length === 0) return null;
  const sales = await loadLotSales(db, sellerId, lots.map((l) => l.id));
  const lines: StatementLine[] = lots.map((l) => ({
    lot_id: l.id,
    reference_no: l.reference_no,
    title: l.custom_title || l.title,
    outcome: l.outcome === 'sold' ? 'sold' : l.outcome === 'unsold' ? 'unsold' : 'open',
    sale: sales.get(l.id) ?? { lot_id: l.id, costs: null, payment_status: null, paid_to_wallet_at: null },
  }));
  return {
    seller: seller ?? { first_name: '', last_name: '', email: '' },
    auction,
    lines,
    totals: statementTotals(lines),
  };
}
