/**
 * The caller's lots at checkout, from the read models: won and not yet paid (`lots` closed sold to them, minus those
 * an order holds or paid: `lot_purchases`), and paid lots held in the house's storage.
 */
import { sql } from 'kysely';
import type { AppContext } from '../context';
import type { LotPhoto } from '../../domain/catalogue/lot/events';
import '../../projections/catalogue/lots/tables';
import '../../projections/catalogue/auctions/tables';
import '../../projections/orders/tables';

export interface CheckoutLot {
  id: string;
  reference_no: string;
  slug: string;
  title: string;
  subtitle: string;
  photos: LotPhoto[];
  vat_enabled: boolean;
  auction_id: string;
  seller_id: string;
  /** The auction's scheduled end (the lot's own end when the auction row is missing). */
  auction_end_date: Date;
  /** When the lot's sale ended (soft close may move it past the auction's end): the payment and free-storage clock. */
  ended_at: Date;
  hammer_pence: number;
  reserve_fee_pence: number;
}

export interface StoredCheckoutLot extends CheckoutLot {
  storage_expires_at: Date;
}

type Db = AppContext['db'];

function lotColumns() {
  return [
    'l.id', 'l.reference_no', 'l.slug', 'l.vat_enabled', 'l.auction_id', 'l.seller_id', 'l.reserve_fee_pence', 'l.photos',
    'l.ends_at as ended_at',
    sql<string>`COALESCE(l.custom_title, l.title)`.as('title'),
    sql<string>`COALESCE(l.custom_subtitle, l.subtitle)`.as('subtitle'),
    sql<number>`COALESCE(l.hammer_price_pence, 0)`.as('hammer_pence'),
    sql<Date>`COALESCE(a.end_date, l.ends_at)`.as('auction_end_date'),
  ] as const;
}

/** Lots the user won and has not paid, nor holds in an order awaiting payment; the oldest sale first. */
export async function wonUnpaidLots(db: Db, userId: string): Promise<CheckoutLot[]> {
  return db.selectFrom('lots as l')
    .leftJoin('auctions as a', 'a.id', 'l.auction_id')
    .leftJoin('lot_purchases as p', 'p.lot_id', 'l.id')
    .select(lotColumns())
    .where('l.winner_id', '=', userId).where('l.outcome', '=', 'sold')
    .where((eb) => eb.or([eb('p.lot_id', 'is', null), eb('p.state', '=', 'released')]))
    .orderBy('l.ends_at').orderBy('l.consign_position')
    .execute();
}

/**
 * Paid lots of the user held in storage and not already in another order awaiting payment; the soonest expiry
 * first. `only` narrows to those ids (the draft's lots_from_storage).
 */
export async function storedLots(db: Db, userId: string, only?: readonly string[]): Promise<StoredCheckoutLot[]> {
  if (only && only.length === 0) return [];
  let query = db.selectFrom('lot_purchases as p')
    .innerJoin('lots as l', 'l.id', 'p.lot_id')
    .leftJoin('auctions as a', 'a.id', 'l.auction_id')
    .select([...lotColumns(), sql<Date>`p.storage_expires_at`.as('storage_expires_at')])
    .where('p.buyer_id', '=', userId).where('p.state', '=', 'paid').where('p.in_storage', '=', true)
    .where('p.pending_order_id', 'is', null).where('p.storage_expires_at', 'is not', null);
  if (only) query = query.where('p.lot_id', 'in', [...only]);
  return query.orderBy('p.storage_expires_at').orderBy('l.consign_position').execute();
}
