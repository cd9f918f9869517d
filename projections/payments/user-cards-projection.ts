/**
 * The `user_cards` read model: a user's saved cards as the API lists them (no token, no fingerprint). Each row keeps
 * the cards stream version it reflects, so any event applied twice changes nothing.
 */
import { sql } from 'kysely';
import type { Projection } from '../projection';
import { assertNever } from '../../domain/shared/decider';
import { CARDS_EVENT_TYPES, type CardsEvent } from '../../domain/payments/cards/events';
import './tables';

export const userCardsProjection: Projection = {
  name: 'user_cards',
  tables: ['user_cards'],
  eventTypes: CARDS_EVENT_TYPES,
  async apply(trx, stored) {
    const event = { type: stored.type, data: stored.data } as CardsEvent;
    const version = stored.stream_version;
    const d = event.data;
    const setDefault = (cardId: string) => trx.updateTable('user_cards')
      .set({ is_default: sql<boolean>`id = ${cardId}`, version })
      .where('user_id', '=', d.user_id).where('removed_at', 'is', null).where('version', '<', version).execute();
    switch (event.type) {
      case 'CardSaved': {
        const c = event.data;
        if (c.default) await setDefault(c.card_id);
        await trx.insertInto('user_cards').values({
          id: c.card_id, user_id: c.user_id, brand: c.brand, last4: c.last4, exp_month: c.exp_month, exp_year: c.exp_year,
          card_holder_name: c.card_holder_name, is_default: c.default, created_at: c.at, version,
        }).onConflict((oc) => oc.column('id').doNothing()).execute();
        return;
      }
      case 'DefaultCardChanged':
        await setDefault(event.data.card_id);
        return;
      case 'CardRemoved': {
        const r = event.data;
        await trx.updateTable('user_cards').set({ removed_at: r.at, is_default: false, version })
          .where('id', '=', r.card_id).where('version', '<', version).execute();
        if (r.new_default) await setDefault(r.new_default);
        return;
      }
      default:
        return assertNever(event);
    }
  },
};
