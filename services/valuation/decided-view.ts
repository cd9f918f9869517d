/**
 * A valuation as its own stream holds it, in the read model's row shape: the answer of a write (request, staff
 * answer) is built from the events just appended, never from a valuations view that may still be behind.
 */
import type { AppContext } from '../context';
import { valuationStream, type ValuationEvent } from '../../domain/valuation/events';
import type { ValuationsTable } from '../../projections/valuation/tables';
import { toView, type ValuationView } from './views';

function valuationRowOf(events: ValuationEvent[]): ValuationsTable | null {
  let row: ValuationsTable | null = null;
  events.forEach((event, i) => {
    const version = i + 1;
    if (event.type === 'ValuationRequested') {
      const d = event.data;
      row = {
        id: d.valuation_id, reference_no: d.reference_no, user_id: d.user_id, status: 'pending',
        objects: d.objects.map((o) => ({ title: o.title, image_ids: o.images.map((im) => im.image_id) })),
        created_at: new Date(d.requested_at), decision: null, low_pence: null, high_pence: null, message: null, answered_by: null,
        answered_at: null, version,
      };
    } else if (event.type === 'ValuationAnswered' && row) {
      const d = event.data;
      row = {
        ...(row as ValuationsTable), status: d.decision === 'estimate' ? 'estimated' : 'declined', decision: d.decision, low_pence: d.low_pence,
        high_pence: d.high_pence, message: d.message, answered_by: d.by, answered_at: new Date(d.answered_at), version,
      };
    }
  });
  return row;
}

/** The valuation from its stream (the event store, not the read model); null when there is none. */
export async function decidedValuation(ctx: Pick<AppContext, 'store'>, id: string): Promise<{ row: ValuationsTable; view: ValuationView } | null> {
  const stored = await ctx.store.readStream<ValuationEvent>(valuationStream(id));
  const row = valuationRowOf(stored.map((e) => ({ type: e.type, data: e.data }) as ValuationEvent));
  return row ? { row, view: toView(row) } : null;
}
