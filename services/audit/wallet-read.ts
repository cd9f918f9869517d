/**
 * Reads for the wallet audit, always through the executor the caller hands in (one REPEATABLE READ snapshot, so the
 * events and the read models are seen at the same instant). Several streams at a time: the checks run over
 * thousands of wallets.
 */
import { sql } from 'kysely';
import type { Db } from '../../infra/db/database';
import type { DomainEvent } from '../../infra/event-store/types';
import type { WalletEvent } from '../../domain/wallet/events';
import type { ReplayInput } from '../../domain/wallet/replay';
import '../../projections/wallet/tables';

export interface StoredRow<E extends DomainEvent = DomainEvent> {
  position: number; transaction_id: string; stream_id: string; stream_version: number; type: E['type']; data: E['data']; created_at: Date;
}

/** Every event of these streams, grouped by stream in version order. */
export async function readStreams<E extends DomainEvent = DomainEvent>(executor: Db, streamIds: readonly string[], types?: readonly string[]): Promise<Map<string, StoredRow<E>[]>> {
  const out = new Map<string, StoredRow<E>[]>();
  if (streamIds.length === 0) return out;
  const typeFilter = types ? sql`AND type = ANY(${[...types]}::text[])` : sql``;
  const { rows } = await sql<StoredRow<E>>`
    SELECT position::int8 AS position, transaction_id::text, stream_id, stream_version, type, data, created_at
    FROM events WHERE stream_id = ANY(${[...streamIds]}::text[]) ${typeFilter}
    ORDER BY stream_id, stream_version`.execute(executor);
  for (const row of rows) {
    row.position = Number(row.position);
    let list = out.get(row.stream_id);
    if (!list) {
      list = [];
      out.set(row.stream_id, list);
    }
    list.push(row);
  }
  return out;
}

/** Where a projection stands in the global feed, ordered by (transaction_id, position); null before its first run. */
interface Checkpoint { transaction_id: bigint; position: number }

export async function readCheckpoint(executor: Db, projection: string): Promise<Checkpoint | null> {
  const { rows } = await sql<{ transaction_id: string; position: string }>`
    SELECT transaction_id::text, position::text FROM projection_checkpoints WHERE name = ${projection}`.execute(executor);
  return rows[0] ? { transaction_id: BigInt(rows[0].transaction_id), position: Number(rows[0].position) } : null;
}

/** The last stream version the projection has applied by its checkpoint (0: none of the stream's events yet). */
export function appliedVersion(rows: readonly StoredRow[], checkpoint: Checkpoint | null): number {
  if (!checkpoint) return 0;
  let version = 0;
  for (const r of rows) {
    const tx = BigInt(r.transaction_id);
    if (tx < checkpoint.transaction_id || (tx === checkpoint.transaction_id && r.position <= checkpoint.position)) version = Math.max(version, r.stream_version);
  }
  return version;
}

export const toReplayInputs = (rows: readonly StoredRow[]): ReplayInput[] => rows.map((r) => ({
  position: r.position, version: r.stream_version, event: { type: r.type, data: r.data } as WalletEvent, recorded_at: r.created_at.toISOString(),
}));

/** Stream ids starting with `prefix`, after `after` in id order (keyset paging over the streams table). */
export async function streamsAfter(executor: Db, prefix: string, after: string | null, limit: number): Promise<string[]> {
  const keyset = after === null ? sql`` : sql`AND stream_id > ${after}`;
  const { rows } = await sql<{ stream_id: string }>`
    SELECT stream_id FROM streams WHERE stream_id LIKE ${`${prefix}%`} ${keyset}
    ORDER BY stream_id LIMIT ${limit}`.execute(executor);
  return rows.map((r) => r.stream_id);
}

export async function countStreams(executor: Db, prefix: string): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    SELECT count(*) AS n FROM streams WHERE stream_id LIKE ${`${prefix}%`}`.execute(executor);
  return Number(rows[0].n);
}

export interface WalletRow { user_id: string; version: number; balance_pence: number; pending_pence: number; overdraft_limit_pence: number }

export interface TransactionRowLite {
  user_id: string; id: string; entry_number: number; stream_version: number; date: Date; type: string; kind: string;
  amount_pence: number; balance_after_pence: number; reference: string | null; status: string;
}

/** The wallets and transaction rows of these users, pence as numbers. */
export async function readWalletModels(executor: Db, userIds: readonly string[]): Promise<{ wallets: Map<string, WalletRow>; transactions: Map<string, TransactionRowLite[]> }> {
  const wallets = new Map<string, WalletRow>();
  const transactions = new Map<string, TransactionRowLite[]>();
  if (userIds.length === 0) return { wallets, transactions };
  const ids = [...userIds];
  const [walletRows, txRows] = await Promise.all([
    executor.selectFrom('wallets').select(['user_id', 'version', 'balance_pence', 'pending_pence', 'overdraft_limit_pence'])
      .where('user_id', 'in', ids).execute(),
    executor.selectFrom('wallet_transactions')
      .select(['user_id', 'id', 'entry_number', 'stream_version', 'date', 'type', 'kind', 'amount_pence', 'balance_after_pence', 'reference', 'status'])
      .where('user_id', 'in', ids).orderBy('user_id').orderBy('entry_number').execute(),
  ]);
  for (const w of walletRows) {
    wallets.set(w.user_id, {
      user_id: w.user_id, version: Number(w.version), balance_pence: Number(w.balance_pence), pending_pence: Number(w.pending_pence),
      overdraft_limit_pence: Number(w.overdraft_limit_pence),
    });
  }
  for (const t of txRows) {
    let list = transactions.get(t.user_id);
    if (!list) {
      list = [];
      transactions.set(t.user_id, list);
    }
    list.push({ ...t, amount_pence: Number(t.amount_pence), balance_after_pence: Number(t.balance_after_pence) });
  }
  return { wallets, transactions };
}
