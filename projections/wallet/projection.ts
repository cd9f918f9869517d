/**
 * The `wallet` read model: `wallets` (posted, pending, overdraft per user) and `wallet_transactions` (one row per
 * entry or hold). Wallet events carry amounts, not resulting balances, so each event is applied as a change to the
 * wallet row guarded by the stream version (`version < event's`): applied once, in stream order, a repeat changes
 * nothing. The transaction rows take the resulting posted balance from that same guarded update, so a rebuild gives
 * exactly the live tables.
 *
 * Row rule (docs/payments.md): a row sits at the time and stream position of its latest event. A withdrawal is a
 * pending row (amount negative, balance after = posted, unchanged) until it is captured (completed: it moves to the
 * capture's time and its balance after becomes posted after the capture) or released (released, amount kept).
 * So, ordered by stream_version, each completed row's balance_after is the previous one's plus its amount, and the
 * completed amounts add up to wallets.balance_pence.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../infra/db/database';
import type { Projection } from '../projection';
import { assertNever } from '../../domain/shared/decider';
import { WALLET_EVENT_TYPES, type WalletEvent } from '../../domain/wallet/events';
import type { WalletTransactionsTable } from './tables';
import './tables';

interface Change { posted: number; pending: number; overdraft: number | null; at: string }

function changeOf(event: WalletEvent): Change {
  const at = event.data.at;
  switch (event.type) {
    case 'WalletCredited':
      return { posted: event.data.amount_pence, pending: 0, overdraft: null, at };
    case 'WalletDebited':
      return { posted: -event.data.amount_pence, pending: 0, overdraft: null, at };
    case 'HoldPlaced':
      return { posted: 0, pending: event.data.amount_pence, overdraft: null, at };
    case 'HoldCaptured':
      return { posted: -event.data.amount_pence, pending: -event.data.amount_pence, overdraft: null, at };
    case 'HoldReleased':
      return { posted: 0, pending: -event.data.amount_pence, overdraft: null, at };
    case 'OverdraftChanged':
      return { posted: 0, pending: 0, overdraft: event.data.limit_pence, at };
    default:
      return assertNever(event);
  }
}

/**
 * Applies the change when the row is older than this event; answers the posted balance after it, or null when it was
 * applied already. An update first, an insert only for a wallet's first event (never an upsert: PostgreSQL checks
 * the constraints of the proposed insert row, whose deltas alone may be negative, before it sees the conflict).
 */
async function applyToWallet(trx: Kysely<Database>, userId: string, version: number, c: Change): Promise<number | null> {
  const updated = await trx.updateTable('wallets')
    .set({
      version,
      balance_pence: sql<number>`balance_pence + ${c.posted}::bigint`,
      pending_pence: sql<number>`pending_pence + ${c.pending}::bigint`,
      ...(c.overdraft === null ? {} : { overdraft_limit_pence: c.overdraft }),
      updated_at: c.at,
    })
    .where('user_id', '=', userId).where('version', '<', version)
    .returning('balance_pence').executeTakeFirst();
  if (updated) return Number(updated.balance_pence);
  const inserted = await trx.insertInto('wallets')
    .values({ user_id: userId, version, balance_pence: c.posted, pending_pence: c.pending, overdraft_limit_pence: c.overdraft ?? 0, updated_at: c.at })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .returning('balance_pence').executeTakeFirst();
  return inserted ? Number(inserted.balance_pence) : null;
}

type NewRow = Omit<WalletTransactionsTable, 'date' | 'created_at'> & { date: string; created_at: string };

export const walletProjection: Projection = {
  name: 'wallet',
  tables: ['wallets', 'wallet_transactions'],
  eventTypes: WALLET_EVENT_TYPES,
  async apply(trx, stored) {
    const event = { type: stored.type, data: stored.data } as WalletEvent;
    const version = stored.stream_version;
    const userId = event.data.user_id;
    const balance = await applyToWallet(trx, userId, version, changeOf(event));
    if (balance === null) return;
    const insert = (row: NewRow) => trx.insertInto('wallet_transactions').values(row).onConflict((oc) => oc.columns(['user_id', 'id']).doNothing()).execute();
    const settle = (holdId: string, changes: Partial<Pick<NewRow, 'status' | 'by' | 'reason' | 'reference'>>) => trx.updateTable('wallet_transactions')
      .set({ ...changes, stream_version: version, date: event.data.at, balance_after_pence: balance })
      .where('user_id', '=', userId).where('id', '=', holdId).where('stream_version', '<', version).execute();
    switch (event.type) {
      case 'WalletCredited':
      case 'WalletDebited': {
        const d = event.data;
        const sign = event.type === 'WalletCredited' ? 1 : -1;
        await insert({
          user_id: userId, id: d.entry_id, entry_number: version, stream_version: version, date: d.at, created_at: d.at,
          type: event.type === 'WalletCredited' ? 'credit' : 'debit', kind: d.kind, description: d.description,
          amount_pence: sign * d.amount_pence, balance_after_pence: balance, reference: d.reference, status: 'completed', by: d.by, reason: d.reason,
        });
        return;
      }
      case 'HoldPlaced': {
        const d = event.data;
        await insert({
          user_id: userId, id: d.hold_id, entry_number: version, stream_version: version, date: d.at, created_at: d.at,
          type: 'withdrawal', kind: d.purpose, description: d.description, amount_pence: -d.amount_pence, balance_after_pence: balance,
          reference: d.reference, status: 'pending', by: null, reason: null,
        });
        return;
      }
      case 'HoldCaptured':
        await settle(event.data.hold_id, { status: 'completed', by: event.data.by, ...(event.data.reference ? { reference: event.data.reference } : {}) });
        return;
      case 'HoldReleased':
        await settle(event.data.hold_id, { status: 'released', by: event.data.by, reason: event.data.reason });
        return;
      case 'OverdraftChanged':
        return;
      default:
        return assertNever(event);
    }
  },
};
