/** The auditor's wallet calls (docs/audit.md "Wallet replay"): find a wallet, replay it, export it as CSV. */
import { get } from '../../api/http';
import { toPage } from '../../lib/normalize';
import type { Page } from '../../lib/types';

export interface AuditBalances { available: string; pending: string; posted: string; overdraft_limit: string }
export interface Cause { kind: 'order' | 'lot' | 'withdrawal' | 'voucher' | 'payment' | 'staff' | 'system'; id: string }

export interface ReplayEntry {
  position: number;
  version: number;
  at: string;
  recorded_at: string | null;
  type: string;
  kind: 'credit' | 'debit' | 'fee' | 'adjustment' | 'hold' | 'capture' | 'release' | 'overdraft';
  detail_kind: string | null;
  entry_id: string | null;
  amount: string;
  posted_change: string;
  available_change: string;
  balances: AuditBalances;
  caused_by: Cause;
  related: Cause[];
  actor: { id: string | null; reason: string | null };
  description: string;
}

interface AuditDifference { check: string; subject: string; field: string; expected: string; found: string; message: string }

export interface WalletReplay {
  user: { id: string; email: string; first_name: string; last_name: string };
  version: number;
  balances: AuditBalances;
  as_of: { at: string; version: number; balances: AuditBalances } | null;
  matches_read_model: boolean;
  read_model_version: number;
  differences: AuditDifference[];
  entries: ReplayEntry[];
}

interface AuditWalletRow { user_id: string; email: string; first_name: string; last_name: string; balance: string }

export const findWallets = (search: string, signal?: AbortSignal): Promise<Page<AuditWalletRow>> =>
  get('/api/audit/wallets/', { search, page_size: 10 }, { signal }).then((v) => toPage<AuditWalletRow>(v));

export const fetchWalletReplay = (userId: string, at: string | null, signal?: AbortSignal) =>
  get<WalletReplay>(`/api/audit/wallets/${encodeURIComponent(userId)}/`, { at }, { signal });

/** Downloads the replay as CSV (as of `at` when given) under the server's file name. */
export async function downloadWalletCsv(userId: string, at: string | null): Promise<void> {
  const text = await get<string>(`/api/audit/wallets/${encodeURIComponent(userId)}/`, { format: 'csv', at });
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `wallet-${userId}${at ? `-as-of-${at.replace(/[^0-9TZ]/g, '')}` : ''}.csv`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
