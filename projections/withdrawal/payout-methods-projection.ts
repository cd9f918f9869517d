/**
 * `payout_methods`: one row per saved method with its current details and whether it is the default. Rows keep the
 * stream version they reflect and are only updated by a newer event, so applying an event twice changes nothing.
 */
import { sql } from 'kysely';
import type { Projection } from '../projection';
import { assertNever } from '../../domain/shared/decider';
import { PAYOUT_EVENT_TYPES, type PayoutDetails, type PayoutEvent } from '../../domain/withdrawal/payout-method/events';
import './tables';

/** Every detail column, null for the other type's fields. */
/** The columns of a method's details (exported: a command's answer shows a method the same way). */
export function payoutColumns(details: PayoutDetails) {
  const none = {
    account_owner_uk: null, sort_code_uk: null, account_number_uk: null,
    account_owner_int: null, iban_int: null, bic_swift_int: null, bank_address_int: null,
  };
  const { type, ...fields } = details;
  return { ...none, ...fields, type };
}

export const payoutMethodsProjection: Projection = {
  name: 'payout_methods',
  tables: ['payout_methods'],
  eventTypes: PAYOUT_EVENT_TYPES,
  async apply(trx, stored) {
    const event = { type: stored.type, data: stored.data } as PayoutEvent;
    const version = stored.stream_version;
    switch (event.type) {
      case 'PayoutMethodAdded': {
        const d = event.data;
        await trx.insertInto('payout_methods').values({
          id: d.method_id, user_id: d.user_id, version, ...payoutColumns(d.details), label: d.label, is_default: d.is_default,
          created_at: d.at, updated_at: d.at,
        }).onConflict((oc) => oc.column('id').doNothing()).execute();
        return;
      }
      case 'PayoutMethodChanged': {
        const d = event.data;
        await trx.updateTable('payout_methods').set({ ...payoutColumns(d.details), label: d.label, updated_at: d.at, version })
          .where('id', '=', d.method_id).where('version', '<', version).execute();
        return;
      }
      case 'DefaultPayoutMethodChanged': {
        const d = event.data;
        await trx.updateTable('payout_methods')
          .set({ is_default: sql<boolean>`id = ${d.method_id}`, version })
          .where('user_id', '=', d.user_id).where('version', '<', version).execute();
        return;
      }
      default:
        return assertNever(event);
    }
  },
};
