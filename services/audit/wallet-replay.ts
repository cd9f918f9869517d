/**
 * The wallet replay service (docs/audit.md "Wallet replay"): one wallet replayed from its events with the wallet's
 * own evolve and compared with the read model, and the whole-house checks `npm run audit:verify` runs. Everything
 * reads through the executor it is given, a REPEATABLE READ transaction, so the events, the projection checkpoint
 * and the read models are one instant.
 */
import { sql } from 'kysely';
import type { AppContext } from '../context';
import type { Db } from '../../infra/db/database';
import { walletStream } from '../../domain/wallet/events';
import { replayWallet, ZERO_BALANCES, type Balances, type ReplayEntry } from '../../domain/wallet/replay';
import type { AuditCheckResult, AuditDifference, AuditProgress } from './types';
import { compareWallet } from './wallet-compare';
import { appliedVersion, countStreams, readCheckpoint, readStreams, readWalletModels, streamsAfter, toReplayInputs } from './wallet-read';
import '../../projections/accounts/tables';

export { verifyHolds } from './hold-checks';
export { verifyPaidOrders, verifySellerCredits } from './order-checks';

/** What the checks need besides the executor (the hold check's "now"). */
export type AuditCtx = Pick<AppContext, 'clock'>;

const WALLET_PROJECTION = 'wallet';
const WALLET_PREFIX = 'wallet-';
const BATCH = 200;

interface WalletAudit {
  user: { id: string; email: string; first_name: string; last_name: string };
  version: number;
  entries: ReplayEntry[];
  balances: Balances;
  /** The read model compared as of the events the wallet projection's checkpoint covers. */
  read_model: { applied_version: number; matches: boolean; differences: AuditDifference[] };
}

/** One wallet's replay, or null when there is no such user. */
export async function auditWallet(executor: Db, userId: string): Promise<WalletAudit | null> {
  const user = await executor.selectFrom('users').select(['id', 'email', 'first_name', 'last_name']).where('id', '=', userId).executeTakeFirst();
  if (!user) return null;
  const stream = walletStream(userId);
  const events = (await readStreams(executor, [stream])).get(stream) ?? [];
  const checkpoint = await readCheckpoint(executor, WALLET_PROJECTION);
  const models = await readWalletModels(executor, [userId]);
  const inputs = toReplayInputs(events);
  const { entries } = replayWallet(inputs);
  const applied = appliedVersion(events, checkpoint);
  const differences = compareWallet(userId, inputs, entries, applied, models.wallets.get(userId), models.transactions.get(userId) ?? []);
  return {
    user: { id: user.id, email: user.email, first_name: user.first_name, last_name: user.last_name },
    version: entries.at(-1)?.version ?? 0,
    entries,
    balances: entries.at(-1)?.after ?? ZERO_BALANCES,
    read_model: { applied_version: applied, matches: differences.length === 0, differences },
  };
}

/** Every wallet stream replayed and compared with `wallets` and `wallet_transactions`; read-model rows no stream backs too. */
export async function verifyWallets(_ctx: AuditCtx, executor: Db, onProgress?: AuditProgress): Promise<AuditCheckResult> {
  const check = 'wallet';
  const total = await countStreams(executor, WALLET_PREFIX);
  const checkpoint = await readCheckpoint(executor, WALLET_PROJECTION);
  const differences: AuditDifference[] = [];
  let checked = 0;
  let after: string | null = null;
  for (;;) {
    const streams = await streamsAfter(executor, WALLET_PREFIX, after, BATCH);
    if (streams.length === 0) break;
    after = streams[streams.length - 1];
    const events = await readStreams(executor, streams);
    const userIds = streams.map((s) => s.slice(WALLET_PREFIX.length));
    const models = await readWalletModels(executor, userIds.filter(isUuid));
    for (const userId of userIds) {
      const rows = events.get(walletStream(userId)) ?? [];
      const inputs = toReplayInputs(rows);
      const { entries } = replayWallet(inputs);
      differences.push(...compareWallet(userId, inputs, entries, appliedVersion(rows, checkpoint), models.wallets.get(userId), models.transactions.get(userId) ?? []));
    }
    checked += streams.length;
    onProgress?.(check, checked, total);
  }
  differences.push(...(await orphanRows(executor)));
  return { check, checked, differences };
}

const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);

/** Read-model rows of wallets that have no event stream at all (the per-stream pass never sees them). */
async function orphanRows(executor: Db): Promise<AuditDifference[]> {
  const { rows } = await sql<{ user_id: string; what: string }>`
    SELECT w.user_id::text, 'wallets' AS what FROM wallets w
    WHERE NOT EXISTS (SELECT 1 FROM streams s WHERE s.stream_id = 'wallet-' || w.user_id::text)
    UNION ALL
    SELECT DISTINCT t.user_id::text, 'wallet_transactions' FROM wallet_transactions t
    WHERE NOT EXISTS (SELECT 1 FROM streams s WHERE s.stream_id = 'wallet-' || t.user_id::text)`.execute(executor);
  return rows.map((r) => ({
    check: 'wallet', subject: r.user_id, field: r.what, expected: '(none)', found: 'rows',
    message: `The ${r.what} table has rows for a wallet without any event.`,
  }));
}
