/** The valuation requests read model: one row per request (its answer folded in) and one per stored image. */
import type { Projection } from '../projection';
import type { ValuationEvent } from '../../domain/valuation/events';
import { VALUATION_EVENT_TYPES } from '../../domain/valuation/events';
import { assertNever } from '../../domain/shared/decider';
import './tables';

export const valuationsProjection: Projection = {
  name: 'valuations',
  tables: ['valuations', 'valuation_images'],
  eventTypes: VALUATION_EVENT_TYPES,
  async apply(trx, stored) {
    const event = { type: stored.type, data: stored.data } as ValuationEvent;
    const version = stored.stream_version;
    switch (event.type) {
      case 'ValuationRequested': {
        const d = event.data;
        const objects = d.objects.map((o) => ({ title: o.title, image_ids: o.images.map((i) => i.image_id) }));
        await trx.insertInto('valuations').values({
          id: d.valuation_id, reference_no: d.reference_no, user_id: d.user_id, status: 'pending', objects: JSON.stringify(objects) as never,
          created_at: new Date(d.requested_at), decision: null, low_pence: null, high_pence: null, message: null, answered_by: null,
          answered_at: null, version,
        }).onConflict((oc) => oc.column('id').doNothing()).execute();
        const images = d.objects.flatMap((o) => o.images.map((i) => ({
          image_id: i.image_id, valuation_id: d.valuation_id, user_id: d.user_id, file: i.file, thumb: i.thumb, content_type: i.content_type,
        })));
        if (images.length > 0) await trx.insertInto('valuation_images').values(images).onConflict((oc) => oc.column('image_id').doNothing()).execute();
        return;
      }
      case 'ValuationAnswered': {
        const d = event.data;
        await trx.updateTable('valuations').set({
          status: d.decision === 'estimate' ? 'estimated' : 'declined', decision: d.decision, low_pence: d.low_pence, high_pence: d.high_pence,
          message: d.message, answered_by: d.by, answered_at: new Date(d.answered_at), version,
        }).where('id', '=', d.valuation_id).where('version', '<', version).execute();
        return;
      }
      default:
        return assertNever(event);
    }
  },
};
