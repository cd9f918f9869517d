/**
 * Auditor screens' API for wallets (docs/audit.md "Wallet replay"): find a wallet by email or name, and one wallet's
 * replay with its balance as of any instant, the read-model comparison and a CSV export. Auditors and staff only.
 * Each replay reads in one read-only REPEATABLE READ snapshot, so events, checkpoint and read model agree in time.
 */
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { requireAuditor } from '../../infra/http/auth';
import { answers, jsonOrFileAnswer } from '../../infra/http/answers';
import { pageAnswer, paginate } from '../../infra/http/pagination';
import { orNotFound } from '../../infra/http/validation';
import { NotFound } from '../../domain/shared/errors';
import { balanceAt } from '../../domain/wallet/replay';
import { listStaffWallets } from '../wallet/staff-queries';
import { pageQuery, staffWalletRowSchema } from '../wallet/schemas';
import { auditWallet } from './wallet-replay';
import { balancesAnswer, entriesCsv, entryAnswer } from './wallet-answer';
import { walletReplayAnswer, type WalletReplayAnswer } from './answer-schemas';

const auditWalletsQuery = pageQuery.extend({
  search: z.string().trim().max(100, 'Max 100 characters').default(''),
});

const auditWalletParams = z.object({ userId: z.string().uuid({ message: 'Not found.' }) });

const auditWalletQuery = z.object({
  at: z.iso.datetime({ offset: true, message: 'Enter a valid date and time (ISO 8601).' }).optional(),
  format: z.enum(['json', 'csv'], { error: 'Choose json or csv.' }).default('json'),
});

const USER_NOT_FOUND = 'User not found.';

export function walletReplayRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get('/api/audit/wallets/', {
    schema: { querystring: auditWalletsQuery, tags: ['audit'], summary: 'Audit: find a wallet by email or name', response: answers({ 200: pageAnswer(staffWalletRowSchema) }, 400, 401, 403) },
  }, async (request) => {
    requireAuditor(request);
    const q = { ...request.query };
    const { rows, count } = await listStaffWallets(ctx, q.search, q.page, q.page_size);
    return paginate(rows, count, q.page, q.page_size, request.url);
  });

  app.get('/api/audit/wallets/:userId/', {
    schema: {
      params: auditWalletParams, querystring: auditWalletQuery, tags: ['audit'], summary: "Audit: a wallet's replay, balance as of an instant, CSV export",
      response: answers({ 200: jsonOrFileAnswer(walletReplayAnswer, 'text/csv', 'The replay; `?format=csv` as an attachment') }, 400, 401, 403, 404),
    },
  }, async (request, reply) => {
    requireAuditor(request);
    const userId = orNotFound(() => request.params.userId, USER_NOT_FOUND);
    const q = { ...request.query };
    const audit = await ctx.db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only')
      .execute((trx) => auditWallet(trx, userId));
    if (!audit) throw new NotFound(USER_NOT_FOUND);
    const asOf = q.at ? balanceAt(audit.entries, q.at) : null;
    if (q.format === 'csv') {
      const entries = asOf ? audit.entries.slice(0, asOf.version) : audit.entries;
      const name = `wallet-${userId}${q.at ? `-as-of-${q.at.replace(/[^0-9TZ]/g, '')}` : ''}.csv`;
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send(entriesCsv(entries));
    }
    const answer: WalletReplayAnswer = {
      user: audit.user,
      version: audit.version,
      balances: balancesAnswer(audit.balances),
      as_of: asOf && q.at ? { at: new Date(q.at).toISOString(), version: asOf.version, balances: balancesAnswer(asOf.balances) } : null,
      matches_read_model: audit.read_model.matches,
      read_model_version: audit.read_model.applied_version,
      differences: audit.read_model.differences,
      entries: audit.entries.map(entryAnswer),
    };
    return answer;
  });
}
