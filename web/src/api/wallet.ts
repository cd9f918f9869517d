/** Wallet and withdrawal calls (docs/payments-api.md "Wallet", "Withdrawals"). Money is a decimal string "125.00". */
import { downloadFile, type FilePayload } from './files';
import { get, newIdempotencyKey, post } from './http';
import { toPage, unwrap } from '../lib/normalize';
import type { Money, Page } from '../lib/types';

export interface Wallet {
  id: string;
  /** Available: posted minus pending withdrawals. */
  balance: Money;
  /** Posted: still counting withdrawals not yet paid out. */
  balance_incl_pending: Money;
  overdraft_remaining: Money;
  overdraft_limit?: Money;
  currency?: string;
}

export type TransactionType = 'all' | 'credits' | 'debits' | 'withdrawals' | 'pending';
type TransactionStatus = 'completed' | 'pending' | 'released';

export interface Transaction {
  id: string;
  date: string;
  type: string;
  kind?: string | null;
  description: string;
  /** Signed: "-20.00" leaves the wallet. */
  amount: Money;
  /** The posted balance after it. */
  balance: Money | null;
  reference?: string | null;
  status: TransactionStatus;
  /** Staff views only: why a staff member posted it. */
  reason?: string | null;
}

/** A payout method as the withdrawal form lists it (masked; no access code needed). */
interface PayoutChoice {
  id: string;
  type: string;
  label: string;
  is_default: boolean;
}

type WithdrawalStatus = 'awaiting_code' | 'confirmed' | 'cancelled' | 'paid_out' | 'rejected' | string;

export interface Withdrawal {
  id: string;
  amount: Money;
  status: WithdrawalStatus;
  payment_method: { id: string; type: string; label: string } | null;
  created_at: string;
  code_expires_at?: string | null;
}

interface CodeAnswer {
  id: string;
  status?: WithdrawalStatus;
  msg?: string;
  code_expires_at?: string | null;
}

const TRANSACTIONS_PAGE_SIZE = 20;

/** Request options carrying a new Idempotency-Key. */
/** A fresh key per attempt: a retry of the same request (a lost answer) is then answered once by the server. */
export const idempotent = () => ({ headers: { 'Idempotency-Key': newIdempotencyKey() } });

export const fetchWallet = async (signal?: AbortSignal): Promise<Wallet> => unwrap<Wallet>(await get('/api/user_wallet/', undefined, { signal }));

export const fetchTransactions = async (type: TransactionType, page: number, signal?: AbortSignal): Promise<Page<Transaction>> =>
  toPage<Transaction>(await get(`/api/transactions/${type}/`, { page, page_size: TRANSACTIONS_PAGE_SIZE }, { signal }));

export async function downloadReceipt(transactionId: string): Promise<void> {
  downloadFile(unwrap<FilePayload>(await get(`/api/transactions/${encodeURIComponent(transactionId)}/receipt_pdf/`)));
}

export const fetchPayoutChoices = async (signal?: AbortSignal): Promise<PayoutChoice[]> =>
  toPage<PayoutChoice>(await get('/api/payment_methods/', undefined, { signal })).results;

export const requestWithdrawal = async (amount: Money, paymentMethod: string): Promise<Withdrawal> =>
  unwrap<Withdrawal>(await post('/api/withdraw/', { amount, payment_method: paymentMethod }, idempotent()));

export const verifyWithdrawal = async (id: string, code: string): Promise<CodeAnswer> =>
  unwrap<CodeAnswer>(await post(`/api/withdraw/${encodeURIComponent(id)}/verify/`, { code }, idempotent()));

export const newWithdrawalCode = async (id: string): Promise<CodeAnswer> =>
  unwrap<CodeAnswer>(await post(`/api/withdraw/${encodeURIComponent(id)}/update_code/`));

export const fetchWithdrawals = async (signal?: AbortSignal): Promise<Withdrawal[]> =>
  toPage<Withdrawal>(await get('/api/withdraw/', { page: 1 }, { signal })).results;
