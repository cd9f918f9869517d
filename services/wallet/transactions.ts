/** Reading wallet transactions from the read model, and their API shapes. */
import type { Selectable } from 'kysely';
import type { AppContext } from '../context';
import { penceToDecimal } from '../../domain/shared/money';
import type { WalletTransactionsTable } from '../../projections/wallet/tables';
import type { StaffTransactionAnswer, TransactionAnswer } from './schemas';

export type TransactionRow = Selectable<WalletTransactionsTable>;

export const TRANSACTION_FILTERS = ['all', 'credits', 'debits', 'withdrawals', 'pending'] as const;
type TransactionFilter = (typeof TRANSACTION_FILTERS)[number];


export function transactionAnswer(row: TransactionRow): TransactionAnswer {
  return {
    id: row.id, date: row.date.toISOString(), type: row.type, kind: row.kind, description: row.description,
    amount: penceToDecimal(Number(row.amount_pence)), balance: penceToDecimal(Number(row.balance_after_pence)),
    reference: row.reference, status: row.status,
  };
}

export function staffTransactionAnswer(row: TransactionRow): StaffTransactionAnswer {
  return { ...transactionAnswer(row), by: row.by, reason: row.reason, created_at: row.created_at.toISOString() };
}

/** A page of a user's transactions, newest first (by stream position: a withdrawal moves up when it is settled). */
export async function listTransactions(
  ctx: Pick<AppContext, 'db'>, userId: string, filter: TransactionFilter, page: number, pageSize: number,
): Promise<{ rows: TransactionRow[]; count: number }> {
  let base = ctx.db.selectFrom('wallet_transactions').where('user_id', '=', userId);
  if (filter === 'credits') base = base.where('type', '=', 'credit');
  else if (filter === 'debits') base = base.where('type', '=', 'debit');
  else if (filter === 'withdrawals') base = base.where('type', '=', 'withdrawal');
  else if (filter === 'pending') base = base.where('status', '=', 'pending');
  const [{ count }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    base.selectAll().orderBy('stream_version', 'desc').limit(pageSize).offset((page - 1) * pageSize).execute(),
  ]);
  return { rows, count: Number(count) };
}

/** One of the user's own transactions, or undefined (another user's id is as unknown as a made-up one). */
export function findTransaction(ctx: Pick<AppContext, 'db'>, userId: string, id: string): Promise<TransactionRow | undefined> {
  return ctx.db.selectFrom('wallet_transactions').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
}
