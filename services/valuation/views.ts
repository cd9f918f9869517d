/** ValuationView (docs/selling.md "Valuation requests"): what the seller and staff read, from the read model. */
import type { AppContext } from '../context';
import { z } from 'zod';
import { money } from '../../infra/http/answers';
import { imageLinks, imageLinksSchema } from '../uploads/image-route';
import { penceToDecimal } from '../../domain/shared/money';
import { valuationReference } from '../../domain/valuation/events';
import type { ValuationsTable } from '../../projections/valuation/tables';
import '../../projections/accounts/tables';

export const valuationView = z.object({
  id: z.string(),
  reference: z.string(),
  status: z.enum(['pending', 'estimated', 'declined'] satisfies ValuationsTable['status'][]),
  created_at: z.string(),
  objects: z.array(z.object({ title: z.string(), images: z.array(imageLinksSchema) })),
  answer: z.object({
    decision: z.enum(['estimate', 'decline']), low: money.nullable(), high: money.nullable(), message: z.string(), answered_at: z.string(),
  }).nullable(),
});
export type ValuationView = z.infer<typeof valuationView>;

/** Where the photos are served (request-routes.ts). */
export const VALUATION_IMAGES = '/api/valuation_images/';
const pounds = (pence: number | string | null) => (pence === null ? null : penceToDecimal(Number(pence)));

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
      ? { decision: row.decision, low: pounds(row.low_pence), high: pounds(row.high_pence), message: row.message ?? '', answered_at: row.answered_at.toISOString() }
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

export const staffValuationView = valuationView.extend({ user: z.object({ id: z.string(), email: z.string(), first_name: z.string(), last_name: z.string() }) });
type StaffValuationView = z.infer<typeof staffValuationView>;

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
