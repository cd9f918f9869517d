/** Wallet and withdrawal calls (docs/payments-api.md "Wallet", "Withdrawals"). Money is a decimal string "125.00". */
import type {
  NewWithdrawalCode, PayoutChoice, RequestedWithdrawal, StaffTransaction, Transaction, Wallet, WithdrawBody, Withdrawal, WithdrawalConfirmed,
} from './contract';
import { downloadFrom } from './files';
import { get, post } from './http';
import { toPage, unwrap } from '../lib/normalize';
import type { Page } from '../lib/types';

export type { Transaction, Wallet, Withdrawal } from './contract';

export type TransactionType = 'all' | 'credits' | 'debits' | 'withdrawals' | 'pending';

/** A row of a transactions table: the user's own, or the staff's view with the reason a staff member gave. */
export type TransactionRow = Transaction & Partial<Pick<StaffTransaction, 'reason'>>;

/**
 * A withdrawal waiting for its code, as the wallet keeps it: the list's row or the request's answer (only the latter
 * says when the code expires).
 */
export type PendingWithdrawal = Pick<Withdrawal, 'id' | 'amount' | 'status' | 'payment_method' | 'created_at'>
  & Partial<Pick<RequestedWithdrawal, 'code_expires_at'>>;

const TRANSACTIONS_PAGE_SIZE = 20;

export const fetchWallet = async (signal?: AbortSignal): Promise<Wallet> => unwrap<Wallet>(await get('/api/user_wallet/', undefined, { signal }));

export const fetchTransactions = async (type: TransactionType, page: number, signal?: AbortSignal): Promise<Page<Transaction>> =>
  toPage<Transaction>(await get(`/api/transactions/${type}/`, { page, page_size: TRANSACTIONS_PAGE_SIZE }, { signal }));

export async function downloadReceipt(transactionId: string): Promise<void> {
  await downloadFrom(`/api/transactions/${encodeURIComponent(transactionId)}/receipt_pdf/`);
}

export const fetchPayoutChoices = async (signal?: AbortSignal): Promise<PayoutChoice[]> =>
  toPage<PayoutChoice>(await get('/api/payment_methods/', undefined, { signal })).results;

export const requestWithdrawal = async (amount: string, paymentMethod: string): Promise<RequestedWithdrawal> =>
  unwrap<RequestedWithdrawal>(await post('/api/withdraw/', { amount, payment_method: paymentMethod } satisfies WithdrawBody));

export const verifyWithdrawal = async (id: string, code: string): Promise<WithdrawalConfirmed> =>
  unwrap<WithdrawalConfirmed>(await post(`/api/withdraw/${encodeURIComponent(id)}/verify/`, { code }));

export const newWithdrawalCode = async (id: string): Promise<NewWithdrawalCode> =>
  unwrap<NewWithdrawalCode>(await post(`/api/withdraw/${encodeURIComponent(id)}/update_code/`));

export const fetchWithdrawals = async (signal?: AbortSignal): Promise<Withdrawal[]> =>
  toPage<Withdrawal>(await get('/api/withdraw/', { page: 1 }, { signal })).results;
