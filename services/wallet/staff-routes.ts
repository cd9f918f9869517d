/**
 * Staff screens for wallets: list and search wallets, one wallet with its recent transactions, set the overdraft,
 * credit or debit a wallet by hand. Every change is an event with `by` = the staff id and the reason; the POSTs
 * take an Idempotency-Key (a retried adjustment credits once).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { requireStaff } from '../../infra/http/auth';
import { answers } from '../../infra/http/answers';
import { pageAnswer, paginate } from '../../infra/http/pagination';
import { sendAnswer } from '../../infra/http/idempotency-keys';
import { keyedId } from '../../infra/http/keyed-ids';
import { orNotFound } from '../../infra/http/validation';
import { NotFound } from '../../domain/shared/errors';
import { awaitWalletProjected, runWalletCommand } from './wallet-commands';
import { findTransaction, staffTransactionAnswer } from './transactions';
import { listStaffWallets, staffWalletDetail } from './staff-queries';
import { adjustmentRow, entryOutcome, walletDetailAfter } from './decided-wallet';
import {
  adjustmentAnswerSchema, adjustmentBody, overdraftBody, staffWalletDetailSchema, staffWalletRowSchema, staffWalletsQuery, userIdParams, type AdjustmentAnswer,
} from './schemas';

const ADJUSTMENT_DESCRIPTION = { credit: 'Credit from the house', debit: 'Charge by the house' } as const;

const USER_NOT_FOUND = 'User not found.';

export function staffWalletRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const detailOr404 = async (userId: string) => {
    const detail = await staffWalletDetail(ctx, userId);
    if (!detail) throw new NotFound(USER_NOT_FOUND);
    return detail;
  };

  app.get('/api/staff/wallets/', { schema: { summary: 'Staff: list wallets', querystring: staffWalletsQuery, response: answers({ 200: pageAnswer(staffWalletRowSchema) }, 400, 401, 403) } }, async (request) => {
    requireStaff(request);
    const q = request.query;
    const { rows, count } = await listStaffWallets(ctx, q.search, q.page, q.page_size);
    return paginate(rows, count, q.page, q.page_size, request.url);
  });

  app.get('/api/staff/wallets/:userId/', { schema: { summary: "Staff: one user's wallet", params: userIdParams, response: answers({ 200: staffWalletDetailSchema }, 401, 403, 404) } }, async (request) => {
    requireStaff(request);
    const userId = orNotFound(() => request.params.userId, USER_NOT_FOUND);
    return detailOr404(userId);
  });

  app.post('/api/staff/wallets/:userId/overdraft/', { schema: { summary: "Staff: set a user's overdraft limit", params: userIdParams, body: overdraftBody, response: answers({ 200: staffWalletDetailSchema }, 400, 401, 403, 404, 409) } }, async (request, reply) => {
    const staff = requireStaff(request);
    const userId = orNotFound(() => request.params.userId, USER_NOT_FOUND);
    const body = request.body;
    await detailOr404(userId);
    return sendAnswer(reply, async () => {
      const outcome = await runWalletCommand(ctx, userId, {
        type: 'ChangeOverdraft', user_id: userId, limit_pence: body.limit, by: staff.id, reason: body.reason, now: ctx.clock.now().toISOString(),
      }, { user_id: staff.id, request_id: request.id });
      const caughtUp = await awaitWalletProjected(ctx, outcome.append);
      const listed = await detailOr404(userId);
      return { status: 200, body: caughtUp ? listed : walletDetailAfter(listed, outcome) };
    });
  });

  // Resumes (idempotency-keys.ts): the entry's id comes from the key, so a retry after a crash that followed the commit
  // records nothing again and answers the entry the first run made, not "carried out".
  app.post('/api/staff/wallets/:userId/adjustments/', { config: { idempotency: 'resumable' }, schema: { summary: 'Staff: credit or debit a wallet by hand', params: userIdParams, body: adjustmentBody, response: answers({ 201: adjustmentAnswerSchema }, 400, 401, 403, 404, 409) } }, async (request, reply) => {
    const staff = requireStaff(request);
    const userId = orNotFound(() => request.params.userId, USER_NOT_FOUND);
    const body = request.body;
    await detailOr404(userId);
    return sendAnswer(reply, async () => {
      const entryId = keyedId(ctx, request, 'wallet_adjustment');
      const common = {
        user_id: userId, entry_id: entryId, amount_pence: body.amount, kind: 'adjustment' as const,
        description: ADJUSTMENT_DESCRIPTION[body.direction], reference: null, by: staff.id, reason: body.reason, now: ctx.clock.now().toISOString(),
      };
      const decided = await runWalletCommand(ctx, userId, body.direction === 'credit' ? { type: 'CreditWallet', ...common } : { type: 'DebitWallet', ...common },
        { user_id: staff.id, request_id: request.id });
      // Nothing decided: the entry exists already (a resumed run), and the answer is that entry's.
      const outcome = decided.append ? decided : (await entryOutcome(ctx, userId, entryId)) ?? decided;
      const caughtUp = await awaitWalletProjected(ctx, outcome.append);
      // Views behind: the row and the wallet figures from what the command decided (decided-wallet.ts).
      const row = (caughtUp ? await findTransaction(ctx, userId, entryId) : undefined) ?? adjustmentRow(outcome);
      if (!row) throw new Error('adjustment decided nothing');
      const listed = await detailOr404(userId);
      const { transactions: _recent, ...wallet } = caughtUp ? listed : walletDetailAfter(listed, outcome);
      const answer: AdjustmentAnswer = { transaction: staffTransactionAnswer(row), wallet };
      return { status: 201, body: answer };
    });
  });
}
