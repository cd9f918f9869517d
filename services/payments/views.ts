/** The answers of the card payment endpoints, read from the read models (users, user_cards). */
import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import { penceToDecimal } from '../../domain/shared/money';
import { getUserById } from '../accounts/queries';
import { REGISTRATION_FEE_PENCE } from '../accounts/create-account';
import type { UserCardsTable } from '../../projections/payments/tables';
import '../../projections/payments/tables';

export interface FeeView {
  registration_fee_status: boolean;
  amount: string;
  currency: 'GBP';
  paid_at: string | null;
  method: string | null;
}

export async function feeView(db: Db, userId: string): Promise<FeeView> {
  const row = await getUserById(db, userId);
  return {
    registration_fee_status: row?.registration_fee_status === true,
    amount: penceToDecimal(REGISTRATION_FEE_PENCE),
    currency: 'GBP',
    paid_at: row?.registration_fee_paid_at ? row.registration_fee_paid_at.toISOString() : null,
    method: row?.registration_fee_status ? row.registration_fee_method : null,
  };
}

export interface CardView {
  id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  card_holder_name: string;
  default: boolean;
  created_at: string;
}

export function toCardView(row: Selectable<UserCardsTable>): CardView {
  return {
    id: row.id, brand: row.brand, last4: row.last4, exp_month: row.exp_month, exp_year: row.exp_year,
    card_holder_name: row.card_holder_name, default: row.is_default, created_at: row.created_at.toISOString(),
  };
}

/** The user's own card (null for another user's or a removed one). */
export async function ownCard(db: Db, userId: string, cardId: string): Promise<CardView | null> {
  const row = await db.selectFrom('user_cards').selectAll()
    .where('id', '=', cardId).where('user_id', '=', userId).where('removed_at', 'is', null).executeTakeFirst();
  return row ? toCardView(row) : null;
}

export async function ownCards(db: Db, userId: string, page: number, pageSize: number): Promise<{ results: CardView[]; count: number }> {
  const base = db.selectFrom('user_cards').where('user_id', '=', userId).where('removed_at', 'is', null);
  const [{ count }] = await base.select((eb) => eb.fn.countAll<string>().as('count')).execute();
  const rows = await base.selectAll().orderBy('is_default', 'desc').orderBy('created_at', 'desc').orderBy('id')
    .limit(pageSize).offset((page - 1) * pageSize).execute();
  return { results: rows.map(toCardView), count: Number(count) };
}
