/** The spending_caps read model: each bidder's cap per auction (a counted bid changes no row), guarded by version. */
import type { Projection } from '../projection';
import type { SpendingCapEvent } from '../../domain/spending-cap/events';
import { assertNever } from '../../domain/shared/decider';
import './tables';

export const spendingCapsProjection: Projection = {
  name: 'spending_caps',
  tables: ['spending_caps'],
  eventTypes: ['SpendingCapSet', 'SpendingCapRemoved'],
  async apply(trx, stored) {
    const event = { type: stored.type, data: stored.data } as SpendingCapEvent;
    let cap: number | null;
    switch (event.type) {
      case 'SpendingCapSet':
        cap = event.data.cap;
        break;
      case 'SpendingCapRemoved':
        cap = null;
        break;
      case 'BidCountedAgainstCap':
        return;
      default:
        return assertNever(event);
    }
    const row = { user_id: event.data.user_id, auction_id: event.data.auction_id, cap_pence: cap, updated_at: new Date(event.data.at), version: stored.stream_version };
    await trx
      .insertInto('spending_caps')
      .values(row)
      .onConflict((oc) => oc.columns(['user_id', 'auction_id']).doUpdateSet({ cap_pence: cap, updated_at: row.updated_at, version: row.version })
        .where('spending_caps.version', '<', row.version))
      .execute();
  },
};
