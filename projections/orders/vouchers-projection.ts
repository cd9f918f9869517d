/**
 * `vouchers` and `voucher_redemptions`. Redemption events carry no resulting count, so each one changes `uses` only
 * when the voucher row is older than the event (stream version: exactly once, in order), and the redemption row is
 * written only when that guarded update happened. Codes are stored upper case, as the stream names them.
 */
import { sql } from 'kysely';
import type { Projection } from '../projection';
import { assertNever } from '../../domain/shared/decider';
import { VOUCHER_EVENT_TYPES, type VoucherEvent } from '../../domain/orders/events';
import './tables';

export const vouchersProjection: Projection = {
  name: 'vouchers',
  tables: ['vouchers', 'voucher_redemptions'],
  eventTypes: VOUCHER_EVENT_TYPES,
  async apply(trx, stored) {
    const event = { type: stored.type, data: stored.data } as VoucherEvent;
    const version = stored.stream_version;
    const code = event.data.code.trim().toUpperCase();
    const bump = (delta: number) => trx.updateTable('vouchers')
      .set({ version, uses: sql<number>`uses + ${delta}::int`, updated_at: event.data.at })
      .where('code', '=', code).where('version', '<', version)
      .returning('code').executeTakeFirst();
    switch (event.type) {
      case 'VoucherIssued': {
        const d = event.data;
        await trx.insertInto('vouchers').values({
          code, version, kind: d.kind, value: d.value, expires_at: d.expires_at, max_uses: d.max_uses, once_per_user: d.once_per_user,
          uses: 0, issued_by: d.by, issued_at: d.at, updated_at: d.at,
        }).onConflict((oc) => oc.column('code').doNothing()).execute();
        return;
      }
      case 'VoucherRedeemed': {
        const d = event.data;
        if (!(await bump(1))) return;
        await trx.insertInto('voucher_redemptions').values({
          code, order_id: d.order_id, user_id: d.user_id, discount_pence: d.discount_pence, redeemed_at: d.at, reversed_at: null,
        }).onConflict((oc) => oc.columns(['code', 'order_id']).doNothing()).execute();
        return;
      }
      case 'VoucherRedemptionReversed': {
        const d = event.data;
        if (!(await bump(-1))) return;
        await trx.updateTable('voucher_redemptions').set({ reversed_at: d.at })
          .where('code', '=', code).where('order_id', '=', d.order_id).execute();
        return;
      }
      default:
        return assertNever(event);
    }
  },
};

