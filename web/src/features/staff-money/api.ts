/**
 * Staff money calls (docs/payments-api.md): withdrawals to pay out or reject, wallets (search, one wallet with its
 * recent transactions, overdraft, credit/debit adjustments) and the registration fee taken by bank or in store.
 * Every money-moving POST carries a new Idempotency-Key.
 */
import { get, post } from '../../api/http';
import type { StaffUser } from '../../api/staff';
import { toList, toPage, unwrap } from '../../lib/normalize';
import type { Money, Page } from '../../lib/types';
import type { PayoutMethod } from '../../api/payout';
import { idempotent, type Transaction, type Wallet, type Withdrawal } from '../../api/wallet';

/** A withdrawal as staff see it: whose it is and the payout details to pay to. */
export interface StaffWithdrawal extends Withdrawal {
  user: { id: string; email: string; first_name: string; last_name: string } | null;
  confirmed_at?: string | null;
  paid_out_at?: string | null;
  reference?: string | null;
  rejected_at?: string | null;
  reject_reason?: string | null;
  cancel_reason?: string | null;
  /** The method's details now (null when it could not be found). */
  payout_details: PayoutMethod | null;
  /** The method was edited after the request: check with the user before paying. */
  details_changed?: boolean;
}

export interface StaffWalletRow {
  user_id: string;
  email: string;
  first_name: string;
  last_name: string;
  balance: Money;
  balance_incl_pending: Money;
  overdraft_limit: Money;
  overdraft_remaining: Money;
}

interface StaffWalletDetail extends StaffWalletRow {
  wallet: Wallet;
  transactions: Transaction[];
}

export type WithdrawalFilter = 'confirmed' | 'paid_out' | 'rejected' | 'awaiting_code' | 'cancelled';
export type FeeMethod = 'bank' | 'in_store';

export const fetchStaffWithdrawals = async (status: WithdrawalFilter, page: number, signal?: AbortSignal): Promise<Page<StaffWithdrawal>> =>
  toPage<StaffWithdrawal>(await get('/api/staff/withdrawals/', { status, page }, { signal }));

export const payOutWithdrawal = (id: string, reference: string) =>
  post(`/api/staff/withdrawals/${encodeURIComponent(id)}/pay_out/`, { reference }, idempotent());

export const rejectWithdrawal = (id: string, reason: string) =>
  post(`/api/staff/withdrawals/${encodeURIComponent(id)}/reject/`, { reason }, idempotent());

export const fetchStaffWallets = async (search: string, page: number, signal?: AbortSignal): Promise<Page<StaffWalletRow>> =>
  toPage<StaffWalletRow>(await get('/api/staff/wallets/', { search: search.trim(), page }, { signal }));

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The wallet fields may sit at the top or under `wallet`; the transactions under `transactions` or `recent_transactions`. */
export async function fetchStaffWallet(userId: string, signal?: AbortSignal): Promise<StaffWalletDetail> {
  const d = unwrap<Record<string, unknown>>(await get(`/api/staff/wallets/${encodeURIComponent(userId)}/`, undefined, { signal }));
  const inner = isObj(d.wallet) ? d.wallet : d;
  const wallet = { ...d, ...inner } as unknown as StaffWalletRow & Wallet;
  const txs = d.transactions ?? d.recent_transactions ?? inner.transactions ?? inner.recent_transactions ?? [];
  return { ...wallet, user_id: String(wallet.user_id ?? userId), wallet, transactions: toList<Transaction>(txs) };
}

export const setOverdraft = (userId: string, limit: Money, reason: string) =>
  post(`/api/staff/wallets/${encodeURIComponent(userId)}/overdraft/`, { limit, reason }, idempotent());

export const adjustWallet = (userId: string, direction: 'credit' | 'debit', amount: Money, reason: string) =>
  post(`/api/staff/wallets/${encodeURIComponent(userId)}/adjustments/`, { direction, amount, reason }, idempotent());

/** The registration fee received by bank transfer or in store (card payments record themselves). */
export const markFeePaid = async (userId: string, method: FeeMethod, reference: string): Promise<StaffUser> =>
  unwrap<StaffUser>(await post(
    `/api/staff/users/${encodeURIComponent(userId)}/registration_fee_paid/`,
    reference.trim() ? { method, reference: reference.trim() } : { method },
    idempotent(),
  ));
