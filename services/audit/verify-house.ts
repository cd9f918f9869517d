/**
 * `npm run audit:verify`'s engine: every check of docs/audit.md run inside ONE read-only REPEATABLE READ snapshot, so
 * a live house can be verified without stopping it and every check sees the same instant — hash chains, lots replayed
 * through the live deciders against the read model, wallets replayed against theirs, paid orders against their wallet
 * lines, seller credits against hammer and fees, and holds against their withdrawals.
 */
import { sql } from 'kysely';
import type { AppContext } from '../context';
import type { Db } from '../../infra/db/database';
import { verifyChainsIn, type ChainReport } from './chain-verify';
import { verifyLots } from './lot-verify';
import { verifyIdempotency } from './idempotency-verify';
import { verifyHolds, verifyPaidOrders, verifySellerCredits, verifyWallets } from './wallet-replay';
import type { AuditCheckResult, AuditDifference, AuditProgress } from './types';

export interface HouseReport {
  /** The snapshot's instant: what "now" the figures are as of. */
  as_of: string;
  results: AuditCheckResult[];
  differences: number;
}

type Check = (ctx: Pick<AppContext, 'clock'>, executor: Db, onProgress?: AuditProgress) => Promise<AuditCheckResult>;

const REPLAY_CHECKS: readonly Check[] = [verifyLots, verifyWallets, verifyPaidOrders, verifySellerCredits, verifyHolds, verifyIdempotency];

export async function verifyHouse(ctx: Pick<AppContext, 'db' | 'clock'>, onProgress?: AuditProgress): Promise<HouseReport> {
  return ctx.db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(async (trx) => {
    const { rows: [head] } = await sql<{ now: Date; events: string }>`SELECT now() AS now, (SELECT count(*) FROM events) AS events`.execute(trx);
    const total = Number(head.events);
    onProgress?.('chain', 0, total);
    const chains = await verifyChainsIn(trx, { onProgress: (p) => onProgress?.('chain', p.events, total) });
    const results = [chainResult(chains)];
    for (const check of REPLAY_CHECKS) results.push(await check(ctx, trx, onProgress));
    return { as_of: head.now.toISOString(), results, differences: results.reduce((n, r) => n + r.differences.length, 0) };
  });
}

function chainResult(report: ChainReport): AuditCheckResult {
  const differences: AuditDifference[] = report.broken.map((link) => ({
    check: 'chain',
    subject: link.stream_id,
    field: `version ${link.stream_version}`,
    expected: 'an unbroken hash chain',
    found: link.reason,
    message: `${link.stream_id}: first broken link at version ${link.stream_version}${link.event_id ? ` (event ${link.event_id})` : ''}: ${link.detail}`,
  }));
  return { check: 'chain', checked: report.streams, differences };
}
