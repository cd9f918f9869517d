/**
 * Holds against their withdrawals (docs/audit.md "Wallet replay"): every hold a wallet placed is folded with the
 * wallet's evolve (active, captured or released) and its withdrawal stream with the withdrawal's evolve. A paid-out
 * withdrawal must have captured its hold, a cancelled or rejected one released it; a withdrawal still awaiting its
 * code past its 24 hours (the sweeper's deadline, plus an hour's grace for the sweeper to run) must not still hold
 * money; amounts and owners must agree; and the withdrawals read model must show the folded status.
 */
import { sql } from 'kysely';
import type { Db } from '../../infra/db/database';
import { walletStream, type WalletEvent } from '../../domain/wallet/events';
import { replayWallet } from '../../domain/wallet/replay';
import { evolveWithdrawal, initialWithdrawalState, type WithdrawalState } from '../../domain/withdrawal/state';
import { withdrawalStream, type WithdrawalEvent, type WithdrawalStatus } from '../../domain/withdrawal/events';
import { penceToDecimal } from '../../domain/shared/money';
import { UNCONFIRMED_TTL_MS } from '../withdrawal/withdrawal-sweeper';
import type { AuditCheckResult, AuditDifference, AuditProgress } from './types';
import type { AuditCtx } from './wallet-replay';
import { readStreams, toReplayInputs } from './wallet-read';
import '../../projections/withdrawal/tables';

const HOLD_EXPIRY_GRACE_MS = 60 * 60_000;
const BATCH = 200;

type HoldOutcome = 'active' | 'captured' | 'released';

/** What the hold should be once its withdrawal is in this status (null: either is fine, it is still running). */
function expectedOutcome(w: WithdrawalState, now: number): HoldOutcome | 'expired' | null {
  const status = w.status as WithdrawalStatus;
  switch (status) {
    case 'paid_out':
      return 'captured';
    case 'cancelled':
    case 'rejected':
      return 'released';
    case 'confirmed':
      return 'active';
    case 'awaiting_code':
      return w.requestedAt && Date.parse(w.requestedAt) + UNCONFIRMED_TTL_MS + HOLD_EXPIRY_GRACE_MS < now ? 'expired' : 'active';
    default:
      return null;
  }
}

export async function verifyHolds(ctx: AuditCtx, executor: Db, onProgress?: AuditProgress): Promise<AuditCheckResult> {
  const check = 'hold';
  const now = ctx.clock.now().getTime();
  const { rows: [{ n }] } = await sql<{ n: string }>`SELECT count(*) AS n FROM events WHERE type = 'HoldPlaced'`.execute(executor);
  const total = Number(n);
  const differences: AuditDifference[] = [];
  const seen = new Set<string>();
  let checked = 0;
  let after = '';
  for (;;) {
    const { rows } = await sql<{ stream_id: string }>`
      SELECT DISTINCT stream_id FROM events WHERE type = 'HoldPlaced' AND stream_id > ${after} ORDER BY stream_id LIMIT ${BATCH}`.execute(executor);
    if (rows.length === 0) break;
    after = rows[rows.length - 1].stream_id;
    const wallets = await readStreams(executor, rows.map((r) => r.stream_id));
    const holds: { userId: string; holdId: string; amount: number; outcome: HoldOutcome }[] = [];
    for (const [stream, events] of wallets) {
      const { state } = replayWallet(toReplayInputs(events));
      const userId = stream.slice('wallet-'.length);
      for (const e of events as { type: WalletEvent['type']; data: WalletEvent['data'] }[]) {
        if (e.type !== 'HoldPlaced') continue;
        const d = e.data as Extract<WalletEvent, { type: 'HoldPlaced' }>['data'];
        const outcome: HoldOutcome = state.holds[d.hold_id] !== undefined ? 'active' : (state.settled[d.hold_id] ?? 'active');
        holds.push({ userId, holdId: d.hold_id, amount: d.amount_pence, outcome });
      }
    }
    const streams = await readStreams<WithdrawalEvent>(executor, holds.map((h) => withdrawalStream(h.holdId)));
    const { rows: statuses } = await sql<{ id: string; status: string }>`
      SELECT id::text, status FROM withdrawals WHERE id = ANY(${holds.map((h) => h.holdId).filter(isUuid)}::uuid[])`.execute(executor);
    const models = new Map(statuses.map((r) => [r.id, r.status]));
    for (const hold of holds) {
      seen.add(hold.holdId);
      const w = (streams.get(withdrawalStream(hold.holdId)) ?? []).reduce((s, e) => evolveWithdrawal(s, { type: e.type, data: e.data } as WithdrawalEvent), initialWithdrawalState);
      differences.push(...checkHold(hold, w, models.get(hold.holdId), now));
    }
    checked += holds.length;
    onProgress?.(check, checked, total);
  }
  differences.push(...(await withdrawalsWithoutHold(executor, seen)));
  return { check, checked, differences };
}

const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);

function checkHold(hold: { userId: string; holdId: string; amount: number; outcome: HoldOutcome }, w: WithdrawalState, modelStatus: string | undefined, now: number): AuditDifference[] {
  const out: AuditDifference[] = [];
  const diff = (field: string, expected: string, found: string, message: string) => out.push({ check: 'hold', subject: hold.holdId, field, expected, found, message });
  if (!w.exists) {
    diff('withdrawal', 'a withdrawal stream', '(none)', `The hold ${hold.holdId} on the wallet of ${hold.userId} has no withdrawal behind it.`);
    return out;
  }
  if (w.userId !== hold.userId) diff('user_id', w.userId, hold.userId, 'The hold sits on another wallet than its withdrawal\'s owner.');
  if (w.amountPence !== hold.amount) diff('amount', penceToDecimal(w.amountPence), penceToDecimal(hold.amount), 'The hold does not set aside the withdrawal\'s amount.');
  const want = expectedOutcome(w, now);
  if (want === 'expired' && hold.outcome === 'active') {
    diff('hold', 'released', 'active', `The withdrawal has waited for its code since ${w.requestedAt} and its hold was never released.`);
  } else if (want && want !== 'expired' && want !== hold.outcome) {
    const ended = hold.outcome === 'active' ? ' and its hold was neither captured nor released' : '';
    diff('hold', want, hold.outcome, `The withdrawal is ${w.status}${ended}; its hold should be ${want}.`);
  }
  if (modelStatus !== undefined && modelStatus !== w.status) {
    diff('withdrawals.status', String(w.status), modelStatus, 'The withdrawals read model shows another status than the withdrawal\'s events.');
  }
  return out;
}

/** A withdrawal stream whose wallet never placed its hold. */
async function withdrawalsWithoutHold(executor: Db, seen: ReadonlySet<string>): Promise<AuditDifference[]> {
  const out: AuditDifference[] = [];
  let after = '';
  for (;;) {
    const { rows } = await sql<{ id: string; user_id: string }>`
      SELECT data->>'withdrawal_id' AS id, data->>'user_id' AS user_id FROM events
      WHERE type = 'WithdrawalRequested' AND data->>'withdrawal_id' > ${after} ORDER BY data->>'withdrawal_id' LIMIT ${BATCH * 5}`.execute(executor);
    if (rows.length === 0) return out;
    after = rows[rows.length - 1].id;
    for (const r of rows) {
      if (!seen.has(r.id)) {
        out.push({ check: 'hold', subject: r.id, field: 'hold', expected: 'a hold', found: '(none)', message: `The withdrawal ${r.id} of ${r.user_id} placed no hold on ${walletStream(r.user_id)}.` });
      }
    }
  }
}
