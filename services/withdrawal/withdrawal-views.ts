/** Withdrawals as the API shows them: to their owner, and to staff (with whom to pay and where). */
import type { Selectable } from 'kysely';
import type { AppContext } from '../context';
import type { AppendResult } from '../../infra/event-store/types';
import { lastCursor } from '../../infra/commands/multi-stream';
import { penceToDecimal } from '../../domain/shared/money';
import type { WithdrawalEvent, WithdrawalStatus } from '../../domain/withdrawal/events';
import type { WithdrawalState } from '../../domain/withdrawal/state';
import type { WithdrawalsTable } from '../../projections/withdrawal/tables';
import { fullView } from './payout-methods';
import type { StaffWithdrawalView, WithdrawalView } from './answers';
import '../../projections/withdrawal/tables';
import { awaitViews } from '../../infra/http/read-your-writes';

type Row = Selectable<WithdrawalsTable>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function withdrawalView(r: Row): WithdrawalView {
  return {
    id: r.id, amount: penceToDecimal(Number(r.amount_pence)), status: r.status,
    payment_method: { id: r.payout_method_id, type: r.payout_method_type, label: r.payout_method_label },
    created_at: r.created_at.toISOString(), confirmed_at: iso(r.confirmed_at), cancelled_at: iso(r.cancelled_at), cancel_reason: r.cancel_reason,
    paid_out_at: iso(r.paid_out_at), reference: r.reference, rejected_at: iso(r.rejected_at), reject_reason: r.reject_reason,
  };
}

export async function listUserWithdrawals(ctx: Pick<AppContext, 'db'>, userId: string, page: number, pageSize: number): Promise<{ count: number; results: WithdrawalView[] }> {
  const base = ctx.db.selectFrom('withdrawals').where('user_id', '=', userId);
  const [{ count }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    base.selectAll().orderBy('created_at', 'desc').orderBy('id').limit(pageSize).offset((page - 1) * pageSize).execute(),
  ]);
  return { count: Number(count), results: rows.map(withdrawalView) };
}

export async function listStaffWithdrawals(
  ctx: Pick<AppContext, 'db'>, filter: { status?: WithdrawalStatus; id?: string }, page: number, pageSize: number,
): Promise<{ count: number; results: StaffWithdrawalView[] }> {
  let base = ctx.db.selectFrom('withdrawals as w');
  if (filter.status) base = base.where('w.status', '=', filter.status);
  if (filter.id) base = base.where('w.id', '=', filter.id);
  const [{ count }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    // Oldest first: staff pay in the order the requests came.
    base.selectAll('w').orderBy('w.created_at').orderBy('w.id').limit(pageSize).offset((page - 1) * pageSize).execute(),
  ]);
  const userIds = [...new Set(rows.map((r) => r.user_id))];
  const methodIds = [...new Set(rows.map((r) => r.payout_method_id))];
  const [users, methods] = await Promise.all([
    userIds.length ? ctx.db.selectFrom('users').select(['id', 'email', 'first_name', 'last_name']).where('id', 'in', userIds).execute() : [],
    methodIds.length ? ctx.db.selectFrom('payout_methods').selectAll().where('id', 'in', methodIds).execute() : [],
  ]);
  const userById = new Map(users.map((u) => [u.id, u]));
  const methodById = new Map(methods.map((m) => [m.id, m]));
  return {
    count: Number(count),
    results: rows.map((r) => {
      const method = methodById.get(r.payout_method_id);
      return {
        ...withdrawalView(r),
        user: userById.get(r.user_id) ?? { id: r.user_id, email: '', first_name: '', last_name: '' },
        paid_out_by: r.paid_out_by, rejected_by: r.rejected_by,
        payout_details: method ? fullView(method) : null,
        details_changed: method ? method.label !== r.payout_method_label : false,
      };
    }),
  };
}

/**
 * A staff answer after pay out / reject: the view as listed, with what the command just decided laid over it (the
 * withdrawals view may still be behind). Without a row at all (not projected yet) it is built from the stream's state.
 */
export function staffViewAfter(listed: StaffWithdrawalView | undefined, decided: { state: WithdrawalState; events: WithdrawalEvent[] }): StaffWithdrawalView {
  const s = decided.state;
  let view: StaffWithdrawalView = listed ?? {
    id: s.id, amount: penceToDecimal(s.amountPence), status: s.status ?? 'awaiting_code',
    payment_method: s.payoutMethod ?? { id: '', type: 'UK_BANK', label: '' }, created_at: new Date(s.requestedAt ?? 0).toISOString(),
    confirmed_at: null, cancelled_at: null, cancel_reason: null, paid_out_at: null, reference: null, rejected_at: null, reject_reason: null,
    user: { id: s.userId, email: '', first_name: '', last_name: '' }, paid_out_by: null, rejected_by: null, payout_details: null, details_changed: false,
  };
  for (const e of decided.events) {
    if (e.type === 'WithdrawalPaidOut') view = { ...view, status: 'paid_out', paid_out_at: new Date(e.data.at).toISOString(), paid_out_by: e.data.by, reference: e.data.reference };
    if (e.type === 'WithdrawalRejected') view = { ...view, status: 'rejected', rejected_at: new Date(e.data.at).toISOString(), rejected_by: e.data.by, reject_reason: e.data.reason };
  }
  return view;
}

export async function awaitAppends(ctx: Pick<AppContext, 'projections' | 'config'>, appends: AppendResult[]): Promise<void> {
  const cursor = lastCursor(appends);
  await awaitViews(ctx, cursor);
}
