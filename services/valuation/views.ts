/** ValuationView (docs/selling.md "Valuation requests"): what the seller and staff read, from the read model. */
import type { AppContext } from '../context';
import { imageLinks } from '../uploads/image-route';
import { penceToDecimal } from '../../domain/shared/money';
import { valuationReference } from '../../domain/valuation/events';
import type { ValuationsTable } from '../../projections/valuation/tables';
import '../../projections/users/tables';

export interface ValuationView {
  id: string;
  reference: string;
  status: ValuationsTable['status'];
  created_at: string;
  objects: { title: string; images: { id: string; url: string; thumbnail_url: string }[] }[];
  answer: null | { decision: 'estimate' | 'decline'; low: string | null; high: string | null; message: string; answered_at: string };
}

/** Where the photos are served (request-routes.ts). */
export const VALUATION_IMAGES = '/api/valuation_images/';
const money = (pence: number | string | null) => (pence === null ? null : penceToDecimal(Number(pence)));

export function toView(row: ValuationsTable): ValuationView {
  return {
    id: row.id,
    reference: valuationReference(row.reference_no),
    status: row.status,
    created_at: row.created_at.toISOString(),
    objects: row.objects.map((o) => ({
      title: o.title,
      images: o.image_ids.map((id) => imageLinks(VALUATION_IMAGES, id)),
    })),
    answer: row.decision && row.answered_at
      ? { decision: row.decision, low: money(row.low_pence), high: money(row.high_pence), message: row.message ?? '', answered_at: row.answered_at.toISOString() }
      : null,
  };
}

export async function ownValuations(ctx: AppContext, userId: string): Promise<ValuationView[]> {
  const rows = await ctx.db.selectFrom('valuations').selectAll().where('user_id', '=', userId)
    .orderBy('created_at', 'desc').orderBy('reference_no', 'desc').execute();
  return rows.map(toView);
}

export async function ownValuation(ctx: AppContext, userId: string, id: string): Promise<ValuationView | null> {
  const row = await ctx.db.selectFrom('valuations').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return row ? toView(row) : null;
}

export type StaffValuationView = ValuationView & { user: { id: string; email: string; first_name: string; last_name: string } };

export async function staffValuations(ctx: AppContext, status: ValuationsTable['status'] | null): Promise<StaffValuationView[]> {
  let q = ctx.db.selectFrom('valuations').leftJoin('users', 'users.id', 'valuations.user_id')
    .selectAll('valuations').select(['users.email', 'users.first_name', 'users.last_name']);
  if (status) q = q.where('valuations.status', '=', status);
  const rows = await q.orderBy('valuations.created_at', 'desc').orderBy('valuations.reference_no', 'desc').limit(500).execute();
  return rows.map((r) => ({
    ...toView(r),
    user: { id: r.user_id, email: r.email ?? '', first_name: r.first_name ?? '', last_name: r.last_name ?? '' },
  }));
}
