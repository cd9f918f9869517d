/** `withdrawals`: one row per withdrawal, its status and when and by whom it moved (all from the events). */
import type { Updateable } from 'kysely';
import type { Projection } from '../projection';
import { assertNever } from '../../domain/shared/decider';
import { WITHDRAWAL_EVENT_TYPES, type WithdrawalEvent } from '../../domain/withdrawal/events';
import type { WithdrawalsTable } from './tables';
import './tables';

export const withdrawalsProjection: Projection = {
  name: 'withdrawals',
  tables: ['withdrawals'],
  eventTypes: WITHDRAWAL_EVENT_TYPES,
  async apply(trx, stored) {
    const event = { type: stored.type, data: stored.data } as WithdrawalEvent;
    const version = stored.stream_version;
    const update = (changes: Omit<Updateable<WithdrawalsTable>, 'id' | 'version' | 'updated_at'>) =>
      trx.updateTable('withdrawals').set({ ...changes, version, updated_at: event.data.at })
        .where('id', '=', event.data.withdrawal_id).where('version', '<', version).execute();
    switch (event.type) {
      case 'WithdrawalRequested': {
        const d = event.data;
        await trx.insertInto('withdrawals').values({
          id: d.withdrawal_id, user_id: d.user_id, version, amount_pence: d.amount_pence, status: 'awaiting_code',
          payout_method_id: d.payout_method.id, payout_method_type: d.payout_method.type, payout_method_label: d.payout_method.label,
          created_at: d.at, updated_at: d.at,
        }).onConflict((oc) => oc.column('id').doNothing()).execute();
        return;
      }
      case 'WithdrawalConfirmed':
        await update({ status: 'confirmed', confirmed_at: event.data.at });
        return;
      case 'WithdrawalCancelled':
        await update({ status: 'cancelled', cancelled_at: event.data.at, cancel_reason: event.data.reason });
        return;
      case 'WithdrawalPaidOut':
        await update({ status: 'paid_out', paid_out_at: event.data.at, paid_out_by: event.data.by, reference: event.data.reference });
        return;
      case 'WithdrawalRejected':
        await update({ status: 'rejected', rejected_at: event.data.at, rejected_by: event.data.by, reject_reason: event.data.reason });
        return;
      default:
        return assertNever(event);
    }
  },
};
