/**
 * Staff money calls (docs/payments-api.md): withdrawals to pay out or reject, wallets (search, one wallet with its
 * recent transactions, overdraft, credit/debit adjustments) and the registration fee taken by bank or in store.
 * Every money-moving POST carries a new Idempotency-Key.
 */
import type {
  AdjustmentBody, CurrentUser, FeePaidBody, OverdraftBody, PayOutBody, RejectBody, StaffTransaction, StaffWalletDetail, StaffWalletRow, StaffWithdrawal, Wallet,
} from '../../api/contract';
import { get, post } from '../../api/http';
import { toList, toPage, unwrap } from '../../lib/normalize';
import type { Page } from '../../lib/types';
import { idempotent } from '../../api/wallet';

export type { StaffWalletRow, StaffWithdrawal } from '../../api/contract';

/** One wallet for the desk: the answer, with its balances also handed to the balances panel as a wallet. */
type StaffWalletView = StaffWalletDetail & { wallet: Wallet };

export type WithdrawalFilter = StaffWithdrawal['status'];
export type FeeMethod = NonNullable<FeePaidBody['method']>;

export const fetchStaffWithdrawals = async (status: WithdrawalFilter, page: number, signal?: AbortSignal): Promise<Page<StaffWithdrawal>> =>
  toPage<StaffWithdrawal>(await get('/api/staff/withdrawals/', { status, page }, { signal }));

export const payOutWithdrawal = (id: string, reference: string) =>
  post(`/api/staff/withdrawals/${encodeURIComponent(id)}/pay_out/`, { reference } satisfies PayOutBody, idempotent());

export const rejectWithdrawal = (id: string, reason: string) =>
  post(`/api/staff/withdrawals/${encodeURIComponent(id)}/reject/`, { reason } satisfies RejectBody, idempotent());

export const fetchStaffWallets = async (search: string, page: number, signal?: AbortSignal): Promise<Page<StaffWalletRow>> =>
  toPage<StaffWalletRow>(await get('/api/staff/wallets/', { search: search.trim(), page }, { signal }));

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The wallet fields may sit at the top or under `wallet`; the transactions under `transactions` or `recent_transactions`. */
export async function fetchStaffWallet(userId: string, signal?: AbortSignal): Promise<StaffWalletView> {
  const d = unwrap<Record<string, unknown>>(await get(`/api/staff/wallets/${encodeURIComponent(userId)}/`, undefined, { signal }));
  const inner = isObj(d.wallet) ? d.wallet : d;
  const wallet = { ...d, ...inner } as unknown as StaffWalletDetail;
  const txs = d.transactions ?? d.recent_transactions ?? inner.transactions ?? inner.recent_transactions ?? [];
  return { ...wallet, user_id: String(wallet.user_id ?? userId), wallet, transactions: toList<StaffTransaction>(txs) };
}

export const setOverdraft = (userId: string, limit: string, reason: string) =>
  post(`/api/staff/wallets/${encodeURIComponent(userId)}/overdraft/`, { limit, reason } satisfies OverdraftBody, idempotent());

export const adjustWallet = (userId: string, direction: AdjustmentBody['direction'], amount: string, reason: string) =>
  post(`/api/staff/wallets/${encodeURIComponent(userId)}/adjustments/`, { direction, amount, reason } satisfies AdjustmentBody, idempotent());

/** The registration fee received by bank transfer or in store (card payments record themselves): the user after it. */
export const markFeePaid = async (userId: string, method: FeeMethod, reference: string): Promise<CurrentUser> =>
  unwrap<CurrentUser>(await post(
    `/api/staff/users/${encodeURIComponent(userId)}/registration_fee_paid/`,
    (reference.trim() ? { method, reference: reference.trim() } : { method }) satisfies FeePaidBody,
    idempotent(),
  ));
