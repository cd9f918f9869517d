/**
 * Staff wallet calls (docs/payments-api.md): wallets (search, one wallet with its recent transactions, overdraft,
 * credit/debit adjustments). Every money-moving POST carries a new Idempotency-Key.
 */
import type { AdjustmentBody, OverdraftBody, StaffTransaction, StaffWalletDetail, StaffWalletRow, Wallet } from '../../../api/contract';
import { get, post } from '../../../api/http';
import { toList, toPage, unwrap } from '../../../lib/normalize';
import type { Page } from '../../../lib/types';

export type { StaffWalletRow } from '../../../api/contract';

/** One wallet for the desk: the answer, with its balances also handed to the balances panel as a wallet. */
type StaffWalletView = StaffWalletDetail & { wallet: Wallet };

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
  post(`/api/staff/wallets/${encodeURIComponent(userId)}/overdraft/`, { limit, reason } satisfies OverdraftBody);

export const adjustWallet = (userId: string, direction: AdjustmentBody['direction'], amount: string, reason: string) =>
  post(`/api/staff/wallets/${encodeURIComponent(userId)}/adjustments/`, { direction, amount, reason } satisfies AdjustmentBody);
