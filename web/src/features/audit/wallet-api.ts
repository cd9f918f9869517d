/** The auditor's wallet calls (docs/audit.md "Wallet replay"): find a wallet, replay it, export it as CSV. */
import { get } from '../../api/http';
import type { Page, StaffWalletRow, WalletReplay } from '../../api/contract';

export type { WalletReplay } from '../../api/contract';
export type ReplayEntry = WalletReplay['entries'][number];
export type AuditBalances = WalletReplay['balances'];
export type Cause = ReplayEntry['caused_by'];

export const findWallets = (search: string, signal?: AbortSignal) =>
  get<Page<StaffWalletRow>>('/api/audit/wallets/', { search, page_size: 10 }, { signal });

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
