/**
 * Staff screens for accounts: GET /api/staff/users/ lists users so the house can find a bidder and confirm their
 * registration fee (POST /api/staff/users/{id}/registration_fee_paid/, in user-routes.ts) until card payment opens.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../context';
import { requireStaff } from '../../infra/http/auth';
import { pageAnswer, paginate } from '../../infra/http/pagination';
import { queryBool } from '../../infra/http/validation';
import { answers } from '../../infra/http/answers';
import { staffUserAnswer, type StaffUserRow } from './answers';

const STAFF_USERS_PAGE_SIZE = 25;

const staffUsersQuery = z.object({
  search: z.string().trim().max(100, 'Max 100 characters').default(''),
  registration_fee_status: queryBool.optional(),
  page: z.coerce.number({ error: 'Enter a page number.' }).int().min(1).default(1),
  page_size: z.coerce.number({ error: 'Enter a page size.' }).int().min(1).max(100).default(STAFF_USERS_PAGE_SIZE),
});

/** `%` and `_` typed by staff are literal characters, not wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function staffUserRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get('/api/staff/users/', { schema: { summary: 'Staff: list users', querystring: staffUsersQuery, response: answers({ 200: pageAnswer(staffUserAnswer) }, 400, 401, 403) } }, async (request) => {
    requireStaff(request);
    const q = { ...request.query };
    let base = ctx.db.selectFrom('users');
    if (q.search) {
      const pattern = likePattern(q.search);
      // Email, either name, or "first last" as typed into the search box.
      base = base.where((eb) => eb.or([
        eb('email', 'ilike', pattern),
        eb('first_name', 'ilike', pattern),
        eb('last_name', 'ilike', pattern),
        eb(sql<string>`first_name || ' ' || last_name`, 'ilike', pattern),
      ]));
    }
    if (q.registration_fee_status !== undefined) base = base.where('registration_fee_status', '=', q.registration_fee_status);
    const [{ count }, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
      base
        .select(['id', 'email', 'first_name', 'last_name', 'is_verified', 'is_staff', 'registration_fee_status', 'registration_fee_paid_at', 'registered_at'])
        .orderBy('registered_at', 'desc')
        .orderBy('id')
        .limit(q.page_size)
        .offset((q.page - 1) * q.page_size)
        .execute(),
    ]);
    const results: StaffUserRow[] = rows.map((r) => ({
      ...r,
      registration_fee_paid_at: r.registration_fee_paid_at ? r.registration_fee_paid_at.toISOString() : null,
      registered_at: r.registered_at.toISOString(),
    }));
    return paginate(results, Number(count), q.page, q.page_size, request.url);
  });
}
