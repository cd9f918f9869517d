/** The answers of the card payment endpoints, read from the read models (users, user_cards). */
import type { Selectable } from 'kysely';
import { z } from 'zod';
import { money } from '../../infra/http/answers';
import type { CardFormat } from '../../domain/payments/cards/card-format';
import type { Db } from '../../infra/db/database';
import { penceToDecimal } from '../../domain/shared/money';
import { getUserById } from '../accounts/queries';
import { REGISTRATION_FEE_PENCE } from '../accounts/create-account';
import type { UserCardsTable } from '../../projections/payments/tables';
import '../../projections/payments/tables';
import type { AppContext } from '../context';
import { cardsDecider } from '../../domain/payments/cards/decide';
import { cardsStream } from '../../domain/payments/cards/events';
import { findCard, type SavedCardState } from '../../domain/payments/cards/state';
import { userStream, type AccountEvent } from '../../domain/accounts/events';
import { feeMethod } from '../../projections/accounts/users-projection';

/** A card that needs 3-D Secure: the challenge page's HTML, answered as a JSON string (200). */
export const challengeHtmlAnswer = z.string().meta({ description: 'HTML of the 3-D Secure challenge to show the user' });

export const feeViewSchema = z.object({
  registration_fee_status: z.boolean(),
  amount: money,
  currency: z.literal('GBP'),
  paid_at: z.string().nullable(),
  method: z.string().nullable(),
});
type FeeView = z.infer<typeof feeViewSchema>;

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

export const cardViewSchema = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
  card_holder_name: z.string(),
  default: z.boolean(),
  created_at: z.string(),
});
type CardView = z.infer<typeof cardViewSchema>;

/** GET /api/get_credit_card_format/{prefix}/ (the shape is the domain's). */
export const cardFormatSchema: z.ZodType<CardFormat> = z.object({
  brand: z.string(), brand_name: z.string(), groups: z.array(z.number().int()), mask: z.string(), lengths: z.array(z.number().int()), cvc_length: z.number().int(),
});

function toCardView(row: Selectable<UserCardsTable>): CardView {
  return {
    id: row.id, brand: row.brand, last4: row.last4, exp_month: row.exp_month, exp_year: row.exp_year,
    card_holder_name: row.card_holder_name, default: row.is_default, created_at: row.created_at.toISOString(),
  };
}

export async function ownCards(db: Db, userId: string, page: number, pageSize: number): Promise<{ results: CardView[]; count: number }> {
  const base = db.selectFrom('user_cards').where('user_id', '=', userId).where('removed_at', 'is', null);
  const [{ count }] = await base.select((eb) => eb.fn.countAll<string>().as('count')).execute();
  const rows = await base.selectAll().orderBy('is_default', 'desc').orderBy('created_at', 'desc').orderBy('id')
    .limit(pageSize).offset((page - 1) * pageSize).execute();
  return { results: rows.map(toCardView), count: Number(count) };
}

/** A saved card as the cards stream holds it (a write's answer: the user_cards view may still be behind). */
function cardViewOfState(card: SavedCardState): CardView {
  return {
    id: card.card_id, brand: card.brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year,
    card_holder_name: card.card_holder_name, default: card.default, created_at: new Date(card.saved_at).toISOString(),
  };
}

/** The user's card from the cards stream (the event store), or null when it is not (or no longer) saved. */
export async function decidedCard(ctx: Pick<AppContext, 'commands'>, userId: string, cardId: string): Promise<CardView | null> {
  const card = findCard((await ctx.commands.load(cardsStream(userId), cardsDecider)).state, cardId);
  return card ? cardViewOfState(card) : null;
}

/** The fee as the user's own stream records it (the answer right after paying; the users view may be behind). */
export async function decidedFeeView(ctx: Pick<AppContext, 'store'>, userId: string): Promise<FeeView> {
  const events = await ctx.store.readStream<AccountEvent>(userStream(userId));
  const paid = events.map((e) => ({ type: e.type, data: e.data }) as AccountEvent).find((e) => e.type === 'RegistrationFeePaid');
  const data = paid?.type === 'RegistrationFeePaid' ? paid.data : null;
  return {
    registration_fee_status: data !== null, amount: penceToDecimal(REGISTRATION_FEE_PENCE), currency: 'GBP',
    paid_at: data ? new Date(data.paid_at).toISOString() : null, method: data ? feeMethod(data) : null,
  };
}
